package io.jvortex.internal.registry;

import io.jvortex.internal.compress.Scheme;
import java.util.List;

/**
 * The built-in compressor schemes in evaluation order (earlier wins ties), derived from the schemes'
 * priorities in {@link BuiltinEncodings}: the reference's scheme order per dtype family. Compact-only
 * schemes (Pcodec, Zstandard) are listed separately.
 */
public final class BuiltinSchemes {
    private BuiltinSchemes() {
    }

    /** @return the default schemes */
    public static List<Scheme> defaults() {
        return BuiltinEncodings.schemes(false);
    }

    /** @return the extra schemes of the compact strategy, tried after the defaults */
    public static List<Scheme> compact() {
        return BuiltinEncodings.schemes(true);
    }
}
