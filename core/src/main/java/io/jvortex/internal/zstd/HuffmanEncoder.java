package io.jvortex.internal.zstd;

import java.util.Arrays;

/**
 * Huffman coding of literals (RFC 8878 §4.2): code lengths limited to {@link HuffmanTable#MAX_BITS},
 * the tree description (direct 4-bit weights or FSE-compressed weights, whichever is smaller) and
 * the 1- or 4-stream bitstreams. Codes are canonical in the order the decoder builds its table:
 * longest codes first, symbols ascending within one length.
 */
final class HuffmanEncoder {
    private static final int MAX_BITS = HuffmanTable.MAX_BITS;
    private static final int WEIGHT_LOG = 6;

    /** Code length per byte value (0 = absent). */
    final int[] lengths = new int[256];
    /** Code per byte value, read by the decoder most-significant bit first. */
    final int[] codes = new int[256];
    /** Longest code length of the current table. */
    int maxBits;

    private final long[] nodes = new long[512];
    private final int[] parent = new int[512];
    private final int[] depth = new int[512];
    private final int[] scaled = new int[256];
    private final byte[] weights = new byte[256];
    private final int[] weightCounts = new int[MAX_BITS + 2];
    private final FseEncoder weightFse = new FseEncoder(WEIGHT_LOG);
    private final BitWriter bits = new BitWriter();
    private final byte[] scratch = new byte[256];
    private int lastSymbol;

    /**
     * Builds length-limited codes for the histogram; at least two symbols must be present.
     */
    void build(int[] counts) {
        int shift = 0;
        while (true) {
            for (int s = 0; s < 256; s++) {
                scaled[s] = counts[s] == 0 ? 0 : Math.max(1, counts[s] >>> shift);
            }
            if (lengths(scaled) <= MAX_BITS) {
                break;
            }
            shift++;
        }
        maxBits = 0;
        lastSymbol = 0;
        for (int s = 0; s < 256; s++) {
            if (lengths[s] > maxBits) {
                maxBits = lengths[s];
            }
            if (lengths[s] > 0) {
                lastSymbol = s;
            }
        }
        // Canonical assignment as the decoder fills its table: weight 1 (longest) first, symbols ascending.
        int position = 0;
        for (int w = 1; w <= maxBits; w++) {
            int len = maxBits + 1 - w;
            for (int s = 0; s < 256; s++) {
                if (lengths[s] == len) {
                    codes[s] = position >>> (w - 1);
                    position += 1 << (w - 1);
                }
            }
        }
        if (position != 1 << maxBits) {
            throw new IllegalStateException("Huffman code is not complete");
        }
    }

    /** Plain Huffman code lengths of {@code freq} into {@link #lengths}; returns the longest. */
    private int lengths(int[] freq) {
        int n = 0;
        for (int s = 0; s < 256; s++) {
            lengths[s] = 0;
            if (freq[s] > 0) {
                nodes[n++] = ((long) freq[s] << 32) | s;
            }
        }
        Arrays.sort(nodes, 0, n);
        // Two-queue construction: leaves sorted in nodes[0..n), internal nodes appended after them in
        // non-decreasing weight order. Node ids: leaves 0..n-1, internal n..2n-2.
        long[] weight = new long[2 * n];
        for (int i = 0; i < n; i++) {
            weight[i] = nodes[i] >>> 32;
        }
        int leaf = 0;
        int internal = n;
        int next = n;
        for (int k = 0; k < n - 1; k++) {
            int a = (leaf < n && (internal >= next || weight[leaf] <= weight[internal])) ? leaf++ : internal++;
            int b = (leaf < n && (internal >= next || weight[leaf] <= weight[internal])) ? leaf++ : internal++;
            weight[next] = weight[a] + weight[b];
            parent[a] = next;
            parent[b] = next;
            next++;
        }
        int root = next - 1;
        depth[root] = 0;
        int longest = 0;
        for (int i = root - 1; i >= 0; i--) {
            depth[i] = depth[parent[i]] + 1;
        }
        for (int i = 0; i < n; i++) {
            int s = (int) nodes[i];
            lengths[s] = depth[i];
            longest = Math.max(longest, depth[i]);
        }
        return longest;
    }

    /** @return the bits the literals' codes take (without tree and stream padding) */
    long encodedBits(int[] counts) {
        long total = 0;
        for (int s = 0; s < 256; s++) {
            total += (long) counts[s] * lengths[s];
        }
        return total;
    }

    /**
     * Writes the tree description: the weights of symbols {@code 0..last-1} (the last symbol's weight is
     * implied), FSE-compressed when that is smaller or when there are more than 128 of them.
     *
     * @return the position after it, or -1 if it cannot be described (more than 128 weights that do
     *     not compress below 128 bytes)
     */
    int writeDescription(byte[] out, int pos) {
        int count = lastSymbol;
        for (int s = 0; s < count; s++) {
            weights[s] = (byte) (lengths[s] == 0 ? 0 : maxBits + 1 - lengths[s]);
        }
        int fseSize = compressWeights(count);
        if (count <= 128 && (fseSize < 0 || fseSize >= (count + 1) / 2)) {
            out[pos++] = (byte) (127 + count);
            for (int i = 0; i < count; i += 2) {
                int hi = weights[i];
                int lo = i + 1 < count ? weights[i + 1] : 0;
                out[pos++] = (byte) ((hi << 4) | lo);
            }
            return pos;
        }
        if (fseSize < 0) {
            return -1;
        }
        out[pos++] = (byte) fseSize;
        System.arraycopy(scratch, 0, out, pos, fseSize);
        return pos + fseSize;
    }

    /** FSE-compresses {@code weights[0..count)} into {@link #scratch}; returns its size or -1 if ≥ 128. */
    private int compressWeights(int count) {
        if (count < 2) {
            return -1;
        }
        Arrays.fill(weightCounts, 0);
        int maxWeight = 0;
        int distinct = 0;
        for (int i = 0; i < count; i++) {
            int w = weights[i];
            if (weightCounts[w]++ == 0) {
                distinct++;
            }
            maxWeight = Math.max(maxWeight, w);
        }
        int[] counts = weightCounts.clone();
        int maxSymbol = maxWeight;
        int total = count;
        if (distinct == 1) {
            // One weight value only: give a neighbouring value a token count so that no state of the
            // table can be decoded without reading bits (the decoder detects the end by over-reading).
            int other = maxWeight == 0 ? 1 : maxWeight - 1;
            counts[other] = 1;
            maxSymbol = Math.max(maxSymbol, other);
            total++;
        }
        int best = -1;
        byte[] attempt = new byte[256 + 16];
        for (int log = 5; log <= WEIGHT_LOG; log++) {
            // Capping every probability at one half guarantees each state reads at least one bit.
            weightFse.normalize(counts, maxSymbol, total, log, 1 << (log - 1));
            int p = weightFse.writeDescription(attempt, 0);
            weightFse.build();
            bits.start(attempt, p);
            int s1;
            int s2;
            int i = count;
            if ((count & 1) != 0) {
                s1 = weightFse.initialState(weights[--i]);
                s2 = weightFse.initialState(weights[--i]);
                s1 = weightFse.encode(bits, s1, weights[--i]);
            } else {
                s2 = weightFse.initialState(weights[--i]);
                s1 = weightFse.initialState(weights[--i]);
            }
            while (i > 0) {
                s2 = weightFse.encode(bits, s2, weights[--i]);
                s1 = weightFse.encode(bits, s1, weights[--i]);
                if (bits.position() > 140) {
                    break;
                }
            }
            if (i > 0) {
                continue;
            }
            weightFse.flush(bits, s2);
            weightFse.flush(bits, s1);
            int size = bits.close();
            if (size < 128 && (best < 0 || size < best)) {
                best = size;
                System.arraycopy(attempt, 0, scratch, 0, size);
            }
        }
        return best;
    }

    /**
     * Huffman-codes {@code src[from..to)} as one stream at {@code pos}.
     *
     * @return the position after the stream
     */
    int encodeStream(byte[] src, int from, int to, byte[] out, int pos) {
        BitWriter w = bits;
        w.start(out, pos);
        int[] c = codes;
        int[] l = lengths;
        for (int i = to - 1; i >= from; i--) {
            int b = src[i] & 0xFF;
            w.add(c[b], l[b]);
        }
        return w.close();
    }
}
