package io.jvortex.array;

import io.jvortex.dtype.DType;

/**
 * Lists as {@code length + 1} offsets into an elements array: list {@code i} is
 * {@code elements[offsets[i], offsets[i+1])}.
 *
 * @param dtype the list type
 * @param elements the concatenated elements
 * @param offsets {@code length + 1} integers of any integer ptype
 * @param length rows
 * @param validity which rows are valid
 */
public record ListArray(DType.List dtype, Canonical elements, PrimitiveArray offsets, int length, Validity validity)
        implements Canonical {

    /** Checks the offsets count. */
    public ListArray {
        if (offsets.length() != length + 1) {
            throw new IllegalArgumentException(offsets.length() + " offsets for " + length + " lists");
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
        return offsets.getLong(i + 1) - offsets.getLong(i);
    }

    @Override
    public ListArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        return new ListArray(dtype, elements, offsets.slice(start, len + 1), len, validity.slice(start, len));
    }
}
