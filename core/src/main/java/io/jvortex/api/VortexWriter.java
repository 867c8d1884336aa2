package io.jvortex.api;

import io.jvortex.array.Concat;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.write.FileWriter;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Writes a Vortex file: create, {@link #write} batches, {@link #close} writes the footer.
 *
 * <p>{@link #write} copies what it needs before returning, so the caller may reuse or free the
 * batch's memory afterwards.
 */
public final class VortexWriter implements AutoCloseable {
    private final Path path;
    private final DType.Struct schema;
    private final WriteOptions options;
    private final List<StructArray> batches = new ArrayList<>();
    private final Arena arena = Arena.ofShared();
    private boolean closed;

    private VortexWriter(Path path, DType.Struct schema, WriteOptions options) {
        this.path = path;
        this.schema = schema;
        this.options = options;
    }

    /**
     * @param path the destination file (replaced on {@link #close})
     * @param schema the table schema
     * @param options how to write
     * @return a writer
     */
    public static VortexWriter create(Path path, DType.Struct schema, WriteOptions options) {
        return new VortexWriter(Objects.requireNonNull(path, "path"), Objects.requireNonNull(schema, "schema"),
                Objects.requireNonNull(options, "options"));
    }

    /** @return the table schema */
    public DType.Struct schema() {
        return schema;
    }

    /** @return the options */
    public WriteOptions options() {
        return options;
    }

    /**
     * Appends rows.
     *
     * @param batch rows of exactly the schema's dtype
     * @throws IllegalArgumentException when the batch does not match the schema
     */
    public void write(StructArray batch) {
        if (closed) {
            throw new IllegalStateException("writer is closed");
        }
        if (!batch.dtype().equals(schema)) {
            throw new IllegalArgumentException("batch of " + batch.dtype().display() + " for schema "
                    + schema.display());
        }
        batches.add((StructArray) Concat.concat(schema, List.of(batch), bytes -> arena.allocate(bytes, 8)));
    }

    /**
     * Writes the file.
     *
     * @throws UncheckedIOException when writing fails
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            FileWriter.write(path, schema, batches.iterator());
        } finally {
            arena.close();
        }
    }
}
