package io.jvortex.spark;

import java.io.Serial;
import java.io.Serializable;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * The row ranges one Spark task reads: one range of a big file, or several small files.
 *
 * @param slices the ranges, read in order
 * @param hosts where the files' first blocks are (Spark's locality hint)
 * @param runtime the runtime filters Spark gave the scan after planning (dynamic pruning by the keys of a
 *     join's other side), which the reader applies besides the pushed predicates; broadcast once rather
 *     than sent with every task, as their IN lists can be long (null: none)
 */
record VortexInputPartition(Slice[] slices, String[] hosts, Broadcast<Predicate[]> runtime) implements InputPartition {
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
