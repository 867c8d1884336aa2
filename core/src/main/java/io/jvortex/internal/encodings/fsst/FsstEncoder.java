package io.jvortex.internal.encodings.fsst;

import io.jvortex.internal.encodings.varbin.FlatStrings;

import io.jvortex.internal.compress.IndexSort;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An FSST symbol table trained on a set of strings, and the compressor that uses it (Boncz, Neumann,
 * Leis: "FSST: Fast Random Access String Compression", VLDB 2020).
 *
 * <p>Training follows the paper: a sample of about 16 KiB (whole strings when the input is small,
 * else 512-byte pieces of pseudo-randomly chosen strings) is compressed five times with the current
 * table over growing fractions of the sample (8, 38, 68, 98, 128 of 128); after each round every
 * symbol and every concatenation of two consecutive symbols (at most 8 bytes) becomes a candidate
 * weighted by the bytes it would cover, escaped single bytes weighted eight times, and the 255 best
 * candidates form the next table.
 *
 * <p>Symbols of two or more bytes never end in a zero byte: the compressor reads the last few bytes
 * of a string zero-padded, so such a symbol could match past the end (the reference's table cannot
 * hold them either). The final table is ordered like the reference's: two-byte symbols first, then
 * by length 3 to 8, single bytes last.
 *
 * <p>Compression looks up the next eight bytes: a hashed table of the symbols of three or more bytes
 * keyed by their first three bytes (one symbol per slot), then a direct table of the two-byte
 * symbols, then one of the single bytes; a miss is an escape. Instances are immutable.
 */
public final class FsstEncoder {
    private static final int[] ROUNDS = {8, 38, 68, 98, 128};
    private static final int SAMPLE_TARGET = 1 << 14;
    private static final int SAMPLE_LINE = 512;
    private static final int CODE_BASE = 256;
    private static final int MAX_CODES = 512;
    private static final int HASH_BITS = 11;

    private final Table table;

    private FsstEncoder(Table table) {
        this.table = table;
    }

    /**
     * Trains a table on strings.
     *
     * @param data the strings' bytes
     * @param offsets {@code count + 1} string starts into {@code data}
     * @param count the number of strings
     * @return the trained encoder (an empty table when every string is empty)
     */
    public static FsstEncoder train(byte[] data, int[] offsets, int count) {
        int[] sample = sample(data, offsets, count);
        int lines = sample.length / 2;
        Table table = new Table();
        if (lines == 0) {
            return new FsstEncoder(table.finish());
        }
        int[] count1 = new int[MAX_CODES];
        PairCounts count2 = new PairCounts();
        for (int frac : ROUNDS) {
            Arrays.fill(count1, 0);
            count2.clear();
            for (int i = 0; i < lines; i++) {
                if (frac < 128 && (hash(i) & 127) > frac) {
                    continue;
                }
                table.count(data, sample[2 * i], sample[2 * i] + sample[2 * i + 1], count1, count2);
            }
            table = table.next(count1, count2, frac);
        }
        return new FsstEncoder(table.finish());
    }

    /** @return the number of symbols (at most 255) */
    public int symbolCount() {
        return table.n;
    }

    /** @return the {@code symbols} buffer: one little-endian 8-byte word per symbol */
    public MemorySegment symbols() {
        MemorySegment out = MemorySegment.ofArray(new long[table.n]);
        for (int c = 0; c < table.n; c++) {
            out.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 8L * c, table.sym[CODE_BASE + c]);
        }
        return out;
    }

    /** @return the {@code symbol_lengths} buffer: one byte per symbol */
    public MemorySegment symbolLengths() {
        byte[] out = new byte[table.n];
        for (int c = 0; c < table.n; c++) {
            out[c] = (byte) table.len[CODE_BASE + c];
        }
        return MemorySegment.ofArray(out);
    }

    /**
     * Compresses one string.
     *
     * @param data the bytes
     * @param start the string's first byte
     * @param end the end of the string (exclusive)
     * @param out where the codes go; needs {@code 2 × (end - start)} bytes from {@code outPos}
     * @param outPos the first code position
     * @return the position after the last code
     */
    public int compress(byte[] data, int start, int end, byte[] out, int outPos) {
        final Table t = table;
        final int[] len = t.len;
        int pos = start;
        int o = outPos;
        while (pos < end) {
            long word = FlatStrings.word(data, pos, end);
            int code = t.find(word);
            if (code >= CODE_BASE) {
                out[o++] = (byte) (code - CODE_BASE);
                pos += len[code];
            } else {
                out[o++] = (byte) FsstDecoder.ESCAPE;
                out[o++] = (byte) code;
                pos++;
            }
        }
        return o;
    }

    private static long hash(long value) {
        return (value * 2971215073L) ^ (value >>> 15);
    }

    /**
     * The training sample as (start, length) pairs: every non-empty string when they hold less
     * than the target, else 512-byte pieces of pseudo-randomly chosen non-empty strings up to the
     * target.
     */
    private static int[] sample(byte[] data, int[] offsets, int count) {
        long total = (long) offsets[count] - offsets[0];
        if (total < SAMPLE_TARGET) {
            int[] out = new int[2 * count];
            int k = 0;
            for (int i = 0; i < count; i++) {
                int len = offsets[i + 1] - offsets[i];
                if (len > 0) {
                    out[k++] = offsets[i];
                    out[k++] = len;
                }
            }
            return Arrays.copyOf(out, k);
        }
        int[] out = new int[64];
        int k = 0;
        long rnd = hash(4637947);
        int taken = 0;
        while (taken < SAMPLE_TARGET) {
            rnd = hash(rnd);
            int line = (int) Long.remainderUnsigned(rnd, count);
            int tries = 0;
            while (offsets[line + 1] == offsets[line]) {
                line = line + 1 == count ? 0 : line + 1;
                if (++tries > count) {
                    return Arrays.copyOf(out, k);
                }
            }
            int len = offsets[line + 1] - offsets[line];
            int pieces = 1 + (len - 1) / SAMPLE_LINE;
            rnd = hash(rnd);
            int piece = SAMPLE_LINE * (int) Long.remainderUnsigned(rnd, pieces);
            int take = Math.min(SAMPLE_LINE, len - piece);
            if (k + 2 > out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            out[k++] = offsets[line] + piece;
            out[k++] = take;
            taken += take;
        }
        return Arrays.copyOf(out, k);
    }

    /**
     * A symbol table under construction. Codes below 256 stand for escaped bytes; learned symbols
     * have codes {@code 256 + i}.
     */
    private static final class Table {
        final long[] sym = new long[MAX_CODES];
        final int[] len = new int[MAX_CODES];
        int n;
        /** Code of the one-byte symbol per byte, or the byte itself (escape). */
        final short[] byte1 = new short[256];
        /** Code of the two-byte symbol per first two bytes (little-endian), or -1. */
        final short[] byte2 = new short[1 << 16];
        /** Symbols of 3+ bytes, hashed on their first three bytes; length 0 = empty slot. */
        final long[] hashSym = new long[1 << HASH_BITS];
        final byte[] hashLen = new byte[1 << HASH_BITS];
        final short[] hashCode = new short[1 << HASH_BITS];

        Table() {
            for (int b = 0; b < 256; b++) {
                sym[b] = b;
                len[b] = 1;
                byte1[b] = (short) b;
            }
            Arrays.fill(byte2, (short) -1);
        }

        /**
         * The hash slot of a word's first three bytes: the same slot function as the reference's
         * table, so that the reference, rebuilding a compressor from our symbols (it compresses
         * constants to compare them with codes), keeps every symbol and matches exactly like us.
         */
        private static int slot(long word) {
            return (int) hash(word & 0xFF_FFFFL) & ((1 << HASH_BITS) - 1);
        }

        /** The code of the longest symbol the table finds at the start of {@code word}. */
        int find(long word) {
            int s = slot(word);
            int l = hashLen[s];
            if (l != 0 && ((word ^ hashSym[s]) & (-1L >>> (64 - 8 * l))) == 0) {
                return hashCode[s];
            }
            int two = byte2[(int) word & 0xFFFF];
            return two >= 0 ? two : byte1[(int) word & 0xFF];
        }

        /** Adds a symbol; false when its hash slot is taken. */
        boolean insert(long symbol, int length) {
            int code = CODE_BASE + n;
            if (length >= 3) {
                int s = slot(symbol);
                if (hashLen[s] != 0) {
                    return false;
                }
                hashSym[s] = symbol;
                hashLen[s] = (byte) length;
                hashCode[s] = (short) code;
            } else if (length == 2) {
                byte2[(int) symbol & 0xFFFF] = (short) code;
            } else {
                byte1[(int) symbol & 0xFF] = (short) code;
            }
            sym[code] = symbol;
            len[code] = length;
            n++;
            return true;
        }

        /** Compresses one sample piece, counting codes and pairs of consecutive codes. */
        void count(byte[] data, int start, int end, int[] count1, PairCounts count2) {
            int pos = start;
            int prev = -1;
            while (pos < end) {
                long word = FlatStrings.word(data, pos, end);
                int code = find(word);
                count1[code]++;
                if (prev >= 0) {
                    count2.add(prev * MAX_CODES + code);
                }
                int l = len[code];
                if (l > 1) {
                    // Also count the first byte alone, so single-byte symbols can compete.
                    int first = (int) word & 0xFF;
                    count1[first]++;
                    if (prev >= 0) {
                        count2.add(prev * MAX_CODES + first);
                    }
                }
                pos += l;
                prev = code;
            }
        }

        /**
         * The next round's table: the best candidates by gain. Pairs are visited in the order they were
         * first counted rather than by code; the result is the same, as gains are summed per symbol and
         * {@link CandidateSet#best} orders the candidates completely.
         */
        Table next(int[] count1, PairCounts count2, int frac) {
            int codes = CODE_BASE + n;
            CandidateSet candidates = new CandidateSet(codes + count2.size);
            int minCount = 5 * frac / 128;
            boolean[] extendable = new boolean[codes];
            for (int c1 = 0; c1 < codes; c1++) {
                int cnt = count1[c1];
                if (cnt == 0 || cnt < minCount) {
                    continue;
                }
                int l1 = len[c1];
                long gain = (long) cnt * l1;
                if (c1 < CODE_BASE) {
                    gain *= 8;
                }
                candidates.add(sym[c1], l1, gain);
                extendable[c1] = frac < 128 && l1 < 8;
            }
            for (int k = 0; k < count2.size; k++) {
                int key = count2.keys[k];
                int c1 = key / MAX_CODES;
                int c2 = key % MAX_CODES;
                int l1 = len[c1];
                int l2 = len[c2];
                if (!extendable[c1] || l1 + l2 > 8) {
                    continue;
                }
                long joined = sym[c1] | (sym[c2] << (8 * l1));
                candidates.add(joined, l1 + l2, (long) count2.counts[key] * (l1 + l2));
            }
            Table next = new Table();
            // Rounds fill the table from the head of the order: sort only that head, and a longer one
            // when symbols lost to hash collisions (same first three bytes) leave the table short.
            int want = 4 * FsstEncoding.MAX_SYMBOLS;
            long[] order = candidates.best(want);
            int i = 0;
            while (next.n < FsstEncoding.MAX_SYMBOLS) {
                if (i == order.length) {
                    if (order.length == candidates.size) {
                        break;
                    }
                    want *= 4;
                    order = candidates.best(want);
                }
                long symbol = order[i++];
                next.insert(symbol, symbolLength(symbol));
            }
            return next;
        }

        /**
         * The same symbols, renumbered in the reference's order: two-byte symbols that no longer
         * symbol extends first, then the other two-byte symbols, then lengths 3 to 8, single bytes
         * last. The reference's compressor emits a two-byte code below that boundary without looking
         * for a longer match, so the boundary must hold for it to encode constants as we do.
         */
        Table finish() {
            Table out = new Table();
            boolean[] extended = new boolean[1 << 16];
            for (int c = CODE_BASE; c < CODE_BASE + n; c++) {
                if (len[c] >= 3) {
                    extended[(int) sym[c] & 0xFFFF] = true;
                }
            }
            for (int pass = 0; pass < 2; pass++) {
                for (int c = CODE_BASE; c < CODE_BASE + n; c++) {
                    if (len[c] == 2 && extended[(int) sym[c] & 0xFFFF] == (pass == 1)) {
                        out.insert(sym[c], 2);
                    }
                }
            }
            for (int want : new int[] {3, 4, 5, 6, 7, 8, 1}) {
                for (int c = CODE_BASE; c < CODE_BASE + n; c++) {
                    if (len[c] == want) {
                        out.insert(sym[c], want);
                    }
                }
            }
            return out;
        }
    }

    /**
     * The length of a symbol word: its bytes up to the last non-zero one (a zero word is the
     * one-byte symbol {@code 00}); exact because longer symbols never end in a zero byte.
     */
    static int symbolLength(long symbol) {
        return Math.max(1, 8 - Long.numberOfLeadingZeros(symbol) / 8);
    }

    /**
     * Counts of consecutive code pairs ({@code first * MAX_CODES + second}), with the list of the pairs
     * counted so far: a round's sample touches a few thousand of the quarter million possible pairs,
     * and visiting or clearing only those keeps a training round's cost proportional to its sample.
     */
    static final class PairCounts {
        final int[] counts = new int[MAX_CODES * MAX_CODES];
        int[] keys = new int[1024];
        int size;

        void add(int key) {
            if (counts[key]++ == 0) {
                if (size == keys.length) {
                    keys = Arrays.copyOf(keys, 2 * size);
                }
                keys[size++] = key;
            }
        }

        void clear() {
            for (int k = 0; k < size; k++) {
                counts[keys[k]] = 0;
            }
            size = 0;
        }
    }

    /** Candidate symbols with summed gains, in an open-addressing table keyed by the symbol word. */
    private static final class CandidateSet {
        private long[] keys;
        private long[] gains;
        private boolean[] used;
        private int size;

        /** @param expected at most how many candidates are added (sizes the table once) */
        CandidateSet(int expected) {
            int capacity = Integer.highestOneBit(Math.max(512, expected)) * 4;
            keys = new long[capacity];
            gains = new long[capacity];
            used = new boolean[capacity];
        }

        /** Adds a candidate of {@code length} bytes; dropped when longer than one byte and ending in zero. */
        void add(long symbol, int length, long gain) {
            if (length > 1 && (symbol >>> (8 * (length - 1))) == 0) {
                return;
            }
            put(symbol, gain);
        }

        private void put(long symbol, long gain) {
            if (2 * (size + 1) > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            int i = (int) (hash(symbol) ^ (symbol >>> 29)) & mask;
            while (used[i] && keys[i] != symbol) {
                i = (i + 1) & mask;
            }
            if (!used[i]) {
                used[i] = true;
                keys[i] = symbol;
                size++;
            }
            gains[i] += gain;
        }

        private void grow() {
            long[] oldKeys = keys;
            long[] oldGains = gains;
            boolean[] oldUsed = used;
            keys = new long[oldKeys.length * 2];
            gains = new long[oldKeys.length * 2];
            used = new boolean[oldKeys.length * 2];
            size = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldUsed[i]) {
                    put(oldKeys[i], oldGains[i]);
                }
            }
        }

        /**
         * The head of the candidates' order (descending gain, then descending length, then ascending
         * word): at least {@code want} symbols (all when there are fewer), and exactly the first ones of
         * the complete order. The head is every candidate whose gain reaches the {@code want}-th largest
         * gain; every other one has a smaller gain and so sorts after all of them.
         */
        long[] best(int want) {
            long[] symbols = new long[size];
            long[] gain = new long[size];
            int k = 0;
            for (int i = 0; i < keys.length; i++) {
                if (used[i]) {
                    symbols[k] = keys[i];
                    gain[k++] = gains[i];
                }
            }
            if (want < k) {
                long threshold = kthLargest(gain.clone(), k, want);
                int kept = 0;
                for (int i = 0; i < k; i++) {
                    if (gain[i] >= threshold) {
                        symbols[kept] = symbols[i];
                        gain[kept++] = gain[i];
                    }
                }
                k = kept;
            }
            return order(symbols, gain, k);
        }
    }

    /**
     * Symbols {@code [0, k)} by descending gain, then descending length, then ascending word (unsigned;
     * the words are distinct). Gain and length are packed above the index into one long and sorted as
     * primitives; runs of equal gain and length are then put in word order. Gains too large to pack
     * (beyond any real sample) take a comparison sort.
     *
     * @param symbols candidate words
     * @param gain their gains, {@code >= 0}
     * @param k how many
     * @return the words in order
     */
    static long[] order(long[] symbols, long[] gain, int k) {
        long[] out = new long[k];
        int indexBits = 32 - Integer.numberOfLeadingZeros(Math.max(1, k - 1));
        long maxGain = 0;
        for (int i = 0; i < k; i++) {
            maxGain = Math.max(maxGain, gain[i]);
        }
        if (maxGain >= 1L << (59 - indexBits)) {
            int[] perm = IndexSort.sorted(k, (a, b) -> {
                int c = Long.compare(gain[b], gain[a]);
                if (c != 0) {
                    return c;
                }
                c = Integer.compare(symbolLength(symbols[b]), symbolLength(symbols[a]));
                return c != 0 ? c : Long.compareUnsigned(symbols[a], symbols[b]);
            });
            for (int i = 0; i < k; i++) {
                out[i] = symbols[perm[i]];
            }
            return out;
        }
        long indexMask = (1L << indexBits) - 1;
        long[] packed = new long[k];
        for (int i = 0; i < k; i++) {
            packed[i] = (((gain[i] << 4) | symbolLength(symbols[i])) << indexBits) | i;
        }
        Arrays.sort(packed);
        int o = 0;
        for (int j = k - 1; j >= 0;) {
            long key = packed[j] >>> indexBits;
            int start = j;
            while (start > 0 && packed[start - 1] >>> indexBits == key) {
                start--;
            }
            if (start == j) {
                out[o++] = symbols[(int) (packed[j] & indexMask)];
            } else {
                int from = o;
                for (int t = start; t <= j; t++) {
                    out[o++] = symbols[(int) (packed[t] & indexMask)] ^ Long.MIN_VALUE;
                }
                Arrays.sort(out, from, o);
                for (int t = from; t < o; t++) {
                    out[t] ^= Long.MIN_VALUE;
                }
            }
            j = start - 1;
        }
        return out;
    }

    /**
     * The {@code k}-th largest of {@code a[0, n)} ({@code 1 <= k <= n}), by quickselect with three-way
     * partitions (gains repeat a lot); reorders {@code a}. Falls back to sorting the remaining range
     * when the partitions keep coming out lopsided.
     */
    static long kthLargest(long[] a, int n, int k) {
        int target = n - k;
        int lo = 0;
        int hi = n - 1;
        for (int round = 0; lo < hi; round++) {
            if (round == 64) {
                Arrays.sort(a, lo, hi + 1);
                return a[target];
            }
            int mid = (lo + hi) >>> 1;
            long pivot = Math.max(Math.min(a[lo], a[mid]), Math.min(Math.max(a[lo], a[mid]), a[hi]));
            int lt = lo;
            int i = lo;
            int gt = hi;
            while (i <= gt) {
                long v = a[i];
                if (v < pivot) {
                    a[i++] = a[lt];
                    a[lt++] = v;
                } else if (v > pivot) {
                    a[i] = a[gt];
                    a[gt--] = v;
                } else {
                    i++;
                }
            }
            if (target < lt) {
                hi = lt - 1;
            } else if (target > gt) {
                lo = gt + 1;
            } else {
                return pivot;
            }
        }
        return a[target];
    }
}
