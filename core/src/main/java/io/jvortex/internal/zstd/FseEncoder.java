package io.jvortex.internal.zstd;

/**
 * FSE encoding (RFC 8878 §4.1): normalizing a histogram to a power-of-two total, writing the table
 * description, building the encoding table and estimating costs. One instance per table slot; it is
 * rebuilt for every block that uses it.
 *
 * <p>The encoding table mirrors the decoding table the decoder derives from the same normalized
 * counts: every decoder state {@code u} becomes encoder state {@code size + u}, listed per symbol in
 * increasing {@code u}. Encoding a symbol emits the low bits of the state and moves to the state the
 * decoder was in just before (the decoder runs the chain backwards).
 */
final class FseEncoder {
    private static final int MAX_SYMBOLS = FseTable.MAX_MATCH_LENGTH_SYMBOL + 1;

    /** Normalized counts of the table being built. */
    final short[] norm = new short[MAX_SYMBOLS];
    /** Largest symbol with a non-zero normalized count. */
    int maxSymbol;
    /** Accuracy log. */
    int log;

    private final int[] stateTable;
    private final int[] deltaNbBits = new int[MAX_SYMBOLS];
    private final int[] deltaFindState = new int[MAX_SYMBOLS];
    private final short[] tableSymbol;
    private final int[] cumul = new int[MAX_SYMBOLS + 1];

    /** @param maxLog the largest accuracy log this encoder will build */
    FseEncoder(int maxLog) {
        stateTable = new int[1 << maxLog];
        tableSymbol = new short[1 << maxLog];
    }

    /**
     * Picks an accuracy log for {@code total} symbols up to {@code maxSymbol} (never below 5 or above
     * {@code maxLog}): small inputs get small tables so the description stays cheap.
     */
    static int optimalLog(int maxLog, int total, int maxSymbol) {
        int log = maxLog;
        int maxBitsSrc = highBit(total - 1) - 2;
        if (maxBitsSrc < log) {
            log = maxBitsSrc;
        }
        int minBits = Math.min(highBit(total) + 1, highBit(maxSymbol) + 2);
        if (minBits > log) {
            log = minBits;
        }
        return Math.max(5, Math.min(maxLog, log));
    }

    static int highBit(int v) {
        return 31 - Integer.numberOfLeadingZeros(v);
    }

    /**
     * Normalizes {@code counts[0..maxSymbol]} (summing to {@code total}) to {@code 1 << log}; every
     * present symbol keeps at least 1. With {@code cap > 0} no symbol exceeds {@code cap} (the caller
     * ensures enough symbols carry a count, see {@link HuffmanEncoder}).
     */
    void normalize(int[] counts, int maxSymbol, int total, int log, int cap) {
        int size = 1 << log;
        int limit = cap > 0 ? cap : size;
        int sum = 0;
        int distinct = 0;
        for (int s = 0; s <= maxSymbol; s++) {
            int c = counts[s];
            int n = 0;
            if (c > 0) {
                n = (int) Math.max(1, Math.min(limit, (long) c * size / total));
                distinct++;
            }
            norm[s] = (short) n;
            sum += n;
        }
        if (distinct > size) {
            throw new IllegalStateException("FSE: " + distinct + " symbols do not fit accuracy log " + log);
        }
        // Hand out what flooring left over to the symbols that lose most per missing slot, and take the
        // excess the minimum of 1 created from the symbols that are most over-represented.
        while (sum < size) {
            int best = -1;
            double bestScore = -1;
            for (int s = 0; s <= maxSymbol; s++) {
                if (counts[s] > 0 && norm[s] < limit) {
                    double score = (double) counts[s] / norm[s];
                    if (score > bestScore) {
                        bestScore = score;
                        best = s;
                    }
                }
            }
            if (best < 0) {
                throw new IllegalStateException("FSE: cannot reach " + size + " under cap " + limit);
            }
            int room = size - sum;
            int add = Math.max(1, Math.min(room, Math.min(limit - norm[best], norm[best] / 8)));
            norm[best] += (short) add;
            sum += add;
        }
        while (sum > size) {
            int best = -1;
            double bestScore = Double.MAX_VALUE;
            for (int s = 0; s <= maxSymbol; s++) {
                if (norm[s] > 1) {
                    double score = (double) counts[s] / (norm[s] - 1);
                    if (score < bestScore) {
                        bestScore = score;
                        best = s;
                    }
                }
            }
            norm[best]--;
            sum--;
        }
        this.maxSymbol = 0;
        for (int s = maxSymbol; s >= 0; s--) {
            if (norm[s] != 0) {
                this.maxSymbol = s;
                break;
            }
        }
        for (int s = maxSymbol + 1; s < MAX_SYMBOLS; s++) {
            norm[s] = 0;
        }
        this.log = log;
    }

    /** Loads predefined normalized counts (which may contain -1 "less than one" entries). */
    void load(short[] predefined, int log) {
        java.util.Arrays.fill(norm, (short) 0);
        System.arraycopy(predefined, 0, norm, 0, predefined.length);
        maxSymbol = predefined.length - 1;
        this.log = log;
    }

    /**
     * @return the estimated bits to code {@code counts[0..maxSymbol]} with the current normalized
     *     counts (excluding extra bits), or {@link Double#POSITIVE_INFINITY} if a present symbol has no
     *     probability
     */
    double cost(int[] counts, int countsMaxSymbol) {
        if (countsMaxSymbol > maxSymbol) {
            return Double.POSITIVE_INFINITY;
        }
        double bits = 0;
        for (int s = 0; s <= countsMaxSymbol; s++) {
            int c = counts[s];
            if (c == 0) {
                continue;
            }
            int n = norm[s];
            if (n == 0) {
                return Double.POSITIVE_INFINITY;
            }
            bits += c * (log - Math.log(n == -1 ? 1 : n) * INV_LN2);
        }
        return bits;
    }

    private static final double INV_LN2 = 1.0 / Math.log(2);

    /**
     * Writes the table description (RFC 8878 §4.1.1) of the current normalized counts.
     *
     * @return the position after it
     */
    int writeDescription(byte[] out, int pos) {
        int size = 1 << log;
        long bits = log - 5;
        int bitCount = 4;
        int remaining = size + 1;
        int threshold = size;
        int nbBits = log + 1;
        int symbol = 0;
        int alphabet = maxSymbol + 1;
        boolean previousZero = false;
        while (symbol < alphabet && remaining > 1) {
            if (previousZero) {
                int start = symbol;
                while (norm[symbol] == 0) {
                    symbol++;
                }
                while (symbol >= start + 3) {
                    start += 3;
                    bits |= 3L << bitCount;
                    bitCount += 2;
                    while (bitCount >= 8) {
                        out[pos++] = (byte) bits;
                        bits >>>= 8;
                        bitCount -= 8;
                    }
                }
                bits |= (long) (symbol - start) << bitCount;
                bitCount += 2;
            }
            int count = norm[symbol++];
            int max = 2 * threshold - 1 - remaining;
            remaining -= count < 0 ? -count : count;
            count++;
            if (count >= threshold) {
                count += max;
            }
            bits |= (long) count << bitCount;
            bitCount += nbBits;
            if (count < max) {
                bitCount--;
            }
            previousZero = count == 1;
            while (remaining < threshold) {
                nbBits--;
                threshold >>= 1;
            }
            while (bitCount >= 8) {
                out[pos++] = (byte) bits;
                bits >>>= 8;
                bitCount -= 8;
            }
        }
        if (remaining != 1) {
            throw new IllegalStateException("FSE description: probabilities do not sum up");
        }
        if (bitCount > 0) {
            out[pos++] = (byte) bits;
        }
        return pos;
    }

    /** Builds the encoding table from the current normalized counts. */
    void build() {
        int size = 1 << log;
        int mask = size - 1;
        int high = size - 1;
        cumul[0] = 0;
        for (int u = 1; u <= maxSymbol + 1; u++) {
            if (norm[u - 1] == -1) {
                cumul[u] = cumul[u - 1] + 1;
                tableSymbol[high--] = (short) (u - 1);
            } else {
                cumul[u] = cumul[u - 1] + norm[u - 1];
            }
        }
        int step = (size >>> 1) + (size >>> 3) + 3;
        int position = 0;
        for (int s = 0; s <= maxSymbol; s++) {
            for (int i = 0; i < norm[s]; i++) {
                tableSymbol[position] = (short) s;
                do {
                    position = (position + step) & mask;
                } while (position > high);
            }
        }
        for (int u = 0; u < size; u++) {
            int s = tableSymbol[u];
            stateTable[cumul[s]++] = size + u;
        }
        int total = 0;
        for (int s = 0; s <= maxSymbol; s++) {
            int n = norm[s];
            if (n == 0) {
                deltaNbBits[s] = ((log + 1) << 16) - size;
            } else if (n == -1 || n == 1) {
                deltaNbBits[s] = (log << 16) - size;
                deltaFindState[s] = total - 1;
                total++;
            } else {
                int maxBitsOut = log - highBit(n - 1);
                int minStatePlus = n << maxBitsOut;
                deltaNbBits[s] = (maxBitsOut << 16) - minStatePlus;
                deltaFindState[s] = total - n;
                total += n;
            }
        }
    }

    /** @return the first state, chosen so the decoder's last decoded symbol is {@code symbol} */
    int initialState(int symbol) {
        int nbBitsOut = (deltaNbBits[symbol] + (1 << 15)) >>> 16;
        int value = (nbBitsOut << 16) - deltaNbBits[symbol];
        return stateTable[(value >> nbBitsOut) + deltaFindState[symbol]];
    }

    /** Emits the bits of {@code state} that lead to {@code symbol} and returns the previous state. */
    int encode(BitWriter out, int state, int symbol) {
        int nbBitsOut = (state + deltaNbBits[symbol]) >>> 16;
        out.add(state, nbBitsOut);
        return stateTable[(state >> nbBitsOut) + deltaFindState[symbol]];
    }

    /** Writes the final state (the decoder's initial state). */
    void flush(BitWriter out, int state) {
        out.add(state, log);
    }
}
