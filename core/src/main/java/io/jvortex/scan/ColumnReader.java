package io.jvortex.scan;

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

    /** Frees everything. */
    void close() {
        release(Long.MAX_VALUE);
    }
}
