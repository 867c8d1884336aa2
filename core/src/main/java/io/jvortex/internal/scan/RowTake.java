package io.jvortex.internal.scan;

import io.jvortex.api.internal.ApiAccess;
import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.array.Allocator;
import io.jvortex.array.Canonical;
import io.jvortex.array.Concat;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Take;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.file.VortexFile;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

/**
 * Random access: gathers rows by file row index, in the caller's order. Rows are sorted once; each
 * reader then visits only the pieces holding requested rows, and flat segments that were not
 * decoded yet decode just those positions where their encodings allow.
 */
public final class RowTake {
    private RowTake() {
    }

    /**
     * @param file the file
     * @param options reader options
     * @param rowIndices file rows, any order, duplicates allowed
     * @param columns column paths (empty = all top-level columns)
     * @return a chunk of {@code rowIndices.length} rows in that order ({@link Chunk#firstRowIndex()}
     *         is the first requested row)
     * @throws IllegalArgumentException when a row index is outside the file
     */
    public static Chunk take(VortexFile file, ReaderOptions options, long[] rowIndices, List<String> columns) {
        long rowCount = file.rowCount();
        int n = rowIndices.length;
        long[] sorted = rowIndices.clone();
        for (int i = 0; i < n; i++) {
            if (sorted[i] < 0 || sorted[i] >= rowCount) {
                throw new IllegalArgumentException("row index " + sorted[i] + " (position " + i + ") outside 0.."
                        + (rowCount - 1));
            }
        }
        Arrays.sort(sorted);
        LayoutScan.Projected projected = LayoutScan.project(file.rootLayout(), columns);
        ColumnReader root = projected.reader();
        ScanState state = new ScanState(file, options.encodings(), options.allowUnknown(), options.maxDecodedBytes());
        if (!file.isMapped() && n > 0) {
            if (options.io().partialTakes()) {
                prefetchParts(state, root, sorted);
            } else {
                prefetchSegments(file, root, sorted);
            }
        }
        Arena arena = state.newArena();
        try {
            state.startChunk(arena);
            Canonical rows = n == 0
                    ? io.jvortex.array.Canonicals.zeros(projected.dtype(), 0, Validity.ALL_VALID, state.chunkAllocator())
                    : root.take(sorted, 0, n, state);
            if (!Arrays.equals(sorted, rowIndices)) {
                rows = Take.take(rows, order(rowIndices, sorted, state.chunkAllocator()), state.chunkAllocator());
            }
            return ApiAccess.newChunk(n == 0 ? 0 : rowIndices[0], rows, arena, root::close);
        } catch (RuntimeException e) {
            root.close();
            arena.close();
            throw e;
        }
    }

    /**
     * Fetches, in one vectored read, the segments of every piece (of the projection's pieces) that
     * holds a requested row.
     */
    private static void prefetchSegments(VortexFile file, ColumnReader root, long[] sorted) {
        List<Long> b = new java.util.ArrayList<>();
        root.boundaries(0, b::add);
        long[] cuts = b.stream().mapToLong(Long::longValue).filter(x -> x > 0 && x < root.rowCount()).sorted()
                .distinct().toArray();
        java.util.BitSet ids = new java.util.BitSet();
        int i = 0;
        long pieceStart = 0;
        for (int c = 0; c <= cuts.length && i < sorted.length; c++) {
            long pieceEnd = c < cuts.length ? cuts[c] : root.rowCount();
            if (sorted[i] < pieceEnd) {
                root.segments(pieceStart, pieceEnd, ids::set);
                while (i < sorted.length && sorted[i] < pieceEnd) {
                    i++;
                }
            }
            pieceStart = pieceEnd;
        }
        file.prefetch(ids.stream().toArray());
    }

    /**
     * Fetches what the take reads ({@link io.jvortex.io.IoOptions#partialTakes()}): the flat segments whose
     * encodings can name the parts their rows need are read in part ({@link PartialTake}: their tails, then
     * the planned parts, each round one vectored read); every other segment of a piece holding a requested
     * row is fetched whole, in one vectored read started first.
     */
    private static void prefetchParts(ScanState state, ColumnReader root, long[] sorted) {
        List<PartialTake.Target> parts = new java.util.ArrayList<>();
        java.util.BitSet whole = new java.util.BitSet();
        root.takeTargets(sorted, 0, sorted.length, parts, whole);
        state.file.prefetch(whole.stream().toArray());
        java.util.BitSet rest = new java.util.BitSet();
        rest.or(whole);
        state.partialTake = PartialTake.fetch(state, parts, rest);
        rest.andNot(whole);
        state.file.prefetch(rest.stream().toArray());
    }

    /** Positions into {@code sorted} that put it back in the requested order. */
    private static PrimitiveArray order(long[] requested, long[] sorted, Allocator alloc) {
        MemorySegment idx = alloc.allocate(4L * requested.length);
        for (int i = 0; i < requested.length; i++) {
            int at = Arrays.binarySearch(sorted, requested[i]);
            idx.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, at);
        }
        return new PrimitiveArray(new DType.Primitive(PType.I32, false), idx, requested.length, Validity.ALL_VALID);
    }

    static PrimitiveArray indices(long[] rows, int from, int to, long base, Allocator alloc) {
        MemorySegment idx = alloc.allocate(4L * (to - from));
        for (int i = from; i < to; i++) {
            idx.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i - from, (int) (rows[i] - base));
        }
        return new PrimitiveArray(new DType.Primitive(PType.I32, false), idx, to - from, Validity.ALL_VALID);
    }

    static PrimitiveArray indices(int[] positions, Allocator alloc) {
        MemorySegment idx = alloc.allocate(4L * positions.length);
        MemorySegment.copy(positions, 0, idx, ValueLayout.JAVA_INT_UNALIGNED, 0, positions.length);
        return new PrimitiveArray(new DType.Primitive(PType.I32, false), idx, positions.length, Validity.ALL_VALID);
    }

    static Canonical concat(List<Canonical> parts, ScanState state) {
        return parts.size() == 1 ? parts.getFirst()
                : Concat.concat(parts.getFirst().dtype(), parts, state.chunkAllocator());
    }
}
