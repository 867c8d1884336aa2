package io.jvortex.internal.scan;

import io.jvortex.internal.file.VortexFile;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Plans a scan's reads of a file that is not mapped: walks the scan's row ranges ahead of the one
 * being decoded, skips ranges the zone maps pruned, and asks the file to fetch the segments those
 * ranges need, one vectored read per step, keeping about {@code windowBytes} requested ahead. Each
 * segment is requested at most once per scan. A mapped file gets no prefetcher (its segments are
 * slices of the mapping).
 */
final class Prefetcher {
    private final VortexFile file;
    private final long windowBytes;
    private final long[] cuts;
    private final long[] pruned;
    private final BitSet requested = new BitSet();
    private final ArrayDeque<long[]> planned = new ArrayDeque<>();
    private long outstanding;
    private long aheadRow;

    /**
     * @param file the file
     * @param windowBytes how many bytes to keep requested ahead of the decoded range
     * @param cuts the scan's sorted range boundaries
     * @param pruned sorted, disjoint {@code [start, end)} row pairs that are never read
     */
    Prefetcher(VortexFile file, long windowBytes, long[] cuts, long[] pruned) {
        this.file = file;
        this.windowBytes = Math.max(1, windowBytes);
        this.cuts = cuts;
        this.pruned = pruned;
    }

    /**
     * Called before decoding the range starting at {@code position}: tops the requested bytes ahead
     * back up to the window once less than half of it is left.
     *
     * @param position the row about to be read
     * @param stopRow no row at or after this is planned (the scan's end or limit)
     * @param readers the readers whose segments to fetch (the projection, or a filter's columns)
     */
    void advance(long position, long stopRow, List<ColumnReader> readers) {
        while (!planned.isEmpty() && planned.peekFirst()[0] <= position) {
            outstanding -= planned.pollFirst()[1];
        }
        if (aheadRow < position) {
            aheadRow = position;
        }
        if (aheadRow > position && outstanding >= windowBytes / 2) {
            return;
        }
        IntList ids = new IntList();
        long[] bytes = new long[1];
        boolean first = true;
        while (aheadRow < stopRow && (first || outstanding < windowBytes)) {
            long skipTo = prunedEnd(aheadRow);
            if (skipTo > aheadRow) {
                aheadRow = skipTo;
                continue;
            }
            long end = Math.min(nextCut(aheadRow), stopRow);
            bytes[0] = 0;
            for (ColumnReader r : readers) {
                r.segments(aheadRow, end, id -> {
                    if (!requested.get(id)) {
                        requested.set(id);
                        ids.add(id);
                        bytes[0] += file.segmentSpec(id).lengthBytes();
                    }
                });
            }
            planned.addLast(new long[] {end, bytes[0]});
            outstanding += bytes[0];
            aheadRow = end;
            first = false;
        }
        if (ids.size > 0) {
            file.prefetch(ids.toArray());
        }
    }

    /**
     * Fetches, in one vectored read, what {@code readers} need for rows {@code [start, end)} (a filtered
     * range's projection once the filter found survivors).
     *
     * @param start first row
     * @param end row to stop before
     * @param readers the readers
     */
    void fetchNow(long start, long end, List<ColumnReader> readers) {
        IntList ids = new IntList();
        for (ColumnReader r : readers) {
            r.segments(start, end, id -> {
                requested.set(id);
                ids.add(id);
            });
        }
        if (ids.size > 0) {
            file.prefetch(ids.toArray());
        }
    }

    /** Drops what was requested but not read (the scan is closed). */
    void close() {
        file.forget(requested.stream().toArray());
    }

    private long nextCut(long row) {
        int i = Arrays.binarySearch(cuts, row);
        int next = i >= 0 ? i + 1 : -i - 1;
        return next < cuts.length ? cuts[next] : Long.MAX_VALUE;
    }

    /** The end of the pruned range holding {@code row}, or {@code row} when it is not pruned. */
    private long prunedEnd(long row) {
        int lo = 0;
        int hi = pruned.length / 2 - 1;
        while (lo <= hi) { // the last pair starting at or before row
            int mid = (lo + hi) >>> 1;
            if (pruned[2 * mid] <= row) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi >= 0 && row < pruned[2 * hi + 1] ? pruned[2 * hi + 1] : row;
    }

    /** A growable int array. */
    private static final class IntList {
        private int[] values = new int[16];
        private int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
