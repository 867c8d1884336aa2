package io.jvortex.internal.encodings.zstd;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.internal.encodings.varbin.Utf8;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import io.jvortex.internal.zstd.Zstd;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code vortex.zstd}: the valid values of a primitive, utf8 or binary array compressed as one or
 * more zstd frames, optionally sharing a dictionary. Frames are decompressed with the pure-Java
 * {@link Zstd} decoder straight into buffers from the decode context; primitives come back as a
 * {@link PrimitiveArray} (values scattered to the valid rows when there are nulls), strings as a
 * {@link VarBinViewArray} whose views point into the decompressed bytes (no copy of the values).
 */
public final class ZstdEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.zstd";

    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Creates the (stateless) encoding; the registry holds one instance. */
    public ZstdEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        int width = switch (dtype) {
            case DType.Primitive p -> p.ptype().byteWidth();
            case DType.Utf8 u -> 0;
            case DType.Binary b -> 0;
            default -> throw node.error(ID + " cannot hold " + dtype.display() + ", expected a primitive, utf8 or binary");
        };
        ZstdMetadata metadata = ZstdMetadata.parse(node.metadata());
        ctx.expectChildren(node, 0, 1);
        Validity validity = ctx.validity(node, 0, dtype.nullable(), length);
        int validCount = length - validity.nullCount(length);

        int dictionaryBuffers = metadata.dictionarySize() == 0 ? 0 : 1;
        List<ZstdMetadata.Frame> frames = metadata.frames();
        ctx.expectBuffers(node, dictionaryBuffers + frames.size());
        Zstd decoder = dictionaryBuffers == 0 ? Zstd.decoder()
                : dictionaryDecoder(node, ctx.bufferOfSize(node, 0, metadata.dictionarySize()));
        long total = 0;
        for (int i = 0; i < frames.size(); i++) {
            long size = frames.get(i).uncompressedSize();
            if (size < 0 || size > Long.MAX_VALUE - total) {
                throw node.error("frame " + i + " uncompressed_size " + Long.toUnsignedString(size) + " overflows");
            }
            long compressed = node.buffer(dictionaryBuffers + i).byteSize();
            if (size > Zstd.maxDecompressedSize(compressed)) {
                // checked before allocating: a few bytes cannot claim gigabytes
                throw node.error("frame " + i + " uncompressed_size " + size + " is more than " + compressed
                        + " compressed bytes can hold (at most " + Zstd.maxDecompressedSize(compressed) + ")");
            }
            total += size;
        }
        long declaredValues = 0;
        boolean allCounted = true;
        for (ZstdMetadata.Frame f : frames) {
            allCounted &= f.valueCount() != 0;
            declaredValues += f.valueCount();
        }
        if (allCounted && !frames.isEmpty() && declaredValues != validCount) {
            throw node.error("frames hold " + Long.toUnsignedString(declaredValues) + " values (n_values), but "
                    + validCount + " of the " + length + " rows are valid");
        }

        if (width > 0) {
            long want = (long) validCount * width;
            if (total != want) {
                throw node.error("frames decompress to " + total + " bytes, expected " + want + " (" + validCount
                        + " valid values of " + width + " bytes)");
            }
            DType.Primitive ptype = (DType.Primitive) dtype;
            if (validCount == length) {
                // the frames fill it: their sizes add up to it and each frame's is checked
                MemorySegment values = ctx.allocateUninitialized(want);
                decompressFrames(node, decoder, dictionaryBuffers, frames, values);
                return new PrimitiveArray(ptype, values, length, validity);
            }
            MemorySegment packed = ctx.allocateUninitialized(want);
            decompressFrames(node, decoder, dictionaryBuffers, frames, packed);
            MemorySegment values = ctx.allocate((long) length * width);
            scatter(packed, values, width, validity, length);
            return new PrimitiveArray(ptype, values, length, validity);
        }

        if (total > 0xFFFF_FFFFL) {
            throw node.error("frames decompress to " + total + " bytes; string views address at most 4 GiB");
        }
        // filled by the frames; the views stay zeroed (null rows and inline padding are not written)
        MemorySegment bytes = ctx.allocateUninitialized(total);
        decompressFrames(node, decoder, dictionaryBuffers, frames, bytes);
        MemorySegment views = ctx.allocate(16L * length);
        buildViews(node, bytes, views, validity, length, validCount, dtype instanceof DType.Utf8);
        return new VarBinViewArray(dtype, views, List.of(bytes), length, validity);
    }

    private static Zstd dictionaryDecoder(ArrayNode node, MemorySegment dictionary) {
        try {
            return Zstd.decoder(dictionary);
        } catch (VortexException e) {
            throw located(node, 0, "dictionary: " + e.problem(), e);
        }
    }

    /** Decompresses every frame, back to back, into {@code dst}, which holds exactly their content. */
    private static void decompressFrames(ArrayNode node, Zstd decoder, int firstFrameBuffer,
                                         List<ZstdMetadata.Frame> frames, MemorySegment dst) {
        long offset = 0;
        for (int i = 0; i < frames.size(); i++) {
            long size = frames.get(i).uncompressedSize();
            int buffer = firstFrameBuffer + i;
            long written;
            try {
                written = decoder.decode(node.buffer(buffer), dst.asSlice(offset, size));
            } catch (VortexException e) {
                throw located(node, buffer, "frame " + i + ": " + e.problem(), e);
            }
            if (written != size) {
                throw new VortexException(node.source(), node.bufferOffset(buffer), node.path(), "frame " + i
                        + " decompressed to " + written + " bytes, metadata says " + size, null);
            }
            offset += size;
        }
    }

    private static VortexException located(ArrayNode node, int buffer, String problem, VortexException cause) {
        long at = node.bufferOffset(buffer);
        if (cause.byteOffset() >= 0) {
            at += cause.byteOffset();
        }
        return new VortexException(node.source(), at, node.path(), problem, cause);
    }

    /** Copies the packed valid values to their rows; null rows stay zero. */
    private static void scatter(MemorySegment packed, MemorySegment values, int width, Validity validity, int length) {
        if (validity instanceof Validity.AllInvalid) {
            return;
        }
        Validity.Bitmap bitmap = (Validity.Bitmap) validity;
        MemorySegment bits = bitmap.bits();
        long bitOffset = bitmap.bitOffset();
        long k = 0;
        switch (width) {
            case 1 -> {
                for (int i = 0; i < length; i++) {
                    if (Validity.Bits.get(bits, bitOffset + i)) {
                        values.set(ValueLayout.JAVA_BYTE, i, packed.get(ValueLayout.JAVA_BYTE, k++));
                    }
                }
            }
            case 2 -> {
                for (int i = 0; i < length; i++) {
                    if (Validity.Bits.get(bits, bitOffset + i)) {
                        values.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i,
                                packed.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2 * k++));
                    }
                }
            }
            case 4 -> {
                for (int i = 0; i < length; i++) {
                    if (Validity.Bits.get(bits, bitOffset + i)) {
                        values.set(INT, 4L * i, packed.get(INT, 4 * k++));
                    }
                }
            }
            case 8 -> {
                for (int i = 0; i < length; i++) {
                    if (Validity.Bits.get(bits, bitOffset + i)) {
                        values.set(LONG, 8L * i, packed.get(LONG, 8 * k++));
                    }
                }
            }
            default -> {
                for (int i = 0; i < length; i++) {
                    if (Validity.Bits.get(bits, bitOffset + i)) {
                        MemorySegment.copy(packed, width * k++, values, (long) width * i, width);
                    }
                }
            }
        }
    }

    /**
     * Parses the {@code u32 length + bytes} records of the valid values and writes one view per row
     * (null rows keep an all-zero, empty view). The records must cover the bytes exactly.
     */
    private static void buildViews(ArrayNode node, MemorySegment bytes, MemorySegment views, Validity validity,
                                   int length, int validCount, boolean utf8) {
        long total = bytes.byteSize();
        long pos = 0;
        int value = 0;
        MemorySegment bits = validity instanceof Validity.Bitmap b ? b.bits() : null;
        long bitOffset = validity instanceof Validity.Bitmap b ? b.bitOffset() : 0;
        boolean none = validity instanceof Validity.AllInvalid;
        // One pass over everything first: when every byte (length prefixes included) is ASCII, so is
        // every value, and the per-value checks, which dominated decoding short strings, are skipped.
        boolean check = utf8 && !Utf8.isAscii(bytes, 0, total);
        for (int i = 0; i < length && !none; i++) {
            if (bits != null && !Validity.Bits.get(bits, bitOffset + i)) {
                continue;
            }
            if (total - pos < 4) {
                throw node.error("decompressed values end after " + value + " of " + validCount
                        + " values (no room for the next length prefix at byte " + pos + ")");
            }
            long size = Integer.toUnsignedLong(bytes.get(INT, pos));
            long start = pos + 4;
            if (size > total - start) {
                throw node.error("value " + value + " (row " + i + ") has length " + size + " at byte " + pos
                        + " but only " + (total - start) + " bytes follow");
            }
            if (check && !Utf8.isValid(bytes, start, start + size)) {
                throw node.error("value " + value + " (row " + i + ") is not valid UTF-8");
            }
            long v = 16L * i;
            views.set(INT, v, (int) size);
            if (size <= VarBinViewArray.MAX_INLINE) {
                MemorySegment.copy(bytes, start, views, v + 4, size);
            } else {
                views.set(INT, v + 4, bytes.get(INT, start));
                views.set(INT, v + 8, 0);
                views.set(INT, v + 12, (int) start);
            }
            pos = start + size;
            value++;
        }
        if (pos != total) {
            throw node.error("decompressed values hold " + (total - pos) + " bytes after the " + validCount
                    + " valid values");
        }
    }

    /**
     * The parsed {@code ZstdMetadata} message.
     *
     * @param dictionarySize bytes of the dictionary buffer, 0 when there is none
     * @param frames one entry per frame buffer
     */
    record ZstdMetadata(long dictionarySize, List<Frame> frames) {
        /**
         * One {@code ZstdFrameMetadata}.
         *
         * @param uncompressedSize bytes the frame decompresses to
         * @param valueCount valid values in the frame (0 in old files)
         */
        record Frame(long uncompressedSize, long valueCount) {
        }

        static ZstdMetadata parse(MemorySegment bytes) {
            long dictionarySize = 0;
            List<Frame> frames = new ArrayList<>();
            ProtoReader r = new ProtoReader(bytes, "ZstdMetadata");
            while (r.next()) {
                switch (r.field()) {
                    case 1 -> dictionarySize = r.varint() & 0xFFFF_FFFFL;
                    case 2 -> {
                        long size = 0;
                        long values = 0;
                        ProtoReader f = new ProtoReader(r.bytes(), "ZstdFrameMetadata");
                        while (f.next()) {
                            switch (f.field()) {
                                case 1 -> size = f.varint();
                                case 2 -> values = f.varint();
                                default -> f.skip();
                            }
                        }
                        frames.add(new Frame(size, values));
                    }
                    default -> r.skip();
                }
            }
            return new ZstdMetadata(dictionarySize, List.copyOf(frames));
        }

        /** @return the message bytes, as the scheme writes them (a zero dictionary size omitted) */
        byte[] serialize() {
            ProtoWriter metadata = new ProtoWriter().varint(1, dictionarySize);
            for (Frame frame : frames) {
                metadata.message(2, new ProtoWriter().varint(1, frame.uncompressedSize()).varint(2, frame.valueCount()));
            }
            return metadata.toByteArray();
        }
    }
}
