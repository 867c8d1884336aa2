package io.jvortex.array;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Integers or floats, little-endian, densely packed at the ptype's width.
 *
 * @param dtype a {@link DType.Primitive}
 * @param values {@code length * ptype.byteWidth()} bytes
 * @param length rows
 * @param validity which rows are valid
 */
public record PrimitiveArray(DType.Primitive dtype, MemorySegment values, int length, Validity validity)
        implements Canonical {

    /** Checks that the buffer holds exactly {@code length} values. */
    public PrimitiveArray {
        long want = (long) length * dtype.ptype().byteWidth();
        if (values.byteSize() != want) {
            throw new IllegalArgumentException("primitive buffer of " + values.byteSize() + " bytes for "
                    + length + " " + dtype.ptype().displayName() + " values");
        }
    }

    /** @return the physical type */
    public PType ptype() {
        return dtype.ptype();
    }

    /**
     * Integer value, sign-extended for signed types and zero-extended for unsigned ones (u64 as raw
     * bits); f16/f32/f64 return their raw bits.
     *
     * @param i a row
     * @return the value
     */
    public long getLong(int i) {
        return switch (dtype.ptype()) {
            case I8 -> values.get(ValueLayout.JAVA_BYTE, i);
            case U8 -> Byte.toUnsignedLong(values.get(ValueLayout.JAVA_BYTE, i));
            case I16 -> values.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i);
            case U16, F16 -> Short.toUnsignedLong(values.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i));
            case I32 -> values.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i);
            case U32, F32 -> Integer.toUnsignedLong(values.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i));
            case I64, U64, F64 -> values.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i);
        };
    }

    /**
     * @param i a row
     * @return the value as a double (integers converted, u64 as unsigned)
     */
    public double getDouble(int i) {
        return switch (dtype.ptype()) {
            case F16 -> Float.float16ToFloat(values.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i));
            case F32 -> values.get(ValueLayout.JAVA_FLOAT_UNALIGNED, 4L * i);
            case F64 -> values.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, 8L * i);
            case U64 -> {
                long v = getLong(i);
                yield v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
            }
            default -> getLong(i);
        };
    }

    @Override
    public PrimitiveArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        int w = dtype.ptype().byteWidth();
        return new PrimitiveArray(dtype, values.asSlice((long) start * w, (long) len * w), len,
                validity.slice(start, len));
    }
}
