package io.jvortex.internal.compress;

import io.jvortex.array.Canonical;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Reads the rows of a string or binary array one at a time into a reused heap buffer, for loops
 * that hash, compare or copy every value: the views are read in bulk into {@code long}s once, and
 * each row costs at most one bulk copy (none for a value inlined in its view), instead of a slice
 * and several checked reads per row.
 */
public final class StringRows {
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final int BLOCK = 4096;

    private final VarBinViewArray views;
    private final MemorySegment[] buffers;
    private final VarBinArray varbin;
    private final long[] words;
    private int wordsFrom = -1;
    private byte[] buffer = new byte[64];

    /**
     * @param array a {@link VarBinViewArray} or {@link VarBinArray}
     * @throws IllegalArgumentException for other arrays
     */
    public StringRows(Canonical array) {
        switch (array) {
            case VarBinViewArray v -> {
                views = v;
                buffers = v.dataBuffers().toArray(new MemorySegment[0]);
                varbin = null;
                words = new long[2 * Math.min(BLOCK, Math.max(1, v.length()))];
            }
            case VarBinArray v -> {
                views = null;
                buffers = null;
                varbin = v;
                words = null;
            }
            default -> throw new IllegalArgumentException("bytes of " + array.dtype().display());
        }
    }

    /**
     * @return the buffer the last {@link #load} filled (valid up to the length it returned; it may
     *         be replaced by a larger one on a later load)
     */
    public byte[] bytes() {
        return buffer;
    }

    /**
     * Makes sure row {@code i}'s view is among the words read.
     *
     * @param i a row
     * @return {@code k} such that the view's two words are {@code words[2 * k]} and {@code words[2 * k + 1]}
     */
    private int word(int i) {
        if (wordsFrom < 0 || i < wordsFrom || i >= wordsFrom + words.length / 2) {
            int n = Math.min(words.length / 2, views.length() - i);
            MemorySegment.copy(views.views(), ValueLayout.JAVA_LONG_UNALIGNED, 16L * i, words, 0, 2 * n);
            wordsFrom = i;
        }
        return i - wordsFrom;
    }

    /**
     * @param i a row
     * @return its length in bytes
     */
    public int length(int i) {
        if (views == null) {
            return (int) (varbin.offset(i + 1) - varbin.offset(i));
        }
        return (int) words[2 * word(i)];
    }

    /**
     * The first four bytes of row {@code i} as an unsigned big-endian number, bytes past the value's
     * end counted as zero: when two rows' keys differ, they order the rows as an unsigned byte-wise
     * comparison of the whole values would (equal keys decide nothing).
     *
     * @param i a row
     * @return the key, in {@code [0, 2^32)}
     */
    public long prefixKey(int i) {
        int n;
        long prefix;
        if (views == null) {
            n = load(i);
            prefix = (long) LONG_LE.get(buffer, 0);
        } else {
            long w0 = words[2 * word(i)];
            n = (int) w0;
            prefix = w0 >>> 32;
        }
        if (n < 4) {
            prefix &= (1L << (8 * n)) - 1;
        }
        return Integer.toUnsignedLong(Integer.reverseBytes((int) prefix));
    }

    /**
     * Copies row {@code i}'s bytes to the start of {@link #bytes()}.
     *
     * @param i a row
     * @return its length in bytes
     */
    public int load(int i) {
        if (views == null) {
            long start = varbin.offset(i);
            int n = (int) (varbin.offset(i + 1) - start);
            ensure(n);
            MemorySegment.copy(varbin.bytes(), ValueLayout.JAVA_BYTE, start, buffer, 0, n);
            return n;
        }
        int k = 2 * word(i);
        long w0 = words[k];
        long w1 = words[k + 1];
        int n = (int) w0;
        if (n <= VarBinViewArray.MAX_INLINE) {
            // the value sits in the view after its 4-byte length
            LONG_LE.set(buffer, 0, (w0 >>> 32) | (w1 << 32));
            LONG_LE.set(buffer, 8, w1 >>> 32);
            return n;
        }
        ensure(n);
        MemorySegment.copy(buffers[(int) w1], ValueLayout.JAVA_BYTE, w1 >>> 32, buffer, 0, n);
        return n;
    }

    private void ensure(int n) {
        if (n > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(n, 2 * buffer.length));
        }
    }
}
