package io.jvortex.internal.pco;

import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Decoder for Pcodec's "wrapped" format (pco 1.x, format versions up to 4.1): one header, then per
 * chunk a chunk-metadata component and data pages, each page decoded with its value count, which the
 * wrapping format stores. This is the one entry point of the package.
 *
 * <pre>{@code
 * PcoDecoder file = PcoDecoder.open(header);
 * PcoDecoder.Chunk chunk = file.chunk(chunkMeta, PcoDecoder.NumberType.I64);
 * chunk.decodePage(page, n, dst, dstByteOffset);   // n little-endian i64 values
 * }</pre>
 *
 * <p>Supported: every number type (8/16/32/64-bit ints, f16/f32/f64), every mode (Classic, IntMult,
 * FloatMult, FloatQuant, Dict) and delta encoding (none, consecutive of order 1..7, lookback, conv1).
 * Bad input fails with {@link VortexException}; no allocation is sized by an unchecked field.
 */
public final class PcoDecoder {
    /** Newest format major version this decoder reads. */
    static final int MAX_MAJOR = 4;

    private final int major;
    private final int minor;

    private PcoDecoder(int major, int minor) {
        this.major = major;
        this.minor = minor;
    }

    /** A number type pco compresses, with its byte in pco's standalone format. */
    public enum NumberType {
        /** {@code u8} (pco needs {@code enable_8_bit} to write it). */
        U8(8, Kind.UNSIGNED, 10),
        /** {@code u16}. */
        U16(16, Kind.UNSIGNED, 7),
        /** {@code u32}. */
        U32(32, Kind.UNSIGNED, 1),
        /** {@code u64}. */
        U64(64, Kind.UNSIGNED, 2),
        /** {@code i8}. */
        I8(8, Kind.SIGNED, 11),
        /** {@code i16}. */
        I16(16, Kind.SIGNED, 8),
        /** {@code i32}. */
        I32(32, Kind.SIGNED, 3),
        /** {@code i64}. */
        I64(64, Kind.SIGNED, 4),
        /** IEEE half float. */
        F16(16, Kind.FLOAT, 9),
        /** {@code f32}. */
        F32(32, Kind.FLOAT, 5),
        /** {@code f64}. */
        F64(64, Kind.FLOAT, 6);

        enum Kind { UNSIGNED, SIGNED, FLOAT }

        final int bits;
        final Kind kind;
        private final int standaloneByte;

        NumberType(int bits, Kind kind, int standaloneByte) {
            this.bits = bits;
            this.kind = kind;
            this.standaloneByte = standaloneByte;
        }

        /** @return the width of one value in bytes */
        public int byteWidth() {
            return bits / 8;
        }

        /**
         * @param b a number-type byte of pco's standalone format
         * @return the number type
         * @throws VortexException for an unknown byte
         */
        public static NumberType fromStandaloneByte(int b) {
            for (NumberType t : values()) {
                if (t.standaloneByte == b) {
                    return t;
                }
            }
            throw new VortexException("unknown pco number type byte " + b);
        }

        /** Mantissa bits (without the implicit one) of a float type. */
        int precisionBits() {
            return switch (bits) {
                case 16 -> 10;
                case 32 -> 23;
                default -> 52;
            };
        }
    }

    /**
     * Reads the wrapped-format header.
     *
     * @param header the header component
     * @return a decoder for the chunks written after it
     * @throws VortexException when the header is truncated or of a newer major version
     */
    public static PcoDecoder open(MemorySegment header) {
        Objects.requireNonNull(header, "header");
        BitReader r = BitReader.copyOf(header, 16, null, "header");
        int major = (int) r.read(8, "format major version");
        int minor = major >= 4 ? (int) r.read(8, "format minor version") : 0;
        if (major > MAX_MAJOR) {
            throw new VortexException("pco header: format version " + major + "." + minor
                    + " is newer than the supported " + MAX_MAJOR + ".x");
        }
        return new PcoDecoder(major, minor);
    }

    /** @return the format version, e.g. {@code "4.1"} */
    public String formatVersion() {
        return major + "." + minor;
    }

    /**
     * Reads a chunk's metadata.
     *
     * @param chunkMeta the chunk-metadata component
     * @param type the number type the chunk holds (the wrapping format knows it)
     * @return the chunk's page decoder
     * @throws VortexException when the metadata is corrupt or invalid for {@code type}
     */
    public Chunk chunk(MemorySegment chunkMeta, NumberType type) {
        Objects.requireNonNull(chunkMeta, "chunkMeta");
        Objects.requireNonNull(type, "type");
        return new Chunk(ChunkMeta.read(chunkMeta, major, type), type);
    }

    /**
     * The pages of one chunk. Decodes pages one at a time; not thread-safe (it keeps scratch
     * buffers), but cheap to create again from the same metadata.
     */
    public static final class Chunk {
        private final ChunkMeta meta;
        private final NumberType type;
        private final PageDecoder pages;

        private Chunk(ChunkMeta meta, NumberType type) {
            this.meta = meta;
            this.type = type;
            this.pages = new PageDecoder(meta, type);
        }

        /** @return the number type */
        public NumberType type() {
            return type;
        }

        /** @return a short description of the chunk's mode, e.g. {@code IntMult(1000)} */
        public String mode() {
            return meta.describeMode();
        }

        /** @return a short description of the chunk's delta encoding, e.g. {@code Consecutive2} */
        public String deltaEncoding() {
            return meta.describeDelta();
        }

        /**
         * Decodes one page.
         *
         * @param page the page component
         * @param valueCount the page's value count (stored by the wrapping format)
         * @param dst where the values go, little-endian, {@code byteWidth()} bytes each
         * @param dstByteOffset where the first value goes
         * @throws VortexException when the page is corrupt
         * @throws IndexOutOfBoundsException when {@code dst} is too small
         */
        public void decodePage(MemorySegment page, int valueCount, MemorySegment dst, long dstByteOffset) {
            Objects.requireNonNull(page, "page");
            Objects.requireNonNull(dst, "dst");
            if (valueCount < 0) {
                throw new IllegalArgumentException("valueCount " + valueCount);
            }
            Objects.checkFromIndexSize(dstByteOffset, (long) valueCount * type.byteWidth(), dst.byteSize());
            pages.decode(page, valueCount, dst, dstByteOffset);
        }
    }
}
