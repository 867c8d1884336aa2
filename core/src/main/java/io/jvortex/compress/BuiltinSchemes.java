package io.jvortex.compress;

import java.util.List;

/**
 * The one list of built-in schemes, in evaluation order (earlier wins ties), mirroring the
 * reference's scheme order per dtype family. Compact-only schemes (Pcodec, Zstandard) are listed
 * separately.
 */
public final class BuiltinSchemes {
    private BuiltinSchemes() {
    }

    /** @return the default schemes */
    public static List<Scheme> defaults() {
        return List.of(
        );
    }

    /** @return the extra schemes of the compact strategy, tried after the defaults */
    public static List<Scheme> compact() {
        return List.of(
                new io.jvortex.encoding.pco.PcoScheme()
        );
    }
}
