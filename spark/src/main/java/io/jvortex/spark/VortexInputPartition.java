package io.jvortex.spark;

import java.io.Serial;
import java.io.Serializable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * The row ranges one Spark task reads: one range of a big file, or several small files.
 *
 * @param slices the ranges, read in order
 * @param hosts where the files' first blocks are (Spark's locality hint)
 */
record VortexInputPartition(Slice[] slices, String[] hosts) implements InputPartition {
    @Serial
    private static final long serialVersionUID = 1L;

    @Override
    public String[] preferredLocations() {
        return hosts;
    }

    /**
     * Rows {@code [rowStart, rowEnd)} of one file.
     *
     * @param path the file
     * @param rowStart the first row
     * @param rowEnd the row to stop before
     * @param partitionValues the file's partition column values
     */
    record Slice(String path, long rowStart, long rowEnd, InternalRow partitionValues) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
    }
}
