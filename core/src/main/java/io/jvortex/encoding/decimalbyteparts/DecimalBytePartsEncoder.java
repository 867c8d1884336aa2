package io.jvortex.encoding.decimalbyteparts;

import io.jvortex.array.DecimalArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.protobuf.ProtoWriter;
import io.jvortex.write.CanonicalEncoder;
import io.jvortex.write.WriteNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Encodes decimals as {@code vortex.decimal_byte_parts}: the unscaled values, narrowed to the smallest signed
 * integer type ({@code i8} … {@code i64}) that holds every valid value, become the one {@code msp} child. Null
 * rows store 0. Decimals with a valid value outside {@code i64} cannot be encoded this way.
 */
public final class DecimalBytePartsEncoder {
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private DecimalBytePartsEncoder() {
    }

    /**
     * @param decimals a decimal array
     * @return its unscaled values as the narrowest signed integer array, with the decimal's nullability and
     *         validity, or {@code null} when a valid value does not fit {@code i64}
     */
    public static PrimitiveArray mostSignificantPart(DecimalArray decimals) {
        int n = decimals.length();
        boolean[] mask = validMask(decimals);
        long[] values = new long[n];
        long min = 0;
        long max = 0;
        boolean any = false;
        MemorySegment src = decimals.values();
        int width = decimals.valueByteWidth();
        for (int i = 0; i < n; i++) {
            if (mask != null && !mask[i]) {
                continue;
            }
            long v;
            if (width <= 8) {
                v = decimals.getUnscaledLong(i);
            } else {
                long base = (long) i * width;
                v = src.get(I64, base);
                long sign = v >> 63;
                for (int k = 8; k < width; k += 8) {
                    if (src.get(I64, base + k) != sign) {
                        return null;
                    }
                }
            }
            values[i] = v;
            min = any ? Math.min(min, v) : v;
            max = any ? Math.max(max, v) : v;
            any = true;
        }
        PType type = min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE ? PType.I8
                : min >= Short.MIN_VALUE && max <= Short.MAX_VALUE ? PType.I16
                : min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE ? PType.I32 : PType.I64;
        MemorySegment out = MemorySegment.ofArray(new byte[n * type.byteWidth()]);
        switch (type) {
            case I8 -> {
                for (int i = 0; i < n; i++) {
                    out.set(ValueLayout.JAVA_BYTE, i, (byte) values[i]);
                }
            }
            case I16 -> {
                for (int i = 0; i < n; i++) {
                    out.set(I16, 2L * i, (short) values[i]);
                }
            }
            case I32 -> {
                for (int i = 0; i < n; i++) {
                    out.set(I32, 4L * i, (int) values[i]);
                }
            }
            default -> MemorySegment.copy(values, 0, out, I64, 0, n);
        }
        return new PrimitiveArray(new DType.Primitive(type, decimals.dtype().nullable()), out, n,
                decimals.validity());
    }

    /**
     * @param msp the node of the most significant part
     * @param mspType its signed integer type
     * @return the {@code vortex.decimal_byte_parts} node
     */
    public static WriteNode node(WriteNode msp, PType mspType) {
        if (!mspType.isInteger() || !mspType.isSigned()) {
            throw new IllegalArgumentException("msp type must be a signed integer, got " + mspType);
        }
        byte[] meta = new ProtoWriter().varint(1, mspType.id()).toByteArray();
        return WriteNode.of(DecimalBytePartsEncoding.ID, meta, List.of(), List.of(msp));
    }

    /**
     * Encodes without compressing the integers (for tests and tools).
     *
     * @param decimals a decimal array
     * @return the node with a canonical child, or {@code null} when a value does not fit {@code i64}
     */
    public static WriteNode encodeCanonical(DecimalArray decimals) {
        PrimitiveArray msp = mostSignificantPart(decimals);
        return msp == null ? null : node(CanonicalEncoder.encode(msp), msp.ptype());
    }

    /** Row validity read once from the bitmap, or {@code null} when every row is valid. */
    private static boolean[] validMask(io.jvortex.array.Canonical array) {
        if (!array.dtype().nullable()) {
            return null;
        }
        return switch (array.validity()) {
            case Validity.AllValid v -> null;
            case Validity.AllInvalid v -> new boolean[array.length()];
            case Validity.Bitmap b -> {
                boolean[] mask = new boolean[array.length()];
                for (int i = 0; i < mask.length; i++) {
                    mask[i] = Validity.Bits.get(b.bits(), b.bitOffset() + i);
                }
                yield mask;
            }
        };
    }
}
