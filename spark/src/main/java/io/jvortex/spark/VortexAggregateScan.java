package io.jvortex.spark;

import java.io.Serial;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;

/**
 * Aggregates answered from file statistics on the driver: one row, no data read. A one-partition batch
 * scan rather than a {@code LocalScan}, so that EXPLAIN shows the pushed aggregates in its description.
 */
final class VortexAggregateScan implements Scan, Batch {
    private final StructType schema;
    private final InternalRow row;
    private final String aggregates;
    private final String filters;

    VortexAggregateScan(StructType schema, InternalRow row, String aggregates, String filters) {
        this.schema = schema;
        this.row = row;
        this.aggregates = aggregates;
        this.filters = filters;
    }

    @Override
    public StructType readSchema() {
        return schema;
    }

    @Override
    public String description() {
        return "VortexScan[PushedAggregates: [" + aggregates + "] from file statistics, PartitionFilters: " + filters
                + "]";
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    /**
     * The answer row.
     *
     * @param row the aggregates' values
     */
    private record Answer(InternalRow row) implements InputPartition {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        return new InputPartition[] {new Answer(row)};
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new Factory();
    }

    /** Reads the answer row. */
    private static final class Factory implements PartitionReaderFactory {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public PartitionReader<InternalRow> createReader(InputPartition partition) {
            InternalRow answer = ((Answer) partition).row();
            return new PartitionReader<>() {
                private boolean done;

                @Override
                public boolean next() {
                    if (done) {
                        return false;
                    }
                    done = true;
                    return true;
                }

                @Override
                public InternalRow get() {
                    return answer;
                }

                @Override
                public void close() {
                }
            };
        }
    }
}
