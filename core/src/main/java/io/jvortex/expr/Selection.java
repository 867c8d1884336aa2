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
        int[] out = new int[count()];
        int k = 0;
        for (int w = 0; w < words.length; w++) {
            long bits = words[w];
            while (bits != 0) {
                out[k++] = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        return out;
    }
}
