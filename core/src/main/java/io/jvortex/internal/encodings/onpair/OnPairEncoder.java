package io.jvortex.internal.encodings.onpair;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
 * <p>Matching uses a hash table keyed by (the token's bytes, its length) and, per leading byte pair,
 * the set of token lengths starting with it, so a lookup tries only lengths that can match.
 * Instances are immutable.
 */
public final class OnPairEncoder {
    /** Longest token, in bytes. */
    public static final int MAX_TOKEN = 16;
    /** Most tokens of the default configuration (12-bit codes). */
    public static final int MAX_TOKENS = 1 << 12;
    private static final double SAMPLE_FRACTION = 0.15;
    private static final long SEED = 42;
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] dictBytes;
    private final int[] dictOffsets;
    private final Matcher matcher;

    private OnPairEncoder(byte[] dictBytes, int[] dictOffsets, Matcher matcher) {
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
                        counts.reset(key);
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
        Integer[] perm = new Integer[size];
        for (int i = 0; i < size; i++) {
            perm[i] = i;
        }
        Arrays.sort(perm, (a, b) -> Arrays.compareUnsigned(bytes, starts[a], starts[a + 1], bytes, starts[b],
                starts[b + 1]));
        byte[] out = new byte[starts[size]];
        int[] offsets = new int[size + 1];
        Matcher matcher = new Matcher();
        for (int i = 0; i < size; i++) {
            int t = perm[i];
            int len = starts[t + 1] - starts[t];
            System.arraycopy(bytes, starts[t], out, offsets[i], len);
            offsets[i + 1] = offsets[i] + len;
            matcher.insert(out, offsets[i], len, i);
        }
        return new OnPairEncoder(out, offsets, matcher);
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
        final Matcher lpm = matcher;
        int pos = start;
        int o = outPos;
        while (pos < end) {
            int m = lpm.find(data, pos, end);
            out[o++] = m >>> 5;
            pos += m & 31;
        }
        return o;
    }

    /** Loads up to 8 bytes little-endian from {@code pos}, zero-padded past {@code end}. */
    private static long word(byte[] data, int pos, int end) {
        if (end - pos >= 8) {
            return (long) LONG_LE.get(data, pos);
        }
        long w = 0;
        for (int i = end - 1; i >= pos; i--) {
            w = (w << 8) | (data[i] & 0xFFL);
        }
        return w;
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

    /** Saturating 8-bit pair frequencies in an open-addressing table keyed by the id pair. */
    private static final class PairCounts {
        private int[] keys = new int[1 << 12];
        private byte[] counts = new byte[1 << 12];
        private boolean[] used = new boolean[1 << 12];
        private int size;

        int increment(int key) {
            int s = slot(key);
            if (!used[s]) {
                if (2 * (size + 1) > keys.length) {
                    grow();
                    s = slot(key);
                }
                used[s] = true;
                keys[s] = key;
                size++;
            }
            int c = counts[s] & 0xFF;
            if (c < 255) {
                counts[s] = (byte) ++c;
            }
            return c;
        }

        void reset(int key) {
            counts[slot(key)] = 0;
        }

        private int slot(int key) {
            int mask = keys.length - 1;
            int s = (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
            while (used[s] && keys[s] != key) {
                s = (s + 1) & mask;
            }
            return s;
        }

        private void grow() {
            int[] oldKeys = keys;
            byte[] oldCounts = counts;
            boolean[] oldUsed = used;
            keys = new int[oldKeys.length * 2];
            counts = new byte[oldKeys.length * 2];
            used = new boolean[oldKeys.length * 2];
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldUsed[i]) {
                    int s = slot(oldKeys[i]);
                    used[s] = true;
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
