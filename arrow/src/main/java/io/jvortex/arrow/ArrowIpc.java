package io.jvortex.arrow;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Conversions between Vortex files and Arrow IPC files and streams. Each writes beside its target and
 * renames at the end, so that a failure leaves nothing at the destination.
 */
public final class ArrowIpc {
    private ArrowIpc() {
    }

    /**
     * Writes a Vortex file's rows as Arrow IPC, one record batch per scan chunk, with the Arrow types the Rust
     * reader gives ({@link ArrowSchemas#fromDType}).
     *
     * @param vortex the Vortex file
     * @param arrow the Arrow file to write
     * @param stream true for the stream format, false for the file format
     * @return the number of rows written
     * @throws VortexException when a column has no Arrow form or the input is corrupt
     * @throws UncheckedIOException when a file cannot be read or written
     */
    public static long toArrow(Path vortex, Path arrow, boolean stream) {
        return toArrow(vortex, arrow, stream, (rows, totalRows) -> { });
    }

    /** Hears how far an export got, after each chunk of rows. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param rows the rows written so far
         * @param totalRows the rows of the Vortex file
         */
        void progress(long rows, long totalRows);
    }

    /**
     * {@link #toArrow(Path, Path, boolean)}, telling a listener how far it got.
     *
     * @param vortex the Vortex file
     * @param arrow the Arrow file to write
     * @param stream true for the stream format, false for the file format
     * @param listener hears the progress
     * @return the number of rows written
     */
    public static long toArrow(Path vortex, Path arrow, boolean stream, Listener listener) {
        java.util.Objects.requireNonNull(listener, "listener");
        return replacing(arrow, partial -> {
            try (VortexReader reader = VortexReader.open(vortex)) {
                if (!(reader.schema() instanceof DType.Struct table)) {
                    throw new VortexException(vortex + ": the file's root is " + reader.schema().display()
                            + ", not a table");
                }
                try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial,
                             java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE), 1 << 16);
                     ArrowIpcWriter writer = stream ? ArrowIpcWriter.stream(out, table)
                             : ArrowIpcWriter.file(out, table);
                     ScanIterator scan = reader.scan()) {
                    while (scan.hasNext()) {
                        try (Chunk chunk = scan.next()) {
                            writer.write(chunk);
                        }
                        listener.progress(writer.rowCount(), reader.rowCount());
                    }
                    return writer.rowCount();
                }
            }
        });
    }

    /**
     * Writes an Arrow IPC file or stream as a Vortex file.
     *
     * @param arrow the Arrow IPC file or stream
     * @param vortex the Vortex file to write
     * @param options the write options
     * @return the number of rows written
     * @throws VortexException when the input is corrupt or holds a type Vortex cannot write (intervals,
     *     unions)
     * @throws UncheckedIOException when a file cannot be read or written
     */
    public static long toVortex(Path arrow, Path vortex, WriteOptions options) {
        // the writer itself writes one temporary file beside the destination and renames it into place
        try (ArrowIpcReader reader = ArrowIpcReader.open(arrow)) {
            VortexWriter writer;
            try {
                writer = VortexWriter.create(vortex, reader.dtype(), options);
            } catch (IllegalArgumentException e) {
                // Arrow allows what Vortex does not, e.g. duplicate column names
                throw new VortexException(arrow + ": cannot be written as Vortex: " + e.getMessage());
            }
            try (writer) {
                try {
                    for (StructArray batch = reader.next(); batch != null; batch = reader.next()) {
                        writer.write(batch);
                    }
                } catch (RuntimeException | Error e) {
                    writer.abort();
                    throw e;
                }
                return writer.rowCount();
            }
        }
    }

    /** What writes the partial file. */
    @FunctionalInterface
    private interface Write {
        long to(Path partial) throws IOException;
    }

    private static long replacing(Path target, Write write) {
        // a name of its own per write (two writers of one destination do not meet), created as a new
        // file so that the result gets the permissions any new file gets
        Path partial = target.toAbsolutePath().resolveSibling("." + target.getFileName() + "."
                + ProcessHandle.current().pid() + "-" + Long.toHexString(new java.util.SplittableRandom().nextLong())
                + ".partial");
        try {
            long rows = write.to(partial);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(partial);
            } catch (IOException e) {
                // best effort: the original failure matters more
            }
        }
    }
}
