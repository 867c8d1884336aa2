package io.jvortex.array;

import io.jvortex.dtype.DType;

/** An array of the null type: every row is null. @param length rows */
public record NullArray(int length) implements Canonical {
    private static final DType.Null DTYPE = new DType.Null();

    @Override
    public DType dtype() {
        return DTYPE;
    }

    @Override
    public Validity validity() {
        return Validity.ALL_INVALID;
    }

    @Override
    public NullArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        return new NullArray(len);
    }
}
