package io.jvortex.internal.encodings.alp;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.PatchesMetadata;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the patches sub-structure (vortex-format §6.2) of {@code vortex.alp} and {@code vortex.alprd} the way
 * the reference's compressor stores it: indices narrowed to the smallest unsigned type that holds the largest
 * position, values as a {@code vortex.constant} when they are all the same bit pattern and canonical otherwise,
 * and, when asked, the per-1024-row chunk offsets (narrowed the same way).
 */
public final class AlpPatches {
    /** Rows per chunk of the chunk-offsets acceleration structure. */
    public static final int CHUNK = 1024;

    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private AlpPatches() {
    }

    /**
     * The {@code PatchesMetadata} message and the children of a non-empty set of patches.
     *
     * @param metadata the message, to be nested in the owning encoding's metadata
     * @param children {@code [indices, values]} or {@code [indices, values, chunk_offsets]}
     */
    public record Written(PatchesMetadata metadata, List<WriteNode> children) {
        /** Copies the children. */
        public Written {
            children = List.copyOf(children);
        }
    }

    /**
     * @param positions strictly increasing rows in {@code [0, arrayLength)}, at least one
     * @param values one non-null value per position (any primitive type; the owning encoding fixes the dtype)
     * @param arrayLength the length of the patched array
     * @param chunkOffsets whether to add the chunk-offsets child (read by 0.54+ readers only)
     * @return the metadata and the children
     */
    public static Written write(int[] positions, PrimitiveArray values, int arrayLength, boolean chunkOffsets) {
        if (positions.length == 0 || values.length() != positions.length) {
            throw new IllegalArgumentException("patches: " + positions.length + " positions, " + values.length()
                    + " values");
        }
        PrimitiveArray indices = unsigned(toLongs(positions), positions[positions.length - 1]);
        PatchesMetadata meta = PatchesMetadata.of(positions.length, indices.ptype());
        List<WriteNode> children = new ArrayList<>(3);
        children.add(CanonicalEncoder.encode(indices));
        children.add(valuesNode(values));
        if (chunkOffsets) {
            int chunks = (arrayLength + CHUNK - 1) / CHUNK;
            long[] offsets = new long[chunks];
            int k = 0;
            for (int c = 0; c < chunks; c++) {
                while (k < positions.length && positions[k] < (long) c * CHUNK) {
                    k++;
                }
                offsets[c] = k;
            }
            PrimitiveArray offsetArray = unsigned(offsets, chunks == 0 ? 0 : offsets[chunks - 1]);
            meta = PatchesMetadata.withChunkOffsets(positions.length, indices.ptype(), chunks, offsetArray.ptype());
            children.add(CanonicalEncoder.encode(offsetArray));
        }
        return new Written(meta, children);
    }

    /** A constant when every value has the same bits (and survives boxing bit for bit), else canonical. */
    private static WriteNode valuesNode(PrimitiveArray values) {
        long first = values.getLong(0);
        for (int i = 1; i < values.length(); i++) {
            if (values.getLong(i) != first) {
                return CanonicalEncoder.encode(values);
            }
        }
        Object boxed = switch (values.ptype()) {
            case F32 -> {
                float f = Float.intBitsToFloat((int) first);
                yield Float.floatToRawIntBits(f) == (int) first ? f : null;
            }
            case F64 -> {
                double d = Double.longBitsToDouble(first);
                yield Double.doubleToRawLongBits(d) == first ? d : null;
            }
            case F16 -> null;
            default -> first;
        };
        return boxed == null ? CanonicalEncoder.encode(values)
                : CanonicalEncoder.constant(new Scalar(values.dtype(), boxed));
    }

    private static long[] toLongs(int[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }

    /**
     * @param values non-negative values
     * @param max their maximum
     * @return them as a non-null array of the narrowest unsigned type holding {@code max}
     */
    static PrimitiveArray unsigned(long[] values, long max) {
        PType type = max <= 0xFF ? PType.U8 : max <= 0xFFFF ? PType.U16 : max <= 0xFFFF_FFFFL ? PType.U32 : PType.U64;
        MemorySegment out = MemorySegment.ofArray(new byte[values.length * type.byteWidth()]);
        for (int i = 0; i < values.length; i++) {
            switch (type) {
                case U8 -> out.set(ValueLayout.JAVA_BYTE, i, (byte) values[i]);
                case U16 -> out.set(U16, 2L * i, (short) values[i]);
                case U32 -> out.set(U32, 4L * i, (int) values[i]);
                default -> out.set(U64, 8L * i, values[i]);
            }
        }
        return new PrimitiveArray(new DType.Primitive(type, false), out, values.length, Validity.ALL_VALID);
    }
}
