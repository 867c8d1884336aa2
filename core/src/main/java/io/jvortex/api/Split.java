package io.jvortex.api;

import java.io.Serializable;

/**
 * A contiguous row range of a file for one task of a distributed or parallel scan (engines cannot
 * split Vortex files by bytes). Read it with {@link ScanOptions.Builder#rowRange(long, long)}.
 * Serializable, so a planner can ship it to workers.
 *
 * @param rowStart first row, inclusive
 * @param rowEnd row to stop before
 * @param estimatedBytes the bytes of the data segments overlapping the range, attributed in
 *     proportion to the overlapping rows
 */
public record Split(long rowStart, long rowEnd, long estimatedBytes) implements Serializable {
    /** Validates the range. */
    public Split {
        if (rowStart < 0 || rowEnd < rowStart || estimatedBytes < 0) {
            throw new IllegalArgumentException("split [" + rowStart + ", " + rowEnd + ") of " + estimatedBytes
                    + " bytes");
        }
    }

    /** @return the number of rows */
    public long rowCount() {
        return rowEnd - rowStart;
    }
}
