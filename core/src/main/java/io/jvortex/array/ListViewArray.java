package io.jvortex.array;

import io.jvortex.dtype.DType;

/**
 * Lists as per-row (offset, size) views into an elements array; views may overlap or be unordered.
 *
 * @param dtype the list type
 * @param elements the elements
 * @param offsets {@code length} integers
 * @param sizes {@code length} integers
 * @param length rows
 * @param validity which rows are valid
 */
public record ListViewArray(DType.List dtype, Canonical elements, PrimitiveArray offsets, PrimitiveArray sizes,
                            int length, Validity validity) implements Canonical {

    /** Checks the offsets and sizes counts. */
    public ListViewArray {
        if (offsets.length() != length || sizes.length() != length) {
            throw new IllegalArgumentException(offsets.length() + " offsets and " + sizes.length()
                    + " sizes for " + length + " lists");
        }
    }

    /**
     * @param i a row
     * @return the index of its first element
     */
    public long start(int i) {
        return offsets.getLong(i);
    }

    /**
     * @param i a row
     * @return its element count
     */
    public long size(int i) {
        return sizes.getLong(i);
    }

    @Override
    public ListViewArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        return new ListViewArray(dtype, elements, offsets.slice(start, len), sizes.slice(start, len), len,
                validity.slice(start, len));
    }
}
