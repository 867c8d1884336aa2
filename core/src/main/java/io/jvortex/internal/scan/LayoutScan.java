package io.jvortex.internal.scan;

import io.jvortex.api.internal.ApiAccess;
import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.dtype.DType;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import java.lang.foreign.Arena;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.PType;
import io.jvortex.expr.BoundPredicate;
import io.jvortex.expr.Evaluator;
import io.jvortex.expr.Expr;
import io.jvortex.expr.Selection;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * A scan over a file's layout tree: projects columns, splits the rows at every piece boundary of
 * the projected columns (so each chunk decodes each flat segment at most once), and returns chunks
 * in row order. With a filter it also skips row ranges the statistics rule out (see
 * {@link ZonePruner}), evaluates the predicate on the filter's columns first, and reads the projected
 * columns only for ranges with matching rows, returning just those rows.
 */
public final class LayoutScan implements ScanIterator {
    /**
     * Below one survivor in this many rows, the projection decodes only the surviving positions
     * ({@link ColumnReader#readSome}). Estimated, not tuned: a point decode costs a few times a
     * bulk-decoded value (unaligned word reads and a patch search instead of a streamed unpack), while
     * the bulk path decodes every row and then keeps the survivors ({@link SelectionFilter}), so below
     * 1 in 8 the point path should win; denser ranges keep the bulk path and its segment cache.
     */
    static final int FEW_SURVIVORS = 8;

    private final VortexFile file;
    private final ScanState state;
    private final ColumnReader root;
    private final DType dtype;
    private final long[] cuts;
    private final int maxChunkRows;
    private final Thread owner = Thread.currentThread();
    private final long endRow;
    private final BoundPredicate predicate;
    private final Evaluator evaluator;
    private final Map<Expr.Column, ColumnReader> filterReaders;
    private final List<ColumnReader> filterOnly;
    private final long[] pruned;
    /** Plans the reads of a file that is not mapped; null when it is. */
    private final Prefetcher prefetcher;
    /** What the prefetcher fetches ahead: the projection, or a filtered scan's filter columns. */
    private final List<ColumnReader> ahead;
    private int nextPruned;
    private Chunk pending;
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
        this.predicate = scan.filter() == null ? null : scan.filter().bind(layout.dtype());
        List<String> columns = scan.columns();
        if (predicate != null && columns.isEmpty() && layout.dtype() instanceof DType.Struct rootType
                && !rootType.nullable()) {
            // project every column explicitly so the filter shares their readers
            columns = rootType.names();
        }
        Map<List<String>, Projection> projections = new HashMap<>();
        Projected projected = project(layout, columns, projections);
        this.root = projected.reader();
        this.dtype = projected.dtype();
        List<Long> b = new ArrayList<>();
        root.boundaries(0, b::add);
        this.filterReaders = new LinkedHashMap<>();
        this.filterOnly = new ArrayList<>();
        if (predicate != null) {
            DType.Struct rootType = (DType.Struct) layout.dtype();
            for (BoundPredicate.BoundColumn c : predicate.columns()) {
                Projection proj = projections.get(c.column().path());
                if (proj == null) {
                    proj = project(layout, rootType, c.column().path(), c.column().name());
                    projections.put(c.column().path(), proj);
                    filterOnly.add(proj.reader);
                    proj.reader.boundaries(0, b::add);
                }
                filterReaders.put(c.column(), proj.reader);
            }
            this.pruned = ZonePruner.prunedRanges(file, options, predicate);
            for (long r : pruned) {
                b.add(r);
            }
            this.evaluator = new Evaluator(predicate);
        } else {
            this.pruned = new long[0];
            this.evaluator = null;
        }
        this.cuts = b.stream().mapToLong(Long::longValue).filter(x -> x > 0 && x < layout.rowCount())
                .sorted().distinct().toArray();
        this.maxChunkRows = scan.maxChunkRows();
        this.endRow = Math.min(scan.rowEnd(), layout.rowCount());
        this.position = Math.min(scan.rowStart(), endRow);
        this.remaining = Math.min(scan.limit(), endRow - position);
        if (file.isMapped()) {
            this.prefetcher = null;
            this.ahead = List.of();
        } else {
            this.prefetcher = new Prefetcher(file, file.prefetchWindowBytes(), cuts, pruned);
            this.ahead = predicate == null ? List.of(root)
                    : List.copyOf(new java.util.LinkedHashSet<>(filterReaders.values()));
        }
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
        return project(layout, columns, new HashMap<>());
    }

    /**
     * @param layout the root layout
     * @param columns column paths (empty = everything)
     * @param projections the readers made so far, by path: a path asked for twice shares its reader,
     *        and the filter finds the readers of the columns it needs here
     * @return the reader of those columns, as a struct (or the whole root)
     */
    private static Projected project(Layout layout, List<String> columns, Map<List<String>, Projection> projections) {
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
        Names rootNames = new Names(rootType, columns.size());
        for (String p : columns) {
            List<String> path = rootNames.path(p);
            Projection proj = projections.computeIfAbsent(path, k -> project(layout, rootType, k, p, rootNames));
            names.add(p);
            types.add(proj.dtype);
            readers.add(proj.reader);
        }
        DType.Struct projected = new DType.Struct(names, types, false);
        return new Projected(new StructReader(projected, null, readers, layout.rowCount()), projected);
    }

    /**
     * How a requested column name addresses a struct: a top-level name (even one containing dots) as
     * itself, else a dotted path of nested fields.
     *
     * @param root the table's dtype
     * @param column the requested name
     * @return the field names from the root down
     */
    public static List<String> columnPath(DType.Struct root, String column) {
        return new Names(root, 1).path(column);
    }

    private static Projection project(Layout layout, DType.Struct rootType, List<String> path, String original) {
        return project(layout, rootType, path, original, new Names(rootType, 1));
    }

    /**
     * The field names of the root struct, looked up by a hash index once more than a few names are
     * asked for in a wide struct ({@link DType.Struct#indexOf} is a linear search, which made
     * projecting all columns of a 10,000-column file quadratic: 0.4 s before the first row).
     */
    static final class Names {
        private final DType.Struct struct;
        private final Map<String, Integer> index;

        Names(DType.Struct struct, int lookups) {
            this.struct = struct;
            int n = struct.names().size();
            if ((long) lookups * n > 4096) {
                index = HashMap.newHashMap(n);
                for (int i = n - 1; i >= 0; i--) {
                    index.put(struct.names().get(i), i); // the first of duplicate names wins, as in indexOf
                }
            } else {
                index = null;
            }
        }

        int indexOf(String name) {
            if (index == null) {
                return struct.indexOf(name);
            }
            Integer i = index.get(name);
            return i == null ? -1 : i;
        }

        /** @see LayoutScan#columnPath */
        List<String> path(String column) {
            return indexOf(column) >= 0 ? List.of(column) : List.of(column.split("\\.", -1));
        }
    }

    private static Projection project(Layout layout, DType.Struct rootType, List<String> path, String original,
                                      Names rootNames) {
        DType t = rootType;
        boolean ancestorsNullable = false;
        int[] at = new int[path.size()];
        for (int i = 0; i < path.size(); i++) {
            int index = !(t instanceof DType.Struct s) ? -1 : i == 0 ? rootNames.indexOf(path.get(0)) : s.indexOf(path.get(i));
            if (index < 0) {
                throw new IllegalArgumentException("no column '" + original + "' in a struct of "
                        + rootType.fields().size() + " fields");
            }
            DType.Struct s = (DType.Struct) t;
            if (i > 0) {
                ancestorsNullable |= s.nullable();
            }
            at[i] = index;
            t = s.fields().get(index);
        }
        // Descend through non-nullable struct layouts; below a nullable one, read just the needed
        // field with that struct's validity and project the rest from decoded structs.
        Layout current = layout;
        int depth = 0;
        while (depth < path.size() && current instanceof Layout.Struct s && (depth == 0 || !s.dtype().nullable())) {
            current = s.fields().get(at[depth]);
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
        if (closed) {
            return false;
        }
        if (predicate == null) {
            return remaining > 0;
        }
        if (pending == null && remaining > 0) {
            if (open != null && !open.isClosed()) {
                throw new IllegalStateException("close the previous chunk before asking a filtered scan for more");
            }
            pending = nextFiltered();
        }
        return pending != null;
    }

    @Override
    public Chunk next() {
        checkThread();
        if (predicate != null) {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            open = pending;
            pending = null;
            return open;
        }
        if (closed || remaining <= 0) {
            throw new NoSuchElementException();
        }
        if (open != null && !open.isClosed()) {
            throw new IllegalStateException("close the previous chunk before requesting the next one");
        }
        long end = chunkEnd();
        int length = (int) (end - position);
        if (prefetcher != null) {
            prefetcher.advance(position, position + remaining, ahead);
        }
        Arena arena = state.newArena();
        try {
            state.startChunk(arena);
            Canonical array = readRoot(length);
            long first = position;
            position = end;
            remaining -= length;
            open = ApiAccess.newChunk(first, array, arena, () -> root.release(position));
            return open;
        } catch (IndexOutOfBoundsException | IllegalArgumentException | ArithmeticException
                 | NegativeArraySizeException | ClassCastException e) {
            // Safety net: assembling a chunk met data the decoders' validation did not anticipate.
            arena.close();
            throw malformed(e);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    private long chunkEnd() {
        while (nextCut < cuts.length && cuts[nextCut] <= position) {
            nextCut++;
        }
        long end = nextCut < cuts.length ? Math.min(cuts[nextCut], endRow) : endRow;
        return Math.min(end, position + Math.min(remaining, maxChunkRows));
    }

    private Canonical readRoot(int length) {
        Canonical array = root.read(position, length, state);
        if (array.length() != length) {
            throw new VortexException(file.source(), VortexException.NO_OFFSET, null,
                    "read " + array.length() + " rows for a range of " + length, null);
        }
        return array;
    }

    private VortexException malformed(RuntimeException e) {
        return new VortexException(file.source(), VortexException.NO_OFFSET, "rows " + position + "..",
                "malformed data: " + e, e);
    }

    private boolean inPrunedRange(long row) {
        while (nextPruned < pruned.length && pruned[nextPruned + 1] <= row) {
            nextPruned += 2;
        }
        return nextPruned < pruned.length && pruned[nextPruned] <= row;
    }

    private void releaseAll(long row) {
        root.release(row);
        for (ColumnReader r : filterOnly) {
            r.release(row);
        }
    }

    /**
     * Reads ranges until one has matching rows: skips pruned ranges without reading, evaluates the
     * filter on its columns (dictionary columns as codes), and reads the projection only for ranges
     * with survivors.
     *
     * @return the next non-empty filtered chunk, or null at the end
     */
    private Chunk nextFiltered() {
        while (remaining > 0 && position < endRow) {
            if (inPrunedRange(position)) {
                position = Math.min(pruned[nextPruned + 1], endRow);
                releaseAll(position);
                continue;
            }
            while (nextCut < cuts.length && cuts[nextCut] <= position) {
                nextCut++;
            }
            // the limit counts surviving rows, so it does not bound the range read
            long end = nextCut < cuts.length ? Math.min(cuts[nextCut], endRow) : endRow;
            end = Math.min(end, position + maxChunkRows);
            int length = (int) (end - position);
            if (prefetcher != null) {
                prefetcher.advance(position, endRow, ahead);
            }
            Arena arena = state.newArena();
            try {
                state.startChunk(arena);
                Selection selection = evaluator.select(c -> {
                    ColumnReader r = filterReaders.get(c);
                    return r.readForFilter(position, length, state, !filterOnly.contains(r));
                }, length);
                int count = selection.count();
                if (count == 0) {
                    arena.close();
                    position = end;
                    releaseAll(position);
                    continue;
                }
                if (count > remaining) {
                    count = (int) remaining;
                }
                if (prefetcher != null) {
                    prefetcher.fetchNow(position, end, List.of(root));
                }
                Canonical array;
                if ((long) count * FEW_SURVIVORS < length) {
                    array = root.readSome(position, length, selection.indices(count), state);
                    if (array.length() != count) {
                        throw new VortexException(file.source(), VortexException.NO_OFFSET, null,
                                "read " + array.length() + " rows for " + count + " positions", null);
                    }
                } else if (count == length) {
                    array = readRoot(length);
                } else {
                    int kept = count;
                    array = root.readSelected(position, length,
                            new SelectionFilter(selection, kept, () -> indices(selection, kept, state)), state);
                    if (array.length() != count) {
                        throw new VortexException(file.source(), VortexException.NO_OFFSET, null,
                                "read " + array.length() + " rows for " + count + " selected", null);
                    }
                }
                long first = position;
                position = end;
                remaining -= count;
                return ApiAccess.newChunk(first, array, arena, () -> releaseAll(position));
            } catch (IndexOutOfBoundsException | IllegalArgumentException | ArithmeticException
                     | NegativeArraySizeException | ClassCastException e) {
                arena.close();
                throw malformed(e);
            } catch (RuntimeException e) {
                arena.close();
                throw e;
            }
        }
        return null;
    }

    private static PrimitiveArray indices(Selection selection, int count, ScanState state) {
        MemorySegment buf = state.chunkAllocator().allocate(4L * count);
        MemorySegment.copy(selection.indices(count), 0, buf, ValueLayout.JAVA_INT_UNALIGNED, 0, count);
        return new PrimitiveArray(new DType.Primitive(PType.U32, false), buf, count, Validity.ALL_VALID);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (open != null) {
                open.close();
            }
            if (pending != null) {
                pending.close();
                pending = null;
            }
            root.close();
            for (ColumnReader r : filterOnly) {
                r.close();
            }
            if (prefetcher != null) {
                prefetcher.close();
            }
        }
    }

    @Override
    public String toString() {
        return "LayoutScan[" + file.source() + ", cuts=" + Arrays.toString(Arrays.copyOf(cuts, Math.min(8, cuts.length)))
                + "]";
    }
}
