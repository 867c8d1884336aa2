package io.jvortex.api;

import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import java.lang.foreign.Arena;
import java.util.Objects;

/**
 * A run of consecutive rows of a scan, with every projected column decoded. Owns an arena for
 * memory only it uses; its data is valid until {@link #close()}, after which every access through the
 * chunk and its {@link Column} views throws {@link IllegalStateException}. The raw segments of
 * {@link #rawArray()} must not be used after close either: large decode buffers return to
 * {@link io.jvortex.array.BufferPool#shared()} and later chunks reuse them.
 */
public final class Chunk implements AutoCloseable {
    private final long firstRowIndex;
    private final Canonical array;
    private final Arena arena;
    private final Runnable onClose;
    private boolean closed;

    static {
        io.jvortex.api.internal.ApiAccess.install(new io.jvortex.api.internal.ApiAccess.Bridge() {
            @Override
            public Chunk newChunk(long firstRowIndex, Canonical array, Arena arena, Runnable onClose) {
                return new Chunk(firstRowIndex, array, arena, onClose);
            }

            @Override
            public io.jvortex.internal.file.VortexFile file(VortexReader reader) {
                return reader.file();
            }

            @Override
            public ReaderOptions options(VortexReader reader) {
                return reader.options();
            }
        });
    }

    /** Chunks are created by scans and takes (through {@code ApiAccess}). */
    private Chunk(long firstRowIndex, Canonical array, Arena arena, Runnable onClose) {
        this.firstRowIndex = firstRowIndex;
        this.array = Objects.requireNonNull(array, "array");
        this.arena = arena;
        this.onClose = onClose;
    }

    /** @throws IllegalStateException when the chunk is closed */
    public void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("chunk of rows " + firstRowIndex + ".." + (firstRowIndex + array.length())
                    + " is closed");
        }
    }

    /** @return whether {@link #close()} was called */
    public boolean isClosed() {
        return closed;
    }

    /**
     * @return the file row index of this chunk's first row; in a filtered scan, the first row of the
     *     range this chunk's rows were selected from
     */
    public long firstRowIndex() {
        return firstRowIndex;
    }

    /** @return the number of rows */
    public int rowCount() {
        return array.length();
    }

    /** @return the rows' dtype (the projected struct for tables) */
    public DType dtype() {
        return array.dtype();
    }

    /**
     * The raw escape hatch: the decoded rows as a canonical array (a {@link StructArray} for tables).
     * Unlike the {@link Column} views, the array does not know when this chunk closes; its buffers
     * must not be touched after {@link #close()} (they may already hold a later chunk's data).
     *
     * @return the decoded rows
     * @throws IllegalStateException when the chunk is closed
     */
    public Canonical rawArray() {
        ensureOpen();
        return array;
    }

    /**
     * The raw escape hatch for one column (see {@link #rawArray()}).
     *
     * @param name a projected column name
     * @return that column's canonical array
     * @throws IllegalStateException when the chunk is closed or its root is not a struct
     */
    public Canonical rawField(String name) {
        ensureOpen();
        if (!(array instanceof StructArray s)) {
            throw new IllegalStateException("the scan's root is " + array.dtype().display() + ", not a struct");
        }
        return s.field(name);
    }

    /**
     * @return the number of columns: the struct's field count for tables, 1 for a non-struct root
     * @throws IllegalStateException when the chunk is closed
     */
    public int columnCount() {
        ensureOpen();
        return array instanceof StructArray s ? s.fields().size() : 1;
    }

    /**
     * @param index a column index, {@code < columnCount()}; for a non-struct root only 0 (the whole
     *     root, with an empty name)
     * @return a view of that column, valid while this chunk is open
     * @throws IndexOutOfBoundsException for a bad index
     * @throws IllegalStateException when the chunk is closed
     */
    public Column column(int index) {
        Objects.checkIndex(index, columnCount());
        if (array instanceof StructArray s) {
            return new Column(this, s.dtype().names().get(index), s.fields().get(index));
        }
        return new Column(this, "", array);
    }

    /**
     * @param name a projected column name
     * @return a view of that column, valid while this chunk is open
     * @throws IllegalArgumentException when there is no such column
     * @throws IllegalStateException when the chunk is closed or its root is not a struct
     */
    public Column column(String name) {
        return new Column(this, name, rawField(name));
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (arena != null) {
                arena.close();
            }
            if (onClose != null) {
                onClose.run();
            }
        }
    }
}
