package io.jvortex.array;

import io.jvortex.dtype.DType;

/**
 * Lists of exactly {@code dtype.size()} elements: list {@code i} is
 * {@code elements[i * size, (i + 1) * size)}.
 *
 * @param dtype the fixed-size list type
 * @param elements {@code length * size} elements
 * @param length rows
 * @param validity which rows are valid
 */
public record FixedSizeListArray(DType.FixedSizeList dtype, Canonical elements, int length, Validity validity)
        implements Canonical {

    /** Checks the element count. */
    public FixedSizeListArray {
        if ((long) elements.length() != (long) length * dtype.size()) {
            throw new IllegalArgumentException(elements.length() + " elements for " + length + " lists of "
                    + dtype.size());
        }
    }

    @Override
    public FixedSizeListArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        int n = dtype.size();
        return new FixedSizeListArray(dtype, elements.slice(start * n, len * n), len, validity.slice(start, len));
    }
}
