package io.jvortex.fuzz;

import io.jvortex.error.VortexException;
import io.jvortex.internal.zstd.Zstd;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The Zstandard decoder over arbitrary frames, into a buffer of the size the frame declares (when it
 * declares one within the format's bound) or of the bound itself, capped at 8 MiB.
 */
public final class ZstdFuzzer {
    private static final long CAP = 8L << 20;

    private ZstdFuzzer() {
    }

    /**
     * @param data one or more frames
     */
    public static void fuzzerTestOneInput(byte[] data) {
        MemorySegment src = MemorySegment.ofArray(data);
        long bound = Math.min(CAP, Zstd.maxDecompressedSize(data.length));
        try (Arena arena = Arena.ofConfined()) {
            long declared = -1;
            try {
                declared = Zstd.frameContentSize(src);
            } catch (VortexException notAFrame) {
                // decode anyway: the decoder must say the same
            }
            long size = declared >= 0 && declared <= bound ? declared : bound;
            MemorySegment dst = arena.allocate(Math.max(1, size));
            long written = Zstd.decompress(src, dst);
            if (written < 0 || written > dst.byteSize()) {
                throw new AssertionError("zstd wrote " + written + " bytes into " + dst.byteSize());
            }
        } catch (VortexException expected) {
            // malformed frames, reported as such
        }
    }
}
