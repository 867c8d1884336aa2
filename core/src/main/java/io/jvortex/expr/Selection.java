package io.jvortex.expr;

/**
 * The rows of a chunk a predicate selects: an LSB-first bitset of {@code length} bits (bits past
 * {@code length} are zero).
 *
 * @param words the bits, {@code ceil(length / 64)} words
 * @param length rows covered
 */
public record Selection(long[] words, int length) {

    /** Checks the word count. */
    public Selection {
        if (words.length != (length + 63) >>> 6) {
            throw new IllegalArgumentException(words.length + " words for " + length + " rows");
        }
    }

    /**
     * @param row a row
     * @return whether it is selected
     */
    public boolean isSelected(int row) {
        return (words[row >>> 6] & (1L << row)) != 0;
    }

    /** @return the number of selected rows */
    public int count() {
        int c = 0;
        for (long w : words) {
            c += Long.bitCount(w);
        }
        return c;
    }

    /** @return the selected rows in ascending order */
    public int[] indices() {
        return indices(count());
    }

    /**
     * The first selected rows. Each word of a sparse selection (a few rows per 64) costs no branch
     * that depends on its bits: two positions are written whether or not they exist, the count moves
     * by the word's population, and only a word of three or more rows takes a loop.
     *
     * @param limit how many, at most {@link #count()}
     * @return the first {@code limit} selected rows in ascending order
     */
    public int[] indices(int limit) {
        if (limit < 0 || limit > length) {
            throw new IllegalArgumentException("limit " + limit + " outside [0, " + length + "]");
        }
        int[] out = new int[limit];
        int k = 0;
        int w = 0;
        // the two unconditional writes need out[k + 1]
        for (; w < words.length && k < limit - 1; w++) {
            long bits = words[w];
            int base = w << 6;
            int c = Long.bitCount(bits);
            out[k] = base + Long.numberOfTrailingZeros(bits);
            long rest = bits & (bits - 1);
            out[k + 1] = base + Long.numberOfTrailingZeros(rest);
            if (c > 2) {
                rest &= rest - 1;
                for (int j = k + 2; rest != 0 && j < limit; j++) {
                    out[j] = base + Long.numberOfTrailingZeros(rest);
                    rest &= rest - 1;
                }
            }
            k += c;
        }
        for (; w < words.length && k < limit; w++) {
            long bits = words[w];
            while (bits != 0 && k < limit) {
                out[k++] = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        if (k < limit) {
            throw new IllegalArgumentException("limit " + limit + " above the " + k + " selected rows");
        }
        return out;
    }
}
