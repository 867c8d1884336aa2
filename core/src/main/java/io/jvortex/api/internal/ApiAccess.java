package io.jvortex.api.internal;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.internal.file.VortexFile;
import java.lang.foreign.Arena;

/**
 * The engine's way into the public {@code api} types without widening them: scans create chunks and
 * tools reach a reader's file through here. Not exported by the module; not API. {@code api} installs
 * the bridge when {@link Chunk} initializes.
 */
public final class ApiAccess {
    /** What {@code api} provides to the engine. */
    public interface Bridge {
        /**
         * @param firstRowIndex the file row of the chunk's row 0
         * @param array the decoded rows
         * @param arena the chunk's own arena, closed with it (may be null)
         * @param onClose called once when the chunk closes (may be null)
         * @return a new chunk
         */
        Chunk newChunk(long firstRowIndex, Canonical array, Arena arena, Runnable onClose);

        /**
         * @param reader an open reader
         * @return the file it reads
         */
        VortexFile file(VortexReader reader);

        /**
         * @param reader an open reader
         * @return the options it was opened with
         */
        ReaderOptions options(VortexReader reader);
    }

    private static volatile Bridge bridge;

    private ApiAccess() {
    }

    /**
     * Called once by {@code api}.
     *
     * @param installed the bridge
     */
    public static void install(Bridge installed) {
        if (bridge != null) {
            throw new IllegalStateException("the api bridge is installed already");
        }
        bridge = installed;
    }

    private static Bridge bridge() {
        Bridge b = bridge;
        if (b == null) {
            try {
                Class.forName(Chunk.class.getName(), true, Chunk.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            b = bridge;
        }
        return b;
    }

    /**
     * @param firstRowIndex the file row of the chunk's row 0
     * @param array the decoded rows (a struct for tables)
     * @param arena the chunk's own arena, closed with it (may be null)
     * @param onClose called once when the chunk closes (may be null)
     * @return a new chunk
     */
    public static Chunk newChunk(long firstRowIndex, Canonical array, Arena arena, Runnable onClose) {
        return bridge().newChunk(firstRowIndex, array, arena, onClose);
    }

    /**
     * @param reader an open reader
     * @return the file it reads (footer tables, segments): for tools and tests
     */
    public static VortexFile file(VortexReader reader) {
        return bridge().file(reader);
    }

    /**
     * @param reader an open reader
     * @return the options it was opened with
     */
    public static ReaderOptions options(VortexReader reader) {
        return bridge().options(reader);
    }
}
