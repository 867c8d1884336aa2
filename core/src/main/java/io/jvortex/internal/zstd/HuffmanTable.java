package io.jvortex.internal.zstd;

/**
 * A Huffman decoding table for literals (RFC 8878 §4.2): indexed by the next {@link #maxBits} bits of
 * the stream, each entry holds {@code symbol | nbBits << 8}.
 */
final class HuffmanTable {
    /** Longest code the format allows. */
    static final int MAX_BITS = 11;
    private static final int MAX_WEIGHT_SYMBOLS = 255;

    /** Entries; the first {@code 1 << maxBits} are in use. */
    final short[] entries = new short[1 << MAX_BITS];
    /** The tree depth. */
    int maxBits;

    private final byte[] weights = new byte[MAX_WEIGHT_SYMBOLS + 1];
    private final FseTable weightTable = new FseTable(6);

    /**
     * Reads a Huffman tree description and builds the table.
     *
     * @param in input
     * @param pos the header byte
     * @param end end of the literals section
     * @return the position after the description
     */
    int read(byte[] in, int pos, int end) {
        if (pos >= end) {
            throw new ZstdCorruption(pos, "Huffman tree description truncated");
        }
        int header = in[pos] & 0xFF;
        int count;
        int after;
        if (header >= 128) {
            count = header - 127;
            int bytes = (count + 1) >>> 1;
            if (bytes > end - pos - 1) {
                throw new ZstdCorruption(pos, "Huffman weights truncated: need " + bytes + " bytes, have " + (end - pos - 1));
            }
            for (int i = 0; i < count; i++) {
                int b = in[pos + 1 + (i >>> 1)] & 0xFF;
                weights[i] = (byte) ((i & 1) == 0 ? b >>> 4 : b & 0xF);
            }
            after = pos + 1 + bytes;
        } else {
            if (header == 0) {
                throw new ZstdCorruption(pos, "Huffman weights: compressed size 0");
            }
            after = pos + 1 + header;
            if (after > end) {
                throw new ZstdCorruption(pos, "Huffman weights truncated: need " + header + " bytes, have " + (end - pos - 1));
            }
            int streamStart = weightTable.read(in, pos + 1, after, 12, 6, FseTable.KIND_SYMBOL);
            count = decodeWeights(in, streamStart, after);
        }
        build(count, pos);
        return after;
    }

    /** Decodes the FSE-compressed weights with two interleaved states; returns how many were decoded. */
    private int decodeWeights(byte[] in, int start, int end) {
        if (start >= end) {
            throw new ZstdCorruption(start, "Huffman weights bitstream is empty");
        }
        int last = in[end - 1] & 0xFF;
        if (last == 0) {
            throw new ZstdCorruption(end - 1, "Huffman weights bitstream ends with a zero byte");
        }
        // Bits are numbered from the stream start (LSB of the first byte); reading goes downwards.
        long left = (long) (end - start) * 8 - (8 - (31 - Integer.numberOfLeadingZeros(last)));
        long[] t = weightTable.states;
        int log = weightTable.log;
        if (left < 2L * log) {
            throw new ZstdCorruption(start, "Huffman weights bitstream too short for its two initial states");
        }
        left -= log;
        int s1 = (int) bits(in, start, left, log);
        left -= log;
        int s2 = (int) bits(in, start, left, log);
        int n = 0;
        while (true) {
            if (n > MAX_WEIGHT_SYMBOLS - 2) {
                throw new ZstdCorruption(start, "more than " + MAX_WEIGHT_SYMBOLS + " Huffman weights");
            }
            long e = t[s1];
            weights[n++] = (byte) FseTable.valueBase(e);
            int nb = FseTable.stateBits(e);
            left -= nb;
            s1 = FseTable.nextBase(e) + (int) bits(in, start, left, nb);
            if (left < 0) {
                weights[n++] = (byte) FseTable.valueBase(t[s2]);
                break;
            }
            if (n > MAX_WEIGHT_SYMBOLS - 2) {
                throw new ZstdCorruption(start, "more than " + MAX_WEIGHT_SYMBOLS + " Huffman weights");
            }
            e = t[s2];
            weights[n++] = (byte) FseTable.valueBase(e);
            nb = FseTable.stateBits(e);
            left -= nb;
            s2 = FseTable.nextBase(e) + (int) bits(in, start, left, nb);
            if (left < 0) {
                weights[n++] = (byte) FseTable.valueBase(t[s1]);
                break;
            }
        }
        return n;
    }

    /** {@code n} bits starting at stream bit {@code lo}; bits below the stream start read as zero. */
    private static long bits(byte[] in, int start, long lo, int n) {
        long v = 0;
        for (int k = 0; k < n; k++) {
            long b = lo + k;
            if (b >= 0) {
                v |= (long) ((in[start + (int) (b >>> 3)] >>> (b & 7)) & 1) << k;
            }
        }
        return v;
    }

    /** Completes the weights with the implied last one and fills the table. */
    private void build(int count, int pos) {
        int total = 0;
        for (int i = 0; i < count; i++) {
            int w = weights[i];
            if (w > MAX_BITS) {
                throw new ZstdCorruption(pos, "Huffman weight " + w + " of symbol " + i + " exceeds " + MAX_BITS);
            }
            if (w > 0) {
                total += 1 << (w - 1);
            }
        }
        if (total == 0) {
            throw new ZstdCorruption(pos, "Huffman weights are all zero");
        }
        int bits = 32 - Integer.numberOfLeadingZeros(total);
        if (bits > MAX_BITS) {
            throw new ZstdCorruption(pos, "Huffman tree deeper than " + MAX_BITS + " bits");
        }
        int rest = (1 << bits) - total;
        if (Integer.bitCount(rest) != 1) {
            throw new ZstdCorruption(pos, "Huffman weights do not complete to a power of two");
        }
        weights[count] = (byte) (Integer.numberOfTrailingZeros(rest) + 1);
        int symbols = count + 1;
        int weightOne = 0;
        for (int i = 0; i < symbols; i++) {
            if (weights[i] == 1) {
                weightOne++;
            }
        }
        if (weightOne < 2 || (weightOne & 1) != 0) {
            throw new ZstdCorruption(pos, "Huffman tree has " + weightOne + " symbols of weight 1, expected an even count >= 2");
        }
        int position = 0;
        for (int w = 1; w <= bits; w++) {
            int len = 1 << (w - 1);
            short e = (short) ((bits + 1 - w) << 8);
            for (int s = 0; s < symbols; s++) {
                if (weights[s] == w) {
                    short v = (short) (e | s);
                    for (int k = 0; k < len; k++) {
                        entries[position + k] = v;
                    }
                    position += len;
                }
            }
        }
        maxBits = bits;
    }

    /** Copies another table into this one. */
    void copyFrom(HuffmanTable other) {
        System.arraycopy(other.entries, 0, entries, 0, 1 << other.maxBits);
        maxBits = other.maxBits;
    }
}
