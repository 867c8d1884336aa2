package io.jvortex.spi;

import io.jvortex.array.PrimitiveArray;
import java.util.Arrays;

/**
 * The patches of an {@link EncodedForm.Kernel}: rows whose value is stored apart from the encoded
 * ones (ALP exceptions, bit-packing overflows), as strictly increasing row positions and their values.
 *
 * @param positions patched rows, strictly increasing
 * @param values their values, one per position; null when there are none
 */
public record PatchedRows(int[] positions, PrimitiveArray values) {
    /**
     * The patches of rows {@code [start, start + length)}, with positions relative to {@code start}.
     *
     * @param positions patched rows, strictly increasing
     * @param values their values (null when {@code positions} is empty)
     * @param start the first row of the slice
     * @param length rows in the slice
     * @return the slice's patches (values null when none fall inside)
     */
    public static PatchedRows slice(int[] positions, PrimitiveArray values, int start, int length) {
        int from = firstAtLeast(positions, start);
        int to = firstAtLeast(positions, start + length);
        int[] local = new int[to - from];
        for (int k = from; k < to; k++) {
            local[k - from] = positions[k] - start;
        }
        return new PatchedRows(local, local.length == 0 ? null : values.slice(from, to - from));
    }

    private static int firstAtLeast(int[] sorted, int row) {
        int i = Arrays.binarySearch(sorted, row);
        return i >= 0 ? i : -i - 1;
    }
}
