package io.jvortex.internal.zstd;

import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * A pure-Java Zstandard decoder (RFC 8878): single-segment and windowed frames, raw, RLE and
 * compressed blocks, Huffman literals (1 and 4 streams, treeless repeats), predefined, RLE,
 * compressed and repeated FSE tables, repeat offsets, skippable frames, concatenated frames, raw
 * and formatted dictionaries, and the XXH64 content checksum (verified when present).
 *
 * <p>The caller sizes the destination (in Vortex from the array metadata); decoding never writes
 * past it, and memory use is bounded by the destination size and the input size, not by sizes
 * declared inside the frame. Malformed input of any kind raises {@link VortexException} whose
 * {@link VortexException#byteOffset() byteOffset} is the position <em>in {@code src}</em> where decoding
 * stopped (callers that know where {@code src} lives add that base) and whose message also gives the
 * position relative to the frame.
 *
 * <pre>{@code
 * long n = Zstd.decompress(frame, dst);                    // no dictionary
 * Zstd decoder = Zstd.decoder(dictionaryBytes);            // parse a dictionary once
 * for (MemorySegment f : frames) decoder.decode(f, dst.asSlice(pos, size));
 * }</pre>
 *
 * <p>Instances keep scratch buffers between calls and are not thread-safe; the static methods are.
 */
public final class Zstd {
    private final ZstdDecoder decoder;

    private Zstd(ZstdDictionary dictionary) {
        this.decoder = new ZstdDecoder(dictionary);
    }

    /**
     * @return a reusable decoder without dictionary
     */
    public static Zstd decoder() {
        return new Zstd(null);
    }

    /**
     * Parses a dictionary once for many frames. A dictionary that starts with the magic number
     * {@code 0xEC30A437} is a formatted dictionary (id, entropy tables, repeat offsets, content);
     * anything else is raw content.
     *
     * @param dictionary the dictionary bytes (copied)
     * @return a reusable decoder using it
     * @throws VortexException if a formatted dictionary is malformed
     */
    public static Zstd decoder(MemorySegment dictionary) {
        Objects.requireNonNull(dictionary, "dictionary");
        byte[] bytes = toArray(dictionary, "dictionary");
        try {
            return new Zstd(ZstdDictionary.parse(bytes));
        } catch (ZstdCorruption e) {
            throw new VortexException(null, e.position, null, "zstd dictionary: " + e.getMessage()
                    + " (at dictionary byte " + e.position + ")", null);
        } catch (IndexOutOfBoundsException e) {
            throw new VortexException("zstd dictionary: malformed (" + e.getMessage() + ")");
        }
    }

    /**
     * Decompresses every frame in {@code src} into {@code dst}.
     *
     * @param src one or more zstd (or skippable) frames, back to back
     * @param dst where the content goes, from offset 0; must be large enough
     * @return the number of bytes written
     * @throws VortexException if {@code src} is malformed, needs a dictionary, or decodes to more
     *     than {@code dst} holds
     */
    public static long decompress(MemorySegment src, MemorySegment dst) {
        return decoder().decode(src, dst);
    }

    /**
     * Decompresses with a dictionary (parsed on every call; use {@link #decoder(MemorySegment)} for
     * many frames).
     *
     * @param src the frames
     * @param dst where the content goes
     * @param dictionary the dictionary
     * @return the number of bytes written
     */
    public static long decompress(MemorySegment src, MemorySegment dst, MemorySegment dictionary) {
        return decoder(dictionary).decode(src, dst);
    }

    /**
     * Decompresses every frame in {@code src} into {@code dst}.
     *
     * @param src one or more zstd (or skippable) frames, back to back
     * @param dst where the content goes, from offset 0
     * @return the number of bytes written
     * @throws VortexException if {@code src} is malformed or decodes to more than {@code dst} holds
     */
    public long decode(MemorySegment src, MemorySegment dst) {
        Objects.requireNonNull(src, "src");
        Objects.requireNonNull(dst, "dst");
        byte[] in = toArray(src, "src");
        try {
            return decoder.decode(in, dst);
        } catch (ZstdCorruption e) {
            long frameOffset = e.position - decoder.frameStart;
            String where = decoder.frameStart == 0 ? "frame byte " + frameOffset
                    : "frame byte " + frameOffset + " of the frame at src byte " + decoder.frameStart;
            throw new VortexException(null, e.position, null, "zstd: " + e.getMessage() + " (at " + where + ")", null);
        } catch (IndexOutOfBoundsException | NegativeArraySizeException | ArithmeticException e) {
            // Safety net: input the checks did not anticipate still fails as a VortexException.
            throw new VortexException(null, decoder.frameStart, null,
                    "zstd: malformed frame at src byte " + decoder.frameStart + " (" + e + ")", e);
        }
    }

    /**
     * The most bytes {@code compressedBytes} of Zstandard frames can decompress to: every block needs at
     * least 4 bytes (a 3-byte header and an RLE byte, more for a compressed block) and regenerates at
     * most 128 KiB, so the ratio is at most 32768. A size claimed beyond it is a corrupt or hostile
     * length field, refused before anything is allocated for it.
     *
     * @param compressedBytes the size of the compressed input
     * @return the bound (saturating)
     */
    public static long maxDecompressedSize(long compressedBytes) {
        long blocks = Math.max(0, compressedBytes) / 4;
        return blocks > Long.MAX_VALUE / ZstdDecoder.MAX_BLOCK ? Long.MAX_VALUE : blocks * ZstdDecoder.MAX_BLOCK;
    }

    /**
     * Reads the content size a frame header declares.
     *
     * @param src a buffer starting with a zstd frame
     * @return the declared size, or -1 when the header does not declare it
     * @throws VortexException if {@code src} does not start with a zstd frame header
     */
    public static long frameContentSize(MemorySegment src) {
        long n = src.byteSize();
        if (n < 5 || src.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN), 0)
                != ZstdDecoder.MAGIC) {
            throw new VortexException(null, 0, null, "zstd: not a zstd frame (bad magic number or too short)", null);
        }
        int fhd = src.get(ValueLayout.JAVA_BYTE, 4) & 0xFF;
        int fcsFlag = fhd >>> 6;
        boolean single = (fhd & 0x20) != 0;
        int didSize = switch (fhd & 3) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> 2;
            default -> 4;
        };
        int fcsSize = fcsFlag == 0 ? (single ? 1 : 0) : 1 << fcsFlag;
        if (fcsSize == 0) {
            return -1;
        }
        long at = 5 + (single ? 0 : 1) + didSize;
        if (n < at + fcsSize) {
            throw new VortexException(null, 4, null, "zstd: frame header truncated", null);
        }
        long v = 0;
        for (int k = 0; k < fcsSize; k++) {
            v |= (src.get(ValueLayout.JAVA_BYTE, at + k) & 0xFFL) << (8 * k);
        }
        return fcsSize == 2 ? v + 256 : v;
    }

    private static byte[] toArray(MemorySegment segment, String what) {
        if (segment.byteSize() > ZstdDecoder.MAX_FRAME_OUTPUT) {
            throw new VortexException("zstd: " + what + " of " + segment.byteSize() + " bytes exceeds the supported "
                    + ZstdDecoder.MAX_FRAME_OUTPUT);
        }
        return segment.toArray(ValueLayout.JAVA_BYTE);
    }
}
