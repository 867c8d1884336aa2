package io.jvortex.array;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One-pass checks of integer arrays that decoders follow as offsets: list and string offsets,
 * list views. Values are read with their ptype's signedness; a negative value always fails.
 */
public final class Offsets {
    private Offsets() {
    }

    /**
     * Checks offsets: every value in {@code [0, limit]} and non-decreasing.
     *
     * @param offsets integer offsets
     * @param limit the largest allowed value
     * @return -1 when valid, else the first offending row
     */
    public static int firstBadOffset(PrimitiveArray offsets, long limit) {
        MemorySegment s = offsets.values();
        int n = offsets.length();
        boolean signed = offsets.ptype().isSigned();
        long prev = 0;
        switch (offsets.ptype().byteWidth()) {
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    byte b = s.get(ValueLayout.JAVA_BYTE, i);
                    long v = signed ? b : b & 0xFF;
                    if (v < prev || v > limit) {
                        return i;
                    }
                    prev = v;
                }
            }
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    short x = s.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i);
                    long v = signed ? x : x & 0xFFFF;
                    if (v < prev || v > limit) {
                        return i;
                    }
                    prev = v;
                }
            }
            case 4 -> {
                for (int i = 0; i < n; i++) {
                    int x = s.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i);
                    long v = signed ? x : Integer.toUnsignedLong(x);
                    if (v < prev || v > limit) {
                        return i;
                    }
                    prev = v;
                }
            }
            default -> {
                // u64 values above Long.MAX_VALUE read as negative and fail like negative i64 values.
                for (int i = 0; i < n; i++) {
                    long v = s.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i);
                    if (v < prev || v > limit) {
                        return i;
                    }
                    prev = v;
                }
            }
        }
        return -1;
    }

    /**
     * Checks list views: every offset and size non-negative and {@code offset + size <= limit}.
     *
     * @param offsets integer offsets
     * @param sizes integer sizes, as many as offsets
     * @param limit the element count
     * @return -1 when valid, else the first offending row
     */
    public static int firstBadView(PrimitiveArray offsets, PrimitiveArray sizes, long limit) {
        int n = offsets.length();
        long[] o = new long[Math.min(n, 1024)];
        long[] z = new long[o.length];
        // Widen both in blocks so the check runs on plain longs whatever the two ptypes are.
        for (int base = 0; base < n; base += o.length) {
            int count = Math.min(o.length, n - base);
            widen(offsets, base, count, o);
            widen(sizes, base, count, z);
            for (int i = 0; i < count; i++) {
                if (o[i] < 0 || z[i] < 0 || o[i] > limit || z[i] > limit - o[i]) {
                    return base + i;
                }
            }
        }
        return -1;
    }

    /**
     * Widens {@code count} values starting at {@code from} into {@code out}, sign- or zero-extended
     * by the ptype (u64 values above {@code Long.MAX_VALUE} come out negative).
     *
     * @param array integers
     * @param from first row
     * @param count rows
     * @param out destination
     */
    public static void widen(PrimitiveArray array, int from, int count, long[] out) {
        MemorySegment s = array.values();
        boolean signed = array.ptype().isSigned();
        // Copied out in bulk, then widened on the heap: a loop of per-value segment reads here
        // deoptimized repeatedly inside Spark's tasks.
        switch (array.ptype().byteWidth()) {
            case 1 -> {
                byte[] tmp = new byte[count];
                MemorySegment.copy(s, ValueLayout.JAVA_BYTE, from, tmp, 0, count);
                for (int i = 0; i < count; i++) {
                    out[i] = signed ? tmp[i] : tmp[i] & 0xFF;
                }
            }
            case 2 -> {
                short[] tmp = new short[count];
                MemorySegment.copy(s, ValueLayout.JAVA_SHORT_UNALIGNED, 2L * from, tmp, 0, count);
                for (int i = 0; i < count; i++) {
                    out[i] = signed ? tmp[i] : tmp[i] & 0xFFFF;
                }
            }
            case 4 -> {
                int[] tmp = new int[count];
                MemorySegment.copy(s, ValueLayout.JAVA_INT_UNALIGNED, 4L * from, tmp, 0, count);
                for (int i = 0; i < count; i++) {
                    out[i] = signed ? tmp[i] : Integer.toUnsignedLong(tmp[i]);
                }
            }
            default -> MemorySegment.copy(s, ValueLayout.JAVA_LONG_UNALIGNED, 8L * from, out, 0, count);
        }
    }
}
