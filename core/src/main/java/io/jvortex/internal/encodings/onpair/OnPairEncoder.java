package io.jvortex.internal.encodings.onpair;

import io.jvortex.internal.encodings.varbin.FlatStrings;

import io.jvortex.internal.compress.IndexSort;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * An OnPair dictionary trained on a set of strings, and the greedy longest-prefix encoder that uses
 * it (Gargiulo, Venturini et al., "OnPair", arXiv 2508.02280), with the parameters of the reference's
 * default ("dict-12"): at most 4096 tokens of at most 16 bytes.
 *
 * <p>Training: the dictionary starts with the 256 single bytes. A random selection of rows (seeded,
 * so training is deterministic) worth 15 % of the input bytes is parsed left to right into longest
 * known tokens; every adjacent token pair whose concatenation fits in 16 bytes has its frequency
 * counted, and a pair whose frequency reaches the threshold becomes a new token immediately (parsing
 * continues with the merged token as the left neighbour). The threshold starts at 2 and adapts every
 * 64 new tokens so that the dictionary fills at about the rate the remaining byte budget allows.
 * Finally the tokens are sorted bytewise, as the reference's dictionaries are, and the token ids are
 * their ranks.
 *
 * <p>Matching uses a hash table keyed by (the token's bytes, its length) and, per leading byte pair
 * and per hash of the three leading bytes, the set of token lengths starting with them, so a lookup
 * tries only lengths that can match.
 * Instances are immutable.
 */
public final class OnPairEncoder {
    /** Longest token, in bytes. */
    public static final int MAX_TOKEN = 16;
    /** Most tokens of the default configuration (12-bit codes). */
    public static final int MAX_TOKENS = 1 << 12;
    private static final double SAMPLE_FRACTION = 0.15;
    private static final long SEED = 42;

    private final byte[] dictBytes;
    private final int[] dictOffsets;
    private final Frozen matcher;

    private OnPairEncoder(byte[] dictBytes, int[] dictOffsets, Frozen matcher) {
        this.dictBytes = dictBytes;
        this.dictOffsets = dictOffsets;
        this.matcher = matcher;
    }

    /**
     * Trains a dictionary.
     *
     * @param data the strings' bytes
     * @param offsets {@code count + 1} string starts into {@code data}
     * @param count the number of strings
     * @return the encoder
     */
    public static OnPairEncoder train(byte[] data, int[] offsets, int count) {
        long total = (long) offsets[count] - offsets[0];
        long budget = (long) (total * SAMPLE_FRACTION);
        int[] order = sampleOrder(offsets, count, budget);

        // Tokens in discovery order: bytes in `bytes`, token i = bytes[starts[i], starts[i + 1]).
        byte[] bytes = new byte[256 + 16 * 1024];
        int[] starts = new int[MAX_TOKENS + 1];
        for (int b = 0; b < 256; b++) {
            bytes[b] = (byte) b;
            starts[b + 1] = b + 1;
        }
        int size = 256;
        Matcher lpm = new Matcher();
        for (int b = 0; b < 256; b++) {
            lpm.insert(bytes, b, 1, b);
        }
        PairCounts counts = new PairCounts();
        Threshold threshold = new Threshold(MAX_TOKENS - 256, budget);
        training:
        for (int row : order) {
            int start = offsets[row];
            int end = offsets[row + 1];
            if (start == end) {
                continue;
            }
            int m = lpm.find(data, start, end);
            int prevId = m >>> 5;
            int prevLen = m & 31;
            int pos = start + prevLen;
            if (threshold.scanned(prevLen)) {
                break;
            }
            while (pos < end) {
                m = lpm.find(data, pos, end);
                int curId = m >>> 5;
                int curLen = m & 31;
                if (threshold.scanned(curLen)) {
                    break training;
                }
                int pairLen = prevLen + curLen;
                if (pairLen <= MAX_TOKEN) {
                    int key = (prevId << 16) | curId;
                    if (counts.increment(key) >= threshold.value) {
                        int pairStart = pos - prevLen;
                        int existing = lpm.lookup(data, pairStart, pairLen);
                        int id = existing;
                        if (existing < 0) {
                            if (starts[size] + pairLen > bytes.length) {
                                bytes = Arrays.copyOf(bytes, bytes.length * 2);
                            }
                            System.arraycopy(data, pairStart, bytes, starts[size], pairLen);
                            starts[size + 1] = starts[size] + pairLen;
                            id = size++;
                            lpm.insert(data, pairStart, pairLen, id);
                            if (size == MAX_TOKENS) {
                                break training;
                            }
                            threshold.created();
                        }
                        counts.resetLast();
                        prevId = id;
                        prevLen = pairLen;
                        pos += curLen;
                        continue;
                    }
                }
                prevId = curId;
                prevLen = curLen;
                pos += curLen;
            }
        }
        return sorted(bytes, starts, size);
    }

    /** The dictionary sorted bytewise, ids reassigned to ranks. */
    private static OnPairEncoder sorted(byte[] bytes, int[] starts, int size) {
        // Tokens are distinct and at most 16 bytes: (first 8 bytes, next 8 bytes) big-endian and
        // zero-padded, then the length, order them as an unsigned bytewise comparison does.
        long[] high = new long[size];
        long[] low = new long[size];
        for (int i = 0; i < size; i++) {
            int from = starts[i];
            int end = starts[i + 1];
            high[i] = bigEndian(bytes, from, Math.min(end, from + 8));
            low[i] = end - from > 8 ? bigEndian(bytes, from + 8, end) : 0;
        }
        int[] perm = IndexSort.sorted(size, (a, b) -> {
            int c = Long.compareUnsigned(high[a], high[b]);
            if (c == 0) {
                c = Long.compareUnsigned(low[a], low[b]);
            }
            return c != 0 ? c : Integer.compare(starts[a + 1] - starts[a], starts[b + 1] - starts[b]);
        });
        byte[] out = new byte[starts[size]];
        int[] offsets = new int[size + 1];
        for (int i = 0; i < size; i++) {
            int t = perm[i];
            int len = starts[t + 1] - starts[t];
            System.arraycopy(bytes, starts[t], out, offsets[i], len);
            offsets[i + 1] = offsets[i] + len;
        }
        return new OnPairEncoder(out, offsets, new Frozen(out, offsets, size));
    }

    /** Bytes {@code [from, end)} (at most 8) as a big-endian number, zero-padded on the right. */
    private static long bigEndian(byte[] bytes, int from, int end) {
        long w = 0;
        for (int i = from; i < from + 8; i++) {
            w = (w << 8) | (i < end ? bytes[i] & 0xFFL : 0);
        }
        return w;
    }

    /**
     * The rows training reads: a seeded random selection (partial Fisher–Yates shuffle) of about
     * {@code 30 % + 1024} rows, cut to the rows whose bytes first exceed the budget.
     */
    private static int[] sampleOrder(int[] offsets, int count, long budget) {
        int k = (int) Math.min(count, (long) (Math.min(1.0, 2 * SAMPLE_FRACTION) * count) + 1024);
        int[] order = new int[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        while (true) {
            for (int i = 0; i < k; i++) {
                int j = i + random.nextInt(count - i);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            long bytes = 0;
            int taken = 0;
            while (taken < k && bytes <= budget) {
                int row = order[taken++];
                bytes += offsets[row + 1] - offsets[row];
            }
            if (bytes > budget || k == count) {
                return Arrays.copyOf(order, taken);
            }
            k = (int) Math.min(count, 2L * k);
        }
    }

    /** @return the number of tokens */
    public int tokenCount() {
        return dictOffsets.length - 1;
    }

    /** @return the concatenated token bytes (without padding) */
    public byte[] dictBytes() {
        return dictBytes;
    }

    /** @return {@code tokenCount() + 1} token offsets into {@link #dictBytes()} */
    public int[] dictOffsets() {
        return dictOffsets;
    }

    /**
     * Encodes one string as token ids.
     *
     * @param data the bytes
     * @param start the string's first byte
     * @param end the end of the string (exclusive)
     * @param out where the ids go; needs {@code end - start} entries from {@code outPos}
     * @param outPos the first id position
     * @return the position after the last id
     */
    public int encode(byte[] data, int start, int end, int[] out, int outPos) {
        final Frozen lpm = matcher;
        int pos = start;
        int o = outPos;
        while (pos < end) {
            int m = lpm.find(data, pos, end);
            out[o++] = m >>> 5;
            pos += m & 31;
        }
        return o;
    }

    private static long word(byte[] data, int pos, int end) {
        return FlatStrings.word(data, pos, end);
    }

    private static long mask(int bytes) {
        return bytes >= 8 ? -1L : bytes <= 0 ? 0 : (1L << (8 * bytes)) - 1;
    }

    private static int hash(long lo, long hi, int len) {
        long h = (lo * 0x9E3779B97F4A7C15L) ^ (hi * 0xC2B2AE3D27D4EB4FL) ^ (len * 0x165667B19E3779F9L);
        return (int) (h ^ (h >>> 29) ^ (h >>> 47));
    }

    /**
     * Longest-prefix matching over tokens of up to 16 bytes: an open-addressing table keyed by
     * (first 8 bytes, next 8 bytes, length) with each slot's fields side by side, the id per single
     * byte, and the token lengths per leading byte pair.
     */
    private static final class Matcher {
        private static final int SLOTS = 1 << 14;
        /** Per slot three longs: the first 8 bytes, the next 8 bytes, {@code length << 32 | id} (0: empty). */
        private final long[] table = new long[3 * SLOTS];
        private final int[] single = new int[256];
        /** Per leading byte pair, bit {@code n - 2} set when a token of {@code n} bytes starts with it. */
        private final char[] lengths = new char[1 << 16];
        /**
         * Per hash of three leading bytes, bit {@code n - 2} set when a token of {@code n >= 3} bytes
         * starting with bytes of that hash exists: it removes most of a common pair's lengths before
         * any probe, and a collision only keeps a length that the probe then rejects.
         */
        private final char[] longer = new char[1 << 16];

        void insert(byte[] bytes, int start, int length, int tokenId) {
            if (length == 1) {
                single[bytes[start] & 0xFF] = tokenId;
                return;
            }
            int end = start + length;
            long l = word(bytes, start, end);
            long h = length > 8 ? word(bytes, start + 8, end) : 0;
            int s = hash(l, h, length) & (SLOTS - 1);
            while (table[3 * s + 2] != 0) {
                s = (s + 1) & (SLOTS - 1);
            }
            table[3 * s] = l;
            table[3 * s + 1] = h;
            table[3 * s + 2] = (long) length << 32 | (tokenId & 0xFFFF_FFFFL);
            int pair = (int) l & 0xFFFF;
            lengths[pair] |= (char) (1 << (length - 2));
            if (length >= 3) {
                longer[triple(l)] |= (char) (1 << (length - 2));
            }
        }

        /** The hash of a word's first three bytes, in {@code [0, 2^16)}. */
        private static int triple(long word) {
            return (int) (((word & 0xFF_FFFFL) * 0x9E3779B97F4A7C15L) >>> 48);
        }

        /** The id of the token equal to {@code bytes[start, start + length)}, or -1. */
        int lookup(byte[] bytes, int start, int length) {
            if (length == 1) {
                return single[bytes[start] & 0xFF];
            }
            int end = start + length;
            return probe(word(bytes, start, end), length > 8 ? word(bytes, start + 8, end) : 0, length);
        }

        private int probe(long l, long h, int length) {
            int s = hash(l, h, length) & (SLOTS - 1);
            long[] t = table;
            for (long meta = t[3 * s + 2]; meta != 0; s = (s + 1) & (SLOTS - 1), meta = t[3 * s + 2]) {
                if ((int) (meta >>> 32) == length && t[3 * s] == l && t[3 * s + 1] == h) {
                    return (int) meta;
                }
            }
            return -1;
        }

        /** The longest token at {@code pos}: {@code id << 5 | length}. */
        int find(byte[] data, int pos, int end) {
            long l = word(data, pos, end);
            int remaining = end - pos;
            if (remaining >= 2) {
                // only the lengths some token starting with these two bytes has, longest first
                int candidates = lengths[(int) l & 0xFFFF] & ((1 << (Math.min(remaining, 16) - 1)) - 1);
                if (candidates > 1) {
                    candidates &= longer[triple(l)] | 1;
                }
                if (candidates != 0) {
                    long h = candidates >= 1 << 7 ? word(data, pos + 8, end) : 0;
                    while (candidates != 0) {
                        int n = 33 - Integer.numberOfLeadingZeros(candidates);
                        int found = probe(l & mask(n), h & mask(n - 8), n);
                        if (found >= 0) {
                            return found << 5 | n;
                        }
                        candidates &= ~(1 << (n - 2));
                    }
                }
            }
            return single[(int) l & 0xFF] << 5 | 1;
        }
    }

    /**
     * Longest-prefix matching over a finished dictionary, built once per encoder: tokens of eight or
     * more bytes are grouped by a hash of their first eight bytes, tokens of four to seven bytes by a
     * hash of their first four, longest first within a group, so that a lookup reads one or two short
     * contiguous groups and compares masked words, instead of hashing and probing once per candidate
     * length. Text from a small vocabulary gives dozens of long tokens one eight-byte prefix, such as
     * {@code "accounts"}; scanning them costs less than a failed lookup in a group per twelve-byte
     * prefix in front (2–8 % less encoding time on TPC-H's l_, o_, ps_comment and c_address, none on c_comment).
     * Shorter tokens go through a direct table per byte pair and a small open-addressing table of the
     * three-byte tokens.
     */
    private static final class Frozen {
        private static final int BITS = 13;
        /** Tokens of 8 to 16 bytes, by their first 8 bytes. */
        private final Groups longTokens;
        /** Tokens of 4 to 7 bytes, by their first 4 bytes. */
        private final Groups shortTokens;
        /**
         * Per byte pair (little-endian): bit {@link #PAIR} when a two-byte token is the pair (its id in
         * the low 12 bits), bit {@link #TRIPLE} when a three-byte token starts with it.
         */
        private final char[] pairs = new char[1 << 16];
        private static final int PAIR = 1 << 12;
        private static final int TRIPLE = 1 << 13;
        private final int[] single = new int[256];
        /** Three-byte tokens: slot keys are {@code 1 << 24 | bytes} (0: empty), with the id beside. */
        private final int[] tripleKeys = new int[1 << 13];
        private final int[] tripleIds = new int[1 << 13];

        Frozen(byte[] bytes, int[] offsets, int size) {
            int[] longGroup = new int[size];
            int[] shortGroup = new int[size];
            for (int i = 0; i < size; i++) {
                int from = offsets[i];
                int len = offsets[i + 1] - from;
                long l = word(bytes, from, from + len);
                longGroup[i] = len >= 8 ? hash8(l) : -1;
                shortGroup[i] = len >= 4 && len < 8 ? hash4(l) : -1;
                switch (len) {
                    case 1 -> single[bytes[from] & 0xFF] = i;
                    case 2 -> pairs[(int) l & 0xFFFF] |= (char) (PAIR | i);
                    case 3 -> {
                        int key = 1 << 24 | (int) l;
                        int slot = tripleSlot(key);
                        while (tripleKeys[slot] != 0) {
                            slot = (slot + 1) & (tripleKeys.length - 1);
                        }
                        tripleKeys[slot] = key;
                        tripleIds[slot] = i;
                        pairs[(int) l & 0xFFFF] |= (char) TRIPLE;
                    }
                    default -> {
                    }
                }
            }
            longTokens = new Groups(bytes, offsets, longGroup);
            shortTokens = new Groups(bytes, offsets, shortGroup);
        }

        private static int tripleSlot(int key) {
            return (key * 0x9E3779B1) >>> (32 - 13);
        }

        private static int hash4(long word) {
            return (int) (((word & 0xFFFF_FFFFL) * 0x9E3779B97F4A7C15L) >>> (64 - BITS));
        }

        private static int hash8(long word) {
            return (int) ((word * 0x9E3779B97F4A7C15L) >>> (64 - BITS));
        }

        /** The longest token at {@code pos}: {@code id << 5 | length}. */
        int find(byte[] data, int pos, int end) {
            int remaining = end - pos;
            long l = word(data, pos, end);
            if (remaining >= 8) {
                long h = word(data, pos + 8, end);
                long[] e = longTokens.entries;
                int g = hash8(l);
                for (int k = longTokens.start[g], stop = longTokens.start[g + 1]; k < stop; k++) {
                    long meta = e[3 * k + 2];
                    int n = (int) (meta >>> 32);
                    if (n <= remaining && l == e[3 * k]
                            && (n == 8 || (h & (-1L >>> (128 - 8 * n))) == e[3 * k + 1])) {
                        return (int) meta << 5 | n;
                    }
                }
            }
            if (remaining >= 4) {
                int g = hash4(l);
                long[] e = shortTokens.entries;
                for (int k = shortTokens.start[g], stop = shortTokens.start[g + 1]; k < stop; k++) {
                    long meta = e[3 * k + 2];
                    int n = (int) (meta >>> 32);
                    if (n <= remaining && (l & (-1L >>> (64 - 8 * n))) == e[3 * k]) {
                        return (int) meta << 5 | n;
                    }
                }
            }
            if (remaining >= 2) {
                int info = pairs[(int) l & 0xFFFF];
                if (remaining >= 3 && (info & TRIPLE) != 0) {
                    int key = 1 << 24 | ((int) l & 0xFF_FFFF);
                    for (int slot = tripleSlot(key); tripleKeys[slot] != 0;
                            slot = (slot + 1) & (tripleKeys.length - 1)) {
                        if (tripleKeys[slot] == key) {
                            return tripleIds[slot] << 5 | 3;
                        }
                    }
                }
                if ((info & PAIR) != 0) {
                    return (info & (PAIR - 1)) << 5 | 2;
                }
            }
            return single[(int) l & 0xFF] << 5 | 1;
        }

        /**
         * Tokens grouped by a hash, each group's entries contiguous and longest first: per entry three
         * longs, the first 8 bytes, the next 8 bytes (0 for 8 bytes or fewer), {@code length << 32 | id}.
         */
        private static final class Groups {
            /** Per group {@code g}, its entries are {@code [start[g], start[g + 1])}. */
            final int[] start = new int[(1 << BITS) + 1];
            final long[] entries;

            /** @param group per token its group, or -1 when it belongs to none here */
            Groups(byte[] bytes, int[] offsets, int[] group) {
                for (int g : group) {
                    if (g >= 0) {
                        start[g + 1]++;
                    }
                }
                for (int g = 0; g < 1 << BITS; g++) {
                    start[g + 1] += start[g];
                }
                entries = new long[3 * start[1 << BITS]];
                int[] fill = Arrays.copyOf(start, 1 << BITS);
                for (int i = 0; i < group.length; i++) {
                    if (group[i] < 0) {
                        continue;
                    }
                    int from = offsets[i];
                    int len = offsets[i + 1] - from;
                    // longest first: insertion sort into the group's filled part
                    int k = fill[group[i]]++;
                    while (k > start[group[i]] && (int) (entries[3 * (k - 1) + 2] >>> 32) < len) {
                        System.arraycopy(entries, 3 * (k - 1), entries, 3 * k, 3);
                        k--;
                    }
                    entries[3 * k] = word(bytes, from, from + len);
                    entries[3 * k + 1] = len > 8 ? word(bytes, from + 8, from + len) : 0;
                    entries[3 * k + 2] = (long) len << 32 | i;
                }
            }
        }
    }

    /**
     * Saturating 8-bit pair frequencies in an open-addressing table keyed by the id pair (stored plus
     * one, so that 0 marks an empty slot).
     */
    private static final class PairCounts {
        private int[] keys = new int[1 << 12];
        private byte[] counts = new byte[1 << 12];
        private int size;
        /** The slot of the last {@link #increment}'s key. */
        private int last;

        int increment(int key) {
            int s = slot(key);
            if (keys[s] == 0) {
                if (2 * (size + 1) > keys.length) {
                    grow();
                    s = slot(key);
                }
                keys[s] = key + 1;
                size++;
            }
            last = s;
            int c = counts[s] & 0xFF;
            if (c < 255) {
                counts[s] = (byte) ++c;
            }
            return c;
        }

        /** Zeroes the count of the last incremented key. */
        void resetLast() {
            counts[last] = 0;
        }

        private int slot(int key) {
            int mask = keys.length - 1;
            int stored = key + 1;
            int s = (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
            for (int k = keys[s]; k != 0 && k != stored; k = keys[s]) {
                s = (s + 1) & mask;
            }
            return s;
        }

        private void grow() {
            int[] oldKeys = keys;
            byte[] oldCounts = counts;
            keys = new int[oldKeys.length * 2];
            counts = new byte[oldKeys.length * 2];
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != 0) {
                    int s = slot(oldKeys[i] - 1);
                    keys[s] = oldKeys[i];
                    counts[s] = oldCounts[i];
                }
            }
        }
    }

    /**
     * The adaptive merge threshold: every 64 new tokens it compares the recent token creation rate
     * with the rate that would fill the dictionary exactly when the byte budget runs out, and moves
     * the threshold one step (within 2..255) when the two differ by more than a factor of two.
     */
    private static final class Threshold {
        private final int capacity;
        private final long budget;
        private final int interval;
        int value = 2;
        private long created;
        private long scanned;
        private long createdAtCheck;
        private long scannedAtCheck;
        private long nextCheck;

        Threshold(int capacity, long budget) {
            this.capacity = capacity;
            this.budget = budget;
            this.interval = Math.max(capacity / 128, 64);
            this.nextCheck = interval;
        }

        /** Counts scanned bytes; true once the budget is exceeded. */
        boolean scanned(int bytes) {
            scanned += bytes;
            return scanned > budget;
        }

        void created() {
            created++;
            if (created < nextCheck) {
                return;
            }
            long dCreated = created - createdAtCheck;
            long dScanned = scanned - scannedAtCheck;
            double recent = dScanned > 0 ? (double) dCreated / dScanned : 1e9;
            long createdLeft = capacity > created ? capacity - created : 1;
            long scanLeft = budget > scanned ? budget - scanned : 1;
            double target = (double) createdLeft / scanLeft;
            double ratio = target > 0 ? recent / target : 1e9;
            if (ratio > 2.0 && value < 255) {
                value++;
            } else if (ratio < 0.5 && value > 2) {
                value--;
            }
            createdAtCheck = created;
            scannedAtCheck = scanned;
            nextCheck = created + interval;
        }
    }
}
