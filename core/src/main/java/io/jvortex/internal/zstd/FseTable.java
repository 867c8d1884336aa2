package io.jvortex.internal.zstd;

/**
 * One FSE decoding table (RFC 8878 §4.1) with its symbols already mapped to what the decoder needs.
 *
 * <p>Each state is packed in a {@code long}: bits 0–15 the next-state baseline, 16–23 the number of
 * state bits to read, 24–31 the number of extra value bits, 32–63 the value baseline (unsigned). For
 * sequence tables the value is the literal length, match length or offset baseline of the state's code;
 * for Huffman-weight tables it is the symbol itself.
 */
final class FseTable {
    /** Symbols are returned as they are (Huffman weights). */
    static final int KIND_SYMBOL = 0;
    /** Literal length codes. */
    static final int KIND_LITERAL_LENGTH = 1;
    /** Match length codes. */
    static final int KIND_MATCH_LENGTH = 2;
    /** Offset codes. */
    static final int KIND_OFFSET = 3;

    static final int MAX_LITERAL_LENGTH_SYMBOL = 35;
    static final int MAX_MATCH_LENGTH_SYMBOL = 52;
    static final int MAX_OFFSET_SYMBOL = 31;

    static final int[] LL_BASE = {
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512, 1024, 2048, 4096,
        8192, 16384, 32768, 65536};
    static final int[] LL_BITS = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12,
        13, 14, 15, 16};
    static final int[] ML_BASE = {
        3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
        19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34,
        35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051,
        4099, 8195, 16387, 32771, 65539};
    static final int[] ML_BITS = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11,
        12, 13, 14, 15, 16};

    static final short[] LL_DEFAULT_NORM = {
        4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1,
        2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1,
        -1, -1, -1, -1};
    static final short[] ML_DEFAULT_NORM = {
        1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1,
        -1, -1, -1, -1, -1};
    static final short[] OF_DEFAULT_NORM = {
        1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1};

    /** Predefined literal-length table (accuracy log 6). */
    static final FseTable LL_DEFAULT = predefined(LL_DEFAULT_NORM, 6, KIND_LITERAL_LENGTH);
    /** Predefined match-length table (accuracy log 6). */
    static final FseTable ML_DEFAULT = predefined(ML_DEFAULT_NORM, 6, KIND_MATCH_LENGTH);
    /** Predefined offset table (accuracy log 5). */
    static final FseTable OF_DEFAULT = predefined(OF_DEFAULT_NORM, 5, KIND_OFFSET);

    /** Packed states, {@code 1 << log} of them in use. */
    final long[] states;
    /** The accuracy log (0 for an RLE table). */
    int log;

    private final short[] norm = new short[MAX_MATCH_LENGTH_SYMBOL + 1];
    private final short[] symbolAt;
    private final int[] next = new int[MAX_MATCH_LENGTH_SYMBOL + 1];

    /** @param maxLog the largest accuracy log this table must hold */
    FseTable(int maxLog) {
        states = new long[1 << maxLog];
        symbolAt = new short[1 << maxLog];
    }

    private static FseTable predefined(short[] norm, int log, int kind) {
        FseTable t = new FseTable(log);
        System.arraycopy(norm, 0, t.norm, 0, norm.length);
        t.build(norm.length - 1, log, kind, 0);
        return t;
    }

    /**
     * Makes this a one-state table that always yields {@code symbol} (RLE mode).
     */
    void setRle(int symbol, int kind) {
        log = 0;
        states[0] = entry(0, 0, symbol, kind);
    }

    /**
     * Reads a table description (RFC 8878 §4.1.1) and builds the table.
     *
     * @param in input
     * @param pos first byte of the description
     * @param end end of the bytes that may hold it
     * @param maxSymbol largest symbol allowed
     * @param maxLog largest accuracy log allowed
     * @param kind how symbols map to values
     * @return the position after the description
     */
    int read(byte[] in, int pos, int end, int maxSymbol, int maxLog, int kind) {
        if (pos >= end) {
            throw new ZstdCorruption(pos, "FSE table description truncated");
        }
        long bitPos = 0;
        int tableLog = (in[pos] & 0xF) + 5;
        if (tableLog > maxLog) {
            throw new ZstdCorruption(pos, "FSE accuracy log " + tableLog + " exceeds the maximum " + maxLog);
        }
        bitPos = 4;
        int remaining = (1 << tableLog) + 1;
        int threshold = 1 << tableLog;
        int nbBits = tableLog + 1;
        int symbol = 0;
        boolean previousZero = false;
        while (remaining > 1) {
            if (previousZero) {
                int repeat;
                do {
                    repeat = (int) peek(in, pos, end, bitPos) & 3;
                    bitPos += 2;
                    for (int k = 0; k < repeat; k++) {
                        if (symbol > maxSymbol) {
                            throw new ZstdCorruption(pos, "FSE table description has more than "
                                    + (maxSymbol + 1) + " symbols");
                        }
                        norm[symbol++] = 0;
                    }
                } while (repeat == 3);
            }
            if (symbol > maxSymbol) {
                throw new ZstdCorruption(pos, "FSE table description has more than " + (maxSymbol + 1) + " symbols");
            }
            int max = 2 * threshold - 1 - remaining;
            int v = (int) peek(in, pos, end, bitPos);
            int count;
            if ((v & (threshold - 1)) < max) {
                count = v & (threshold - 1);
                bitPos += nbBits - 1;
            } else {
                count = v & (2 * threshold - 1);
                if (count >= threshold) {
                    count -= max;
                }
                bitPos += nbBits;
            }
            count--;
            remaining -= count < 0 ? -count : count;
            norm[symbol++] = (short) count;
            previousZero = count == 0;
            while (remaining < threshold) {
                nbBits--;
                threshold >>= 1;
            }
        }
        if (remaining != 1) {
            throw new ZstdCorruption(pos, "FSE probabilities do not sum to " + (1 << tableLog));
        }
        long bytes = (bitPos + 7) >>> 3;
        if (bytes > end - pos) {
            throw new ZstdCorruption(pos, "FSE table description truncated");
        }
        build(symbol - 1, tableLog, kind, pos);
        return pos + (int) bytes;
    }

    /** Up to 32 bits starting at {@code bitPos} of the little-endian bit stream at {@code pos}; zeros past {@code end}. */
    private static long peek(byte[] in, int pos, int end, long bitPos) {
        long byteIndex = pos + (bitPos >>> 3);
        long v = 0;
        for (int k = 0; k < 5; k++) {
            long i = byteIndex + k;
            if (i < end) {
                v |= (in[(int) i] & 0xFFL) << (8 * k);
            }
        }
        return v >>> (bitPos & 7);
    }

    /** Spreads the normalized counts {@code norm[0..maxSymbol]} over the states (RFC 8878 §4.1.1). */
    private void build(int maxSymbol, int tableLog, int kind, int pos) {
        int size = 1 << tableLog;
        int high = size - 1;
        for (int s = 0; s <= maxSymbol; s++) {
            if (norm[s] == -1) {
                symbolAt[high--] = (short) s;
                next[s] = 1;
            } else {
                next[s] = norm[s];
            }
        }
        int step = (size >>> 1) + (size >>> 3) + 3;
        int mask = size - 1;
        int position = 0;
        for (int s = 0; s <= maxSymbol; s++) {
            for (int i = 0; i < norm[s]; i++) {
                symbolAt[position] = (short) s;
                do {
                    position = (position + step) & mask;
                } while (position > high);
            }
        }
        if (position != 0) {
            throw new ZstdCorruption(pos, "FSE table spread did not fill the table");
        }
        for (int u = 0; u < size; u++) {
            int s = symbolAt[u];
            int n = next[s]++;
            int bits = tableLog - (31 - Integer.numberOfLeadingZeros(n));
            states[u] = entry((n << bits) - size, bits, s, kind);
        }
        log = tableLog;
    }

    private static long entry(int nextBase, int stateBits, int symbol, int kind) {
        long valueBase;
        int valueBits;
        switch (kind) {
            case KIND_LITERAL_LENGTH -> {
                valueBase = LL_BASE[symbol];
                valueBits = LL_BITS[symbol];
            }
            case KIND_MATCH_LENGTH -> {
                valueBase = ML_BASE[symbol];
                valueBits = ML_BITS[symbol];
            }
            case KIND_OFFSET -> {
                valueBase = 1L << symbol;
                valueBits = symbol;
            }
            default -> {
                valueBase = symbol;
                valueBits = 0;
            }
        }
        return (valueBase << 32) | ((long) valueBits << 24) | ((long) stateBits << 16) | nextBase;
    }

    /** @return the value baseline of a packed state */
    static long valueBase(long state) {
        return state >>> 32;
    }

    /** @return the extra value bits of a packed state */
    static int valueBits(long state) {
        return (int) (state >>> 24) & 0xFF;
    }

    /** @return the state bits of a packed state */
    static int stateBits(long state) {
        return (int) (state >>> 16) & 0xFF;
    }

    /** @return the next-state baseline of a packed state */
    static int nextBase(long state) {
        return (int) state & 0xFFFF;
    }
}
