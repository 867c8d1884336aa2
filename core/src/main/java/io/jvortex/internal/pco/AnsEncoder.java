package io.jvortex.internal.pco;

/**
 * A tANS encoder for one latent variable's bins: the same symbol spread as the decoder's table
 * ({@link #spread}), states in {@code [T, 2T)} for table size {@code T}. Symbols are encoded last to
 * first; each step emits the low bits of the current state that the decoder reads back after
 * decoding that symbol.
 */
final class AnsEncoder {
    final int sizeLog;
    private final int tableSize;
    private final int[] weights;
    private final int[] minRenormBits;
    private final int[] renormCutoff;
    /** Per symbol, its table positions plus {@code T}, ascending: {@code next[starts[s] + x - weight]}. */
    private final int[] next;
    private final int[] starts;

    AnsEncoder(int sizeLog, int[] weights) {
        this.sizeLog = sizeLog;
        this.tableSize = 1 << sizeLog;
        int[] w = weights.length == 0 ? new int[] {1} : weights;
        this.weights = w;
        int nSymbols = w.length;
        minRenormBits = new int[nSymbols];
        renormCutoff = new int[nSymbols];
        starts = new int[nSymbols + 1];
        for (int s = 0; s < nSymbols; s++) {
            int maxX = 2 * w[s] - 1;
            minRenormBits[s] = sizeLog - (31 - Integer.numberOfLeadingZeros(maxX));
            renormCutoff[s] = (2 * w[s]) << minRenormBits[s];
            starts[s + 1] = starts[s] + w[s];
        }
        int[] symbols = spread(sizeLog, w);
        next = new int[tableSize];
        int[] fill = starts.clone();
        for (int state = 0; state < tableSize; state++) {
            next[fill[symbols[state]]++] = tableSize + state;
        }
    }

    /**
     * Pco's deterministic symbol spread (must match the decoder bit for bit): symbol {@code s}
     * takes {@code weights[s]} positions, visited with an odd stride near 3/5 of the table.
     *
     * @param sizeLog the table size log
     * @param weights the weights, summing to {@code 2^sizeLog}
     * @return the symbol of each table position
     */
    static int[] spread(int sizeLog, int[] weights) {
        int tableSize = 1 << sizeLog;
        int[] symbols = new int[tableSize];
        int stride = 3 * tableSize / 5;
        if ((stride & 1) == 0) {
            stride++;
        }
        int mask = tableSize - 1;
        int step = 0;
        for (int s = 0; s < weights.length; s++) {
            for (int k = 0; k < weights[s]; k++) {
                symbols[(stride * step) & mask] = s;
                step++;
            }
        }
        return symbols;
    }

    /** @return the initial state, {@code T} (state index 0) */
    int initialState() {
        return tableSize;
    }

    /**
     * Encodes symbols {@code n-1} down to {@code 0} with four interleaved states ({@code i % 4}).
     *
     * @param symbols the symbols
     * @param n how many
     * @param vals receives, per symbol, the bits to write
     * @param bitLens receives, per symbol, how many bits
     * @param finalStates receives the four final states as table indices (what the page stores)
     */
    void encodeReverse(int[] symbols, int n, int[] vals, byte[] bitLens, int[] finalStates) {
        int[] states = {tableSize, tableSize, tableSize, tableSize};
        for (int i = n - 1; i >= 0; i--) {
            int j = i & 3;
            int s = symbols[i];
            int x = states[j];
            int renorm = x >= renormCutoff[s] ? minRenormBits[s] + 1 : minRenormBits[s];
            vals[i] = x & ((1 << renorm) - 1);
            bitLens[i] = (byte) renorm;
            states[j] = next[starts[s] + (x >>> renorm) - weights[s]];
        }
        for (int j = 0; j < 4; j++) {
            finalStates[j] = states[j] - tableSize;
        }
    }
}
