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
    /** Values up to this many bytes are copied by word reads, which cost less than a bulk copy's checks. */
    private static final int WORDS_MAX = 32;
    private static final ValueLayout.OfInt INT_BE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong WORD_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final VarBinViewArray views;
    private final MemorySegment[] buffers;
    private final VarBinArray varbin;
    private final MemorySegment varbinBytes;
    /**
     * The last offset of {@link #varbinBytes} from which {@value #WORDS_MAX} bytes can be read
     * (negative when none, and for views).
     */
    private final long varbinWordsEnd;
    private final long[] words;
    private int wordsFrom = -1;
    /** For a {@link VarBinArray}: offsets {@code [offsetsFrom, offsetsFrom + BLOCK]}, read in bulk. */
    private final long[] offsets;
    private final int[] narrowOffsets;
    private int offsetsFrom = -1;
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
                varbinBytes = null;
                varbinWordsEnd = -1;
                words = new long[2 * Math.min(BLOCK, Math.max(1, v.length()))];
                offsets = null;
                narrowOffsets = null;
            }
            case VarBinArray v -> {
                views = null;
                buffers = null;
                varbin = v;
                varbinBytes = v.bytes();
                varbinWordsEnd = varbinBytes.byteSize() - WORDS_MAX;
                words = null;
                int n = Math.min(BLOCK, Math.max(1, v.length())) + 1;
                offsets = new long[n];
                narrowOffsets = v.offsets().ptype().byteWidth() == 8 ? null : new int[n];
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
     * Makes sure offsets {@code i} and {@code i + 1} of the {@link VarBinArray} are among those read.
     *
     * @param i a row
     * @return the index of offset {@code i} in {@link #offsets}
     */
    private int offset(int i) {
        if (offsetsFrom < 0 || i < offsetsFrom || i + 1 >= offsetsFrom + offsets.length) {
            int n = Math.min(offsets.length, varbin.length() + 1 - i);
            MemorySegment values = varbin.offsets().values();
            switch (varbin.offsets().ptype()) {
                case I64, U64 -> MemorySegment.copy(values, ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, offsets, 0, n);
                case I32 -> {
                    MemorySegment.copy(values, ValueLayout.JAVA_INT_UNALIGNED, 4L * i, narrowOffsets, 0, n);
                    for (int k = 0; k < n; k++) {
                        offsets[k] = narrowOffsets[k];
                    }
                }
                case U32 -> {
                    MemorySegment.copy(values, ValueLayout.JAVA_INT_UNALIGNED, 4L * i, narrowOffsets, 0, n);
                    for (int k = 0; k < n; k++) {
                        offsets[k] = Integer.toUnsignedLong(narrowOffsets[k]);
                    }
                }
                default -> {
                    for (int k = 0; k < n; k++) {
                        offsets[k] = varbin.offset(i + k);
                    }
                }
            }
            offsetsFrom = i;
        }
        return i - offsetsFrom;
    }

    /**
     * @param i a row
     * @return its length in bytes
     */
    public int length(int i) {
        if (views == null) {
            int k = offset(i);
            return (int) (offsets[k + 1] - offsets[k]);
        }
        return (int) words[2 * word(i)];
    }

    /**
     * The first of two words that locate row {@code i}'s value in this array: its view's first word
     * (length and prefix), or for a {@link VarBinArray} its start offset. Two rows of the same array
     * whose {@link #identity} and {@link #identity2} are both equal hold equal bytes: an inlined
     * value's words are its bytes, any other's point at the same bytes. (Rows with equal bytes may
     * still have different identities.)
     *
     * @param i a row
     * @return the first word
     */
    public long identity(int i) {
        if (views == null) {
            return offsets[offset(i)];
        }
        return words[2 * word(i)];
    }

    /**
     * @param i a row, just passed to {@link #identity}
     * @return the second word of its identity: its view's second word, or its end offset
     */
    public long identity2(int i) {
        if (views == null) {
            return offsets[offset(i) + 1];
        }
        return words[2 * word(i) + 1];
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
            int k = offset(i);
            long start = offsets[k];
            n = (int) (offsets[k + 1] - start);
            if (n >= 4) {
                return Integer.toUnsignedLong(varbinBytes.get(INT_BE, start));
            }
            if (n > 0 && start + 4 <= varbinBytes.byteSize()) {
                // a shorter value: the four bytes from its start, those past it zeroed
                return Integer.toUnsignedLong(varbinBytes.get(INT_BE, start) & (-1 << (8 * (4 - n))));
            }
            prefix = 0;
            for (int b = n - 1; b >= 0; b--) {
                prefix = (prefix << 8) | (varbinBytes.get(ValueLayout.JAVA_BYTE, start + b) & 0xFFL);
            }
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
            int k = offset(i);
            long start = offsets[k];
            int n = (int) (offsets[k + 1] - start);
            if (n >= 0 && n <= WORDS_MAX && start <= varbinWordsEnd) {
                copyWords(varbinBytes, start, n);
                return n;
            }
            ensure(n);
            MemorySegment.copy(varbinBytes, ValueLayout.JAVA_BYTE, start, buffer, 0, n);
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
        MemorySegment data = buffers[(int) w1];
        long start = w1 >>> 32;
        if (n <= WORDS_MAX && start <= data.byteSize() - WORDS_MAX) {
            copyWords(data, start, n);
            return n;
        }
        ensure(n);
        MemorySegment.copy(data, ValueLayout.JAVA_BYTE, start, buffer, 0, n);
        return n;
    }

    /**
     * Copies {@code n <= WORDS_MAX} bytes from {@code start} to the start of {@link #buffer} in
     * whole words (the source holds {@link #WORDS_MAX} bytes there; the buffer at least as many).
     */
    private void copyWords(MemorySegment data, long start, int n) {
        for (int w = 0; w < n; w += 8) {
            LONG_LE.set(buffer, w, data.get(WORD_LE, start + w));
        }
    }

    private void ensure(int n) {
        if (n > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(n, 2 * buffer.length));
        }
    }
}
