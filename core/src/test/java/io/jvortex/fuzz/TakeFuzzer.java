package io.jvortex.fuzz;

import io.jvortex.api.Chunk;
import io.jvortex.api.VortexReader;
import io.jvortex.error.VortexException;
import io.jvortex.testutil.Walk;
import java.lang.foreign.MemorySegment;

/**
 * {@code take} of up to 64 rows (in any order, repeats allowed) chosen by the control bytes; the
 * rest of the input is the file.
 */
public final class TakeFuzzer {
    private TakeFuzzer() {
    }

    /**
     * @param data control bytes (see {@link Fuzz#withControl}) and the file's bytes
     */
    public static void fuzzerTestOneInput(byte[] data) {
        Fuzz.Input in = new Fuzz.Input(data);
        Fuzz.Input control = in.control();
        byte[] file = in.rest();
        try (VortexReader r = VortexReader.open(MemorySegment.ofArray(file), "fuzz.vortex", Fuzz.OPTIONS)) {
            long rows = r.rowCount();
            if (rows == 0) {
                return;
            }
            long[] indices = new long[1 + control.u8() % 64];
            for (int i = 0; i < indices.length; i++) {
                indices[i] = Long.remainderUnsigned(control.i32() & 0xFFFF_FFFFL, rows);
            }
            try (Chunk c = r.take(indices)) {
                Walk.checksum(c.rawArray());
            }
        } catch (VortexException expected) {
            // a malformed file, reported as such
        }
    }
}
