package io.jvortex.internal.scan;

import io.jvortex.array.Canonical;
import java.util.List;
import java.util.function.LongConsumer;

/** Reads {@code vortex.chunked}: routes each range to the chunk holding it. */
final class ChunkedReader extends ColumnReader {
    private final List<ColumnReader> chunks;
    private final long[] starts;
    private final long rowCount;
    private int released;

    ChunkedReader(List<ColumnReader> chunks, long rowCount) {
        this.chunks = chunks;
        this.rowCount = rowCount;
        this.starts = new long[chunks.size() + 1];
        for (int i = 0; i < chunks.size(); i++) {
            starts[i + 1] = starts[i] + chunks.get(i).rowCount();
        }
    }

    @Override
    long rowCount() {
        return rowCount;
    }

    @Override
    void boundaries(long base, LongConsumer out) {
        for (int i = 0; i < chunks.size(); i++) {
            if (i > 0) {
                out.accept(base + starts[i]);
            }
            chunks.get(i).boundaries(base + starts[i], out);
        }
    }

    @Override
    void segments(long start, long end, java.util.function.IntConsumer out) {
        if (end <= start || start >= rowCount) {
            return;
        }
        for (int c = chunkOf(start); c < chunks.size() && starts[c] < end; c++) {
            long from = Math.max(start, starts[c]) - starts[c];
            long to = Math.min(end, starts[c + 1]) - starts[c];
            if (to > from) {
                chunks.get(c).segments(from, to, out);
            }
        }
    }

    private int chunkOf(long row) {
        int i = java.util.Arrays.binarySearch(starts, row);
        int c = i >= 0 ? i : -i - 2;
        while (c < chunks.size() - 1 && starts[c + 1] <= row) {
            c++; // skip empty chunks
        }
        return c;
    }

    @Override
    Canonical read(long start, int length, ScanState state) {
        int c = chunkOf(start);
        return chunks.get(c).read(start - starts[c], length, state);
    }

    @Override
    io.jvortex.expr.Evaluator.Values readForFilter(long start, int length, ScanState state, boolean shared) {
        int c = chunkOf(start);
        return chunks.get(c).readForFilter(start - starts[c], length, state, shared);
    }

    @Override
    Canonical readSome(long start, int length, int[] positions, ScanState state) {
        int c = chunkOf(start);
        return chunks.get(c).readSome(start - starts[c], length, positions, state);
    }

    @Override
    Canonical readSelected(long start, int length, SelectionFilter filter, ScanState state) {
        int c = chunkOf(start);
        return chunks.get(c).readSelected(start - starts[c], length, filter, state);
    }

    @Override
    Canonical take(long[] rows, int from, int to, ScanState state) {
        List<Canonical> parts = new java.util.ArrayList<>();
        int i = from;
        long[] local = new long[to - from];
        while (i < to) {
            int c = chunkOf(rows[i]);
            int j = i;
            while (j < to && rows[j] < starts[c + 1]) {
                local[j - i] = rows[j] - starts[c];
                j++;
            }
            parts.add(chunks.get(c).take(local, 0, j - i, state));
            i = j;
        }
        return RowTake.concat(parts, state);
    }

    @Override
    void takeTargets(long[] rows, int from, int to, List<PartialTake.Target> parts, java.util.BitSet whole) {
        int i = from;
        long[] local = new long[to - from];
        while (i < to) {
            int c = chunkOf(rows[i]);
            int j = i;
            while (j < to && rows[j] < starts[c + 1]) {
                local[j - i] = rows[j] - starts[c];
                j++;
            }
            chunks.get(c).takeTargets(local, 0, j - i, parts, whole);
            i = j;
        }
    }

    @Override
    void release(long row) {
        for (int i = released; i < chunks.size(); i++) {
            if (starts[i] >= row) {
                break;
            }
            chunks.get(i).release(row - starts[i]);
            if (starts[i + 1] <= row) {
                released = i + 1;
            }
        }
    }
}
