package io.jvortex.internal.encodings.varbin;

import io.jvortex.array.Canonical;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.lang.foreign.ValueLayout;

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

    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * Up to 8 bytes of a string, as the string encoders match them: little-endian from {@code pos},
     * the bytes at or past {@code end} zeroed. Before the last 8 bytes of {@code data} a short tail is
     * one load and a mask; only there is it assembled byte by byte.
     *
     * @param data the bytes
     * @param pos the first byte
     * @param end the end of the string (exclusive)
     * @return the word (0 when {@code pos >= end})
     */
    public static long word(byte[] data, int pos, int end) {
        int n = end - pos;
        if (n >= 8) {
            return (long) LONG_LE.get(data, pos);
        }
        if (n <= 0) {
            return 0;
        }
        if (data.length - pos >= 8) {
            return (long) LONG_LE.get(data, pos) & ((1L << (n << 3)) - 1);
        }
        long w = 0;
        for (int i = end - 1; i >= pos; i--) {
            w = (w << 8) | (data[i] & 0xFFL);
        }
        return w;
    }

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
            case VarBinArray v when allValid -> {
                // the rows' bytes are contiguous: one copy, offsets rebased to zero
                long first = v.offset(0);
                long total = v.offset(n) - first;
                if (total > MAX_BYTES) {
                    return null;
                }
                byte[] data = new byte[(int) total];
                MemorySegment.copy(v.bytes(), ValueLayout.JAVA_BYTE, first, data, 0, (int) total);
                long[] ends = new long[Math.min(2048, n)];
                for (int from = 0; from < n; from += ends.length) {
                    int k = Math.min(ends.length, n - from);
                    Offsets.widen(v.offsets(), from + 1, k, ends);
                    for (int j = 0; j < k; j++) {
                        int i = from + j + 1;
                        long end = ends[j] - first;
                        if (end < offsets[i - 1] || end > total) {
                            throw new IllegalArgumentException("string offsets out of order at row " + (i - 1));
                        }
                        offsets[i] = (int) end;
                    }
                }
                return new FlatStrings(data, offsets, n, array.validity(), array.dtype());
            }
            case VarBinArray v -> {
                long[] ends = new long[n + 1];
                Offsets.widen(v.offsets(), 0, n + 1, ends);
                long total = 0;
                for (int i = 0; i < n; i++) {
                    if (v.isValid(i)) {
                        total += ends[i + 1] - ends[i];
                    }
                }
                if (total > MAX_BYTES) {
                    return null;
                }
                byte[] data = new byte[(int) total];
                MemorySegment bytes = v.bytes();
                int pos = 0;
                for (int i = 0; i < n; i++) {
                    if (v.isValid(i)) {
                        int len = (int) (ends[i + 1] - ends[i]);
                        MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, ends[i], data, pos, len);
                        pos += len;
                    }
                    offsets[i + 1] = pos;
                }
                return new FlatStrings(data, offsets, n, array.validity(), array.dtype());
            }
            case VarBinViewArray v -> {
                MemorySegment views = v.views();
                MemorySegment[] buffers = v.dataBuffers().toArray(new MemorySegment[0]);
                // the views are read as long pairs a block at a time; a valid row's length goes to
                // offsets[i + 1] first and becomes its end offset below
                long[] words = new long[2 * Math.min(Math.max(n, 1), 4096)];
                long total = 0;
                for (int from = 0; from < n; from += words.length / 2) {
                    int k = Math.min(words.length / 2, n - from);
                    MemorySegment.copy(views, ValueLayout.JAVA_LONG_UNALIGNED, 16L * from, words, 0, 2 * k);
                    for (int j = 0; j < k; j++) {
                        if (allValid || v.isValid(from + j)) {
                            long len = words[2 * j] & 0xFFFF_FFFFL;
                            total += len;
                            offsets[from + j + 1] = (int) Math.min(len, Integer.MAX_VALUE);
                        }
                    }
                }
                if (total > MAX_BYTES) {
                    return null;
                }
                byte[] data = new byte[(int) total];
                int pos = 0;
                // values that follow each other in one buffer and in the output move in one copy
                int runBuffer = -1;
                long runFrom = 0;
                long runTo = 0;
                int runAt = 0;
                for (int from = 0; from < n; from += words.length / 2) {
                    int k = Math.min(words.length / 2, n - from);
                    MemorySegment.copy(views, ValueLayout.JAVA_LONG_UNALIGNED, 16L * from, words, 0, 2 * k);
                    for (int j = 0; j < k; j++) {
                        int i = from + j;
                        int len = offsets[i + 1];
                        if (len > VarBinViewArray.MAX_INLINE) {
                            long w1 = words[2 * j + 1];
                            int buffer = (int) w1;
                            long offset = w1 >>> 32;
                            if (buffer != runBuffer || offset != runTo || pos != runAt + (runTo - runFrom)) {
                                if (runBuffer >= 0) {
                                    MemorySegment.copy(buffers[runBuffer], ValueLayout.JAVA_BYTE, runFrom, data, runAt,
                                            (int) (runTo - runFrom));
                                }
                                runBuffer = buffer;
                                runFrom = offset;
                                runTo = offset;
                                runAt = pos;
                            }
                            runTo += len;
                        } else if (len > 0) {
                            long w0 = words[2 * j];
                            long w1 = words[2 * j + 1];
                            for (int b = 0; b < len; b++) {
                                data[pos + b] = (byte) (b < 4 ? w0 >>> (32 + 8 * b) : w1 >>> (8 * (b - 4)));
                            }
                        }
                        pos += len;
                        offsets[i + 1] = pos;
                    }
                }
                if (runBuffer >= 0) {
                    MemorySegment.copy(buffers[runBuffer], ValueLayout.JAVA_BYTE, runFrom, data, runAt,
                            (int) (runTo - runFrom));
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
        // narrowed on the heap, then copied in bulk: per-value segment writes cost several times more
        byte[] out = new byte[count * ptype.byteWidth()];
        switch (ptype) {
            case U8 -> {
                for (int i = 0; i < count; i++) {
                    out[i] = (byte) values[i];
                }
            }
            case U16 -> {
                short[] narrow = new short[count];
                for (int i = 0; i < count; i++) {
                    narrow[i] = (short) values[i];
                }
                MemorySegment.copy(narrow, 0, MemorySegment.ofArray(out), ValueLayout.JAVA_SHORT_UNALIGNED, 0, count);
            }
            default -> MemorySegment.copy(values, 0, MemorySegment.ofArray(out), ValueLayout.JAVA_INT_UNALIGNED, 0,
                    count);
        }
        return new PrimitiveArray(new DType.Primitive(ptype, false), MemorySegment.ofArray(out), count,
                Validity.ALL_VALID);
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
