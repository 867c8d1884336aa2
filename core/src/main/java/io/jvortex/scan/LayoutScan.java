package io.jvortex.scan;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.dtype.DType;
import io.jvortex.file.VortexFile;
import io.jvortex.layout.Layout;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A scan over a file's layout tree: projects columns, splits the rows at every piece boundary of
 * the projected columns (so each chunk decodes each flat segment at most once), and returns chunks
 * in row order.
 */
public final class LayoutScan implements ScanIterator {
    private final VortexFile file;
    private final ScanState state;
    private final ColumnReader root;
    private final DType dtype;
    private final long[] cuts;
    private final int maxChunkRows;
    private final Thread owner = Thread.currentThread();
    private final long endRow;
    private long position;
    private long remaining;
    private int nextCut;
    private Chunk open;
    private boolean closed;

    /**
     * @param file the opened file
     * @param options reader options
     * @param scan what to read
     */
    public LayoutScan(VortexFile file, ReaderOptions options, ScanOptions scan) {
        this.file = file;
        this.state = new ScanState(file, options.encodings(), options.allowUnknown(), options.maxDecodedBytes());
        Layout layout = file.rootLayout();
        Projected projected = project(layout, scan.columns());
        this.root = projected.reader();
        this.dtype = projected.dtype();
        List<Long> b = new ArrayList<>();
        root.boundaries(0, b::add);
        this.cuts = b.stream().mapToLong(Long::longValue).filter(x -> x > 0 && x < layout.rowCount())
                .sorted().distinct().toArray();
        this.maxChunkRows = scan.maxChunkRows();
        this.endRow = Math.min(scan.rowEnd(), layout.rowCount());
        this.position = Math.min(scan.rowStart(), endRow);
        this.remaining = Math.min(scan.limit(), endRow - position);
    }

    private record Projection(ColumnReader reader, DType dtype) {
    }

    /**
     * The reader tree of a projection of the root layout.
     *
     * @param reader the root reader
     * @param dtype the dtype it reads
     */
    record Projected(ColumnReader reader, DType dtype) {
    }

    /**
     * @param layout the root layout
     * @param columns column paths (empty = everything)
     * @return the reader of those columns, as a struct (or the whole root)
     */
    static Projected project(Layout layout, List<String> columns) {
        if (columns.isEmpty()) {
            return new Projected(Readers.of(layout), layout.dtype());
        }
        if (!(layout.dtype() instanceof DType.Struct rootType)) {
            throw new IllegalArgumentException("columns were requested but the file's root is "
                    + layout.dtype().display() + ", not a struct");
        }
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        List<ColumnReader> readers = new ArrayList<>();
        for (String p : columns) {
            List<String> path = List.of(p.split("\\.", -1));
            if (rootType.indexOf(p) >= 0) {
                path = List.of(p); // a top-level name containing dots
            }
            Projection proj = project(layout, rootType, path, p);
            names.add(p);
            types.add(proj.dtype);
            readers.add(proj.reader);
        }
        DType.Struct projected = new DType.Struct(names, types, false);
        return new Projected(new StructReader(projected, null, readers, layout.rowCount()), projected);
    }

    private static Projection project(Layout layout, DType.Struct rootType, List<String> path, String original) {
        DType t = rootType;
        boolean ancestorsNullable = false;
        for (int i = 0; i < path.size(); i++) {
            if (!(t instanceof DType.Struct s) || s.indexOf(path.get(i)) < 0) {
                throw new IllegalArgumentException("no column '" + original + "' in a struct of "
                        + rootType.fields().size() + " fields");
            }
            if (i > 0) {
                ancestorsNullable |= s.nullable();
            }
            t = s.fields().get(s.indexOf(path.get(i)));
        }
        // Descend through non-nullable struct layouts; below a nullable one, read just the needed
        // field with that struct's validity and project the rest from decoded structs.
        Layout current = layout;
        int depth = 0;
        while (depth < path.size() && current instanceof Layout.Struct s && (depth == 0 || !s.dtype().nullable())) {
            current = s.fields().get(s.dtype().indexOf(path.get(depth)));
            depth++;
        }
        boolean nullable = t.nullable() || ancestorsNullable;
        ColumnReader reader;
        if (depth == path.size()) {
            reader = Readers.of(current);
        } else if (current instanceof Layout.Struct s) {
            reader = new FieldReader(Readers.project(s, List.of(path.get(depth))), path.subList(depth, path.size()),
                    nullable);
        } else {
            reader = new FieldReader(Readers.of(current), path.subList(depth, path.size()), nullable);
        }
        return new Projection(reader, t.withNullable(nullable));
    }

    /** @return the dtype of the chunks' arrays */
    public DType dtype() {
        return dtype;
    }

    private void checkThread() {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("a scan iterator is confined to the thread that created it");
        }
    }

    @Override
    public boolean hasNext() {
        checkThread();
        return !closed && remaining > 0;
    }

    @Override
    public Chunk next() {
        checkThread();
        if (closed || remaining <= 0) {
            throw new NoSuchElementException();
        }
        if (open != null && !open.isClosed()) {
            throw new IllegalStateException("close the previous chunk before requesting the next one");
        }
        while (nextCut < cuts.length && cuts[nextCut] <= position) {
            nextCut++;
        }
        long end = nextCut < cuts.length ? Math.min(cuts[nextCut], endRow) : endRow;
        end = Math.min(end, position + Math.min(remaining, maxChunkRows));
        int length = (int) (end - position);
        Arena arena = Arena.ofConfined();
        try {
            state.startChunk(arena);
            Canonical array = root.read(position, length, state);
            if (array.length() != length) {
                throw new VortexException(file.source(), VortexException.NO_OFFSET, null,
                        "read " + array.length() + " rows for a range of " + length, null);
            }
            long first = position;
            position = end;
            remaining -= length;
            open = new Chunk(first, array, arena, () -> root.release(position));
            return open;
        } catch (IndexOutOfBoundsException | IllegalArgumentException | ArithmeticException
                 | NegativeArraySizeException | ClassCastException e) {
            // Safety net: assembling a chunk met data the decoders' validation did not anticipate.
            arena.close();
            throw new VortexException(file.source(), VortexException.NO_OFFSET, "rows " + position + "..",
                    "malformed data: " + e, e);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (open != null) {
                open.close();
            }
            root.close();
        }
    }

    @Override
    public String toString() {
        return "LayoutScan[" + file.source() + ", cuts=" + Arrays.toString(Arrays.copyOf(cuts, Math.min(8, cuts.length)))
                + "]";
    }
}
