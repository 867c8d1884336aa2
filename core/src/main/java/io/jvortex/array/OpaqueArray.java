package io.jvortex.array;

import io.jvortex.dtype.DType;

/**
 * An array whose encoding this reader does not know, kept opaque because the reader was opened
 * with {@code allowUnknown}. Its values cannot be read; every row reports as null.
 *
 * @param encodingId the unknown encoding id
 * @param dtype the type the file declares for it
 * @param length rows
 */
public record OpaqueArray(String encodingId, DType dtype, int length) implements Canonical {
    @Override
    public Validity validity() {
        return Validity.ALL_INVALID;
    }

    @Override
    public OpaqueArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        return new OpaqueArray(encodingId, dtype, len);
    }
}
