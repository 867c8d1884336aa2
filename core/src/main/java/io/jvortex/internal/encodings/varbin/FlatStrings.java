package io.jvortex.internal.encodings.varbin;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * The rows of a string or binary array gathered into one heap byte array, the form the string
 * encoders (FSST, OnPair, varbin) work on: row {@code i} is {@code data[offsets[i] ..
 * offsets[i + 1])}; null rows are empty (the writers store nothing for them).
 *
 * @param data the concatenated bytes of the valid rows
 * @param offsets {@code length + 1} row starts, the last one {@code data.length}
 * @param length rows
 * @param validity the array's validity
 * @param dtype the array's dtype
 */
public record FlatStrings(byte[] data, int[] offsets, int length, Validity validity, DType dtype) {
    /** Most bytes a flattened array may hold (a Java array, with room for an 8-byte tail read). */
    public static final long MAX_BYTES = Integer.MAX_VALUE - 64;

    /**
     * Gathers a string array.
     *
     * @param array a {@link VarBinArray} or {@link VarBinViewArray}
     * @return its rows, or {@code null} when the valid rows hold more than {@link #MAX_BYTES} bytes
     * @throws IllegalArgumentException for other arrays
     */
    public static FlatStrings of(Canonical array) {
        int n = array.length();
        boolean allValid = !array.dtype().nullable() || array.validity() instanceof Validity.AllValid;
        int[] offsets = new int[n + 1];
        switch (array) {
            case VarBinArray v -> {
                long total = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || v.isValid(i)) {
                        total += v.offset(i + 1) - v.offset(i);
                    }
                }
                if (total > MAX_BYTES) {
                    return null;
                }
                byte[] data = new byte[(int) total];
                MemorySegment bytes = v.bytes();
                int pos = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || v.isValid(i)) {
                        long start = v.offset(i);
                        int len = (int) (v.offset(i + 1) - start);
                        MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, data, pos, len);
                        pos += len;
                    }
                    offsets[i + 1] = pos;
                }
                return new FlatStrings(data, offsets, n, array.validity(), array.dtype());
            }
            case VarBinViewArray v -> {
                MemorySegment views = v.views();
                long total = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || v.isValid(i)) {
                        total += Integer.toUnsignedLong(views.get(ValueLayout.JAVA_INT_UNALIGNED, 16L * i));
                    }
                }
                if (total > MAX_BYTES) {
                    return null;
                }
                byte[] data = new byte[(int) total];
                List<MemorySegment> buffers = v.dataBuffers();
                int pos = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || v.isValid(i)) {
                        long view = 16L * i;
                        int len = views.get(ValueLayout.JAVA_INT_UNALIGNED, view);
                        if (len <= VarBinViewArray.MAX_INLINE) {
                            MemorySegment.copy(views, ValueLayout.JAVA_BYTE, view + 4, data, pos, len);
                        } else {
                            int buffer = views.get(ValueLayout.JAVA_INT_UNALIGNED, view + 8);
                            long offset = Integer.toUnsignedLong(views.get(ValueLayout.JAVA_INT_UNALIGNED, view + 12));
                            MemorySegment.copy(buffers.get(buffer), ValueLayout.JAVA_BYTE, offset, data, pos, len);
                        }
                        pos += len;
                    }
                    offsets[i + 1] = pos;
                }
                return new FlatStrings(data, offsets, n, array.validity(), array.dtype());
            }
            default -> throw new IllegalArgumentException("array must be varbin or varbinview, got "
                    + array.dtype().display());
        }
    }

    /**
     * Non-negative integers stored in the narrowest unsigned type that holds their maximum, the form
     * the reference hands offsets and lengths to the integer cascade in.
     *
     * @param values the values, each {@code >= 0}
     * @param count how many of {@code values} to use
     * @return a non-nullable {@code u8}, {@code u16} or {@code u32} array
     */
    public static PrimitiveArray narrowUnsigned(int[] values, int count) {
        int max = 0;
        for (int i = 0; i < count; i++) {
            max = Math.max(max, values[i]);
        }
        PType ptype = max <= 0xFF ? PType.U8 : max <= 0xFFFF ? PType.U16 : PType.U32;
        MemorySegment out = MemorySegment.ofArray(new byte[count * ptype.byteWidth()]);
        switch (ptype) {
            case U8 -> {
                for (int i = 0; i < count; i++) {
                    out.set(ValueLayout.JAVA_BYTE, i, (byte) values[i]);
                }
            }
            case U16 -> {
                for (int i = 0; i < count; i++) {
                    out.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i, (short) values[i]);
                }
            }
            default -> {
                for (int i = 0; i < count; i++) {
                    out.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, values[i]);
                }
            }
        }
        return new PrimitiveArray(new DType.Primitive(ptype, false), out, count, Validity.ALL_VALID);
    }

    /** @return the row lengths ({@code 0} for null rows) */
    public int[] lengths() {
        int[] lengths = new int[length];
        for (int i = 0; i < length; i++) {
            lengths[i] = offsets[i + 1] - offsets[i];
        }
        return lengths;
    }
}
