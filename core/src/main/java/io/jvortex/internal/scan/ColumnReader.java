package io.jvortex.internal.scan;

import io.jvortex.array.Take;
import java.util.ArrayList;
import java.util.List;

import io.jvortex.array.Canonical;
import java.util.function.LongConsumer;

/**
 * Reads one layout subtree in row order. A reader reports the row boundaries of its pieces (flat
 * segments); callers request ranges that never cross a reported boundary, in ascending order, and
 * release pieces they have passed so decoded memory is freed.
 */
abstract class ColumnReader {
    /** @return rows covered */
    abstract long rowCount();

    /**
     * Reports the start row (relative to this reader, plus {@code base}) of every piece except the first.
     *
     * @param base the absolute row of this reader's row 0
     * @param out receives boundaries
     */
    abstract void boundaries(long base, LongConsumer out);

    /**
     * @param start first row, relative to this reader
     * @param length rows; the range lies inside one piece
     * @param state the scan's decoding services
     * @return the rows, valid until {@link #release} passes them
     */
    abstract Canonical read(long start, int length, ScanState state);

    /**
     * Frees cached pieces that end at or before {@code row}.
     *
     * @param row a row relative to this reader
     */
    abstract void release(long row);

    /**
     * Gathers rows {@code rows[from..to)} (ascending, relative to this reader, duplicates allowed).
     * This default reads each piece that holds requested rows and gathers from it; readers whose
     * pieces can decode single positions override it. Pieces are not released: the caller closes
     * the reader when the result is no longer used.
     *
     * @param rows row indices, ascending
     * @param from first index into {@code rows}
     * @param to index into {@code rows} to stop before
     * @param state decoding services (the chunk allocator holds the result)
     * @return the gathered rows, in the order of {@code rows}
     */
    Canonical take(long[] rows, int from, int to, ScanState state) {
        List<Long> cuts = new ArrayList<>();
        boundaries(0, cuts::add);
        cuts.add(rowCount());
        List<Canonical> parts = new ArrayList<>();
        int i = from;
        long pieceStart = 0;
        for (long cut : cuts) {
            if (cut <= pieceStart) {
                continue;
            }
            int j = i;
            while (j < to && rows[j] < cut) {
                j++;
            }
            if (j > i) {
                Canonical piece = read(pieceStart, (int) (cut - pieceStart), state);
                parts.add(Take.take(piece, RowTake.indices(rows, i, j, pieceStart, state.chunkAllocator()),
                        state.chunkAllocator()));
            }
            i = j;
            pieceStart = cut;
        }
        return RowTake.concat(parts, state);
    }

    /**
     * Reads a range for a filter. This default decodes it; readers whose pieces can be evaluated
     * encoded (dictionaries, constants, runs, packed integers) return those forms.
     *
     * @param start first row, relative to this reader
     * @param length rows; the range lies inside one piece
     * @param state the scan's decoding services
     * @param shared whether the scan's projection reads this column too (then a form that costs a
     *        decode of its own is not worth it)
     * @return the rows
     */
    io.jvortex.expr.Evaluator.Values readForFilter(long start, int length, ScanState state, boolean shared) {
        return new io.jvortex.expr.Evaluator.Values.Plain(read(start, length, state));
    }

    /**
     * Reads only some rows of a range (a filtered scan's few survivors). This default reads the
     * range and gathers; readers whose pieces decode single positions override it.
     *
     * @param start first row of the range, relative to this reader
     * @param length rows of the range; it lies inside one piece
     * @param positions the rows to keep, relative to {@code start}, ascending
     * @param state the scan's decoding services (the chunk allocator holds the result)
     * @return {@code positions.length} rows
     */
    Canonical readSome(long start, int length, int[] positions, ScanState state) {
        return Take.take(read(start, length, state), RowTake.indices(positions, state.chunkAllocator()),
                state.chunkAllocator());
    }

    /**
     * Reads a range and keeps the rows a filter selected (a filtered scan's many survivors). This
     * default reads the range and filters it; readers that can filter a cheaper form first
     * (dictionary codes before their values) override it.
     *
     * @param start first row of the range, relative to this reader
     * @param length rows of the range; it lies inside one piece
     * @param filter the rows to keep, relative to {@code start}
     * @param state the scan's decoding services (the chunk allocator holds the result)
     * @return {@code filter.count()} rows
     */
    Canonical readSelected(long start, int length, SelectionFilter filter, ScanState state) {
        return filter.apply(read(start, length, state), state.chunkAllocator());
    }

    /**
     * Reports the data segments that reading rows {@code [start, end)} needs, for fetching them ahead
     * of decoding (a file read through a remote source). A segment may be reported more than once.
     * This default reports none (they are then fetched when read).
     *
     * @param start first row, relative to this reader
     * @param end row to stop before
     * @param out receives segment ids
     */
    void segments(long start, long end, java.util.function.IntConsumer out) {
    }

    /**
     * Reports what a {@link #take} of {@code rows[from, to)} reads: flat segments that may be read in
     * part with the positions taken from each, and segments to fetch whole. This default reports the
     * segments of every piece holding a requested row, whole.
     *
     * @param rows rows relative to this reader, ascending
     * @param from first index into {@code rows}
     * @param to index to stop before
     * @param parts receives flat segments and their positions
     * @param whole receives segment ids to fetch whole
     */
    void takeTargets(long[] rows, int from, int to, List<PartialTake.Target> parts, java.util.BitSet whole) {
        List<Long> cuts = new ArrayList<>();
        boundaries(0, cuts::add);
        cuts.add(rowCount());
        java.util.Collections.sort(cuts);
        int i = from;
        long pieceStart = 0;
        for (long cut : cuts) {
            if (cut <= pieceStart) {
                continue;
            }
            if (i < to && rows[i] < cut) {
                segments(pieceStart, cut, whole::set);
                while (i < to && rows[i] < cut) {
                    i++;
                }
            }
            pieceStart = cut;
        }
    }

    /** Frees everything. */
    void close() {
        release(Long.MAX_VALUE);
    }
}
