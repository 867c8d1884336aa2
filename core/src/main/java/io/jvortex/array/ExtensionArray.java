package io.jvortex.array;

import io.jvortex.dtype.DType;

/**
 * Values of an extension type, held as their storage array (which carries length and validity).
 *
 * @param dtype the extension type
 * @param storage the storage values, of {@code dtype.storage()}
 */
public record ExtensionArray(DType.Extension dtype, Canonical storage) implements Canonical {
    @Override
    public int length() {
        return storage.length();
    }

    @Override
    public Validity validity() {
        return storage.validity();
    }

    @Override
    public ExtensionArray slice(int start, int len) {
        return new ExtensionArray(dtype, storage.slice(start, len));
    }
}
