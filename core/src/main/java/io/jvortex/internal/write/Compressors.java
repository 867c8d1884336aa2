package io.jvortex.internal.write;

import io.jvortex.api.WriteOptions;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.registry.BuiltinSchemes;
import java.util.ArrayList;
import java.util.List;

/** The compressor a set of write options selects. */
public final class Compressors {
    private Compressors() {
    }

    /**
     * @param options the write options
     * @return the default schemes, plus the compact ones when compact, restricted to the edition's array ids
     */
    public static Compressor of(WriteOptions options) {
        List<Scheme> schemes = new ArrayList<>(BuiltinSchemes.defaults());
        if (options.compact()) {
            schemes.addAll(BuiltinSchemes.compact());
        }
        return new Compressor(schemes, options.edition()::allowsArray);
    }
}
