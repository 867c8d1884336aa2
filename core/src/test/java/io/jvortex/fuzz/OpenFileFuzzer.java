package io.jvortex.fuzz;

import io.jvortex.api.Split;
import io.jvortex.api.VortexReader;
import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;

/**
 * Opening a file: trailer, postscript, footer, dtype, layout and statistics, then the metadata a
 * caller asks for without reading data (statistics, zone maps, splits).
 */
public final class OpenFileFuzzer {
    private OpenFileFuzzer() {
    }

    /**
     * @param data the file's bytes
     */
    public static void fuzzerTestOneInput(byte[] data) {
        try (VortexReader r = VortexReader.open(MemorySegment.ofArray(data), "fuzz.vortex", Fuzz.OPTIONS)) {
            r.rowCount();
            r.layout();
            r.statistics();
            r.userMetadata();
            for (Split s : r.splits(1 << 16)) {
                s.rowCount();
            }
            if (r.schema() instanceof DType.Struct s) {
                for (String name : s.names()) {
                    r.zones(name);
                }
            }
        } catch (VortexException expected) {
            // a malformed file, reported as such
        }
    }
}
