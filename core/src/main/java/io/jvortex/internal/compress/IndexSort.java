package io.jvortex.internal.compress;

/**
 * A stable merge sort of {@code int} indices under a caller's order, for encoders that sort a few
 * thousand candidates kept in parallel primitive arrays (no boxing, no per-element arrays).
 */
public final class IndexSort {
    /** An order on indices. */
    @FunctionalInterface
    public interface Order {
        /**
         * @param a an index
         * @param b another index
         * @return negative, zero or positive as {@code a} sorts before, with or after {@code b}
         */
        int compare(int a, int b);
    }

    private IndexSort() {
    }

    /**
     * @param count how many indices
     * @param order their order
     * @return {@code 0 .. count - 1} sorted by {@code order}, equal ones in ascending index order
     */
    public static int[] sorted(int count, Order order) {
        int[] perm = new int[count];
        for (int i = 0; i < count; i++) {
            perm[i] = i;
        }
        sort(perm, new int[count], 0, count, order);
        return perm;
    }

    private static void sort(int[] perm, int[] scratch, int from, int to, Order order) {
        if (to - from <= 8) {
            for (int i = from + 1; i < to; i++) {
                int v = perm[i];
                int j = i;
                while (j > from && order.compare(perm[j - 1], v) > 0) {
                    perm[j] = perm[j - 1];
                    j--;
                }
                perm[j] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        sort(perm, scratch, from, mid, order);
        sort(perm, scratch, mid, to, order);
        if (order.compare(perm[mid - 1], perm[mid]) <= 0) {
            return;
        }
        System.arraycopy(perm, from, scratch, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && order.compare(scratch[i], scratch[j]) <= 0)) {
                perm[k] = scratch[i++];
            } else {
                perm[k] = scratch[j++];
            }
        }
    }
}
