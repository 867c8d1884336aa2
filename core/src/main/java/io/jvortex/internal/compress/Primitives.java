package io.jvortex.internal.compress;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Moving primitive values between arrays and {@code long[]} for the integer schemes' encoders. */
public final class Primitives {
    private Primitives() {
    }

    /**
     * @param p a primitive array
     * @return its values as {@link PrimitiveArray#getLong} gives them (signed types sign-extended,
     *         unsigned zero-extended, floats as raw bits); values at null rows as stored
     */
    public static long[] toLongs(PrimitiveArray p) {
        return toLongs(p, new long[p.length()]);
    }

    /**
     * {@link #toLongs(PrimitiveArray)} into a caller's array: values are copied out of the segment in
     * bulk and widened on the heap (per-value segment reads cost a bounds and alignment check each).
     *
     * @param p a primitive array
     * @param out at least {@code p.length()} longs; the first {@code p.length()} are overwritten
     * @return {@code out}
     */
    public static long[] toLongs(PrimitiveArray p, long[] out) {
        int n = p.length();
        MemorySegment v = p.values();
        switch (p.ptype()) {
            case I8, U8 -> {
                byte[] tmp = new byte[n];
                MemorySegment.copy(v, ValueLayout.JAVA_BYTE, 0, tmp, 0, n);
                if (p.ptype() == io.jvortex.dtype.PType.I8) {
                    for (int i = 0; i < n; i++) {
                        out[i] = tmp[i];
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        out[i] = tmp[i] & 0xFFL;
                    }
                }
            }
            case I16, U16, F16 -> {
                short[] tmp = new short[n];
                MemorySegment.copy(v, ValueLayout.JAVA_SHORT_UNALIGNED, 0, tmp, 0, n);
                if (p.ptype() == io.jvortex.dtype.PType.I16) {
                    for (int i = 0; i < n; i++) {
                        out[i] = tmp[i];
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        out[i] = tmp[i] & 0xFFFFL;
                    }
                }
            }
            case I32, U32, F32 -> {
                int[] tmp = new int[n];
                MemorySegment.copy(v, ValueLayout.JAVA_INT_UNALIGNED, 0, tmp, 0, n);
                if (p.ptype() == io.jvortex.dtype.PType.I32) {
                    for (int i = 0; i < n; i++) {
                        out[i] = tmp[i];
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        out[i] = tmp[i] & 0xFFFF_FFFFL;
                    }
                }
            }
            case I64, U64, F64 -> MemorySegment.copy(v, ValueLayout.JAVA_LONG_UNALIGNED, 0, out, 0, n);
        }
        return out;
    }

    /**
     * @param dtype the array's dtype
     * @param values the values (each truncated to the ptype's width)
     * @param length how many of them
     * @param validity the array's validity
     * @return a heap-backed primitive array
     */
    public static PrimitiveArray fromLongs(DType.Primitive dtype, long[] values, int length, Validity validity) {
        int w = dtype.ptype().byteWidth();
        MemorySegment out = MemorySegment.ofArray(new long[(int) (((long) length * w + 7) >>> 3)])
                .asSlice(0, (long) length * w);
        switch (w) {
            case 1 -> {
                for (int i = 0; i < length; i++) {
                    out.set(ValueLayout.JAVA_BYTE, i, (byte) values[i]);
                }
            }
            case 2 -> {
                for (int i = 0; i < length; i++) {
                    out.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i, (short) values[i]);
                }
            }
            case 4 -> {
                for (int i = 0; i < length; i++) {
                    out.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, (int) values[i]);
                }
            }
            default -> MemorySegment.copy(values, 0, out, ValueLayout.JAVA_LONG_UNALIGNED, 0, length);
        }
        return new PrimitiveArray(dtype, out, length, validity);
    }

    /**
     * @param maxUnsigned the largest value to hold, as an unsigned 64-bit number
     * @return the narrowest unsigned type holding it
     */
    public static PType unsignedFor(long maxUnsigned) {
        if (Long.compareUnsigned(maxUnsigned, 0xFF) <= 0) {
            return PType.U8;
        }
        if (Long.compareUnsigned(maxUnsigned, 0xFFFF) <= 0) {
            return PType.U16;
        }
        return Long.compareUnsigned(maxUnsigned, 0xFFFF_FFFFL) <= 0 ? PType.U32 : PType.U64;
    }

    /**
     * Non-negative values (indices, codes, run ends) at the narrowest unsigned type holding the
     * largest, as the reference narrows them before compressing.
     *
     * @param values the values, each ≥ 0
     * @param length how many of them
     * @param nullable whether the dtype is nullable
     * @param validity the validity ({@link Validity#ALL_VALID} when not nullable)
     * @return the array
     */
    public static PrimitiveArray narrowUnsigned(long[] values, int length, boolean nullable, Validity validity) {
        long max = 0;
        for (int i = 0; i < length; i++) {
            max = Math.max(max, values[i]);
        }
        return fromLongs(new DType.Primitive(unsignedFor(max), nullable), values, length, validity);
    }
}
