package io.jvortex.spark;

import java.io.Serial;
import java.util.Iterator;
import java.util.Objects;
import java.util.OptionalLong;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A scan that aggregates as it reads: each task reads its row ranges as the plain scan would (same
 * partitions, pushed filters, zone pruning) and returns one row per group with the partial aggregates,
 * which Spark's final aggregate merges. Spark thus never sees the rows, only the groups.
 */
final class VortexGroupedScan implements Scan, Batch, SupportsReportStatistics {
    private final VortexScan rows;
    private final GroupedAggregation aggregation;

    /**
     * @param rows the scan of the rows the aggregation reads (its read schema is the aggregation's columns)
     * @param aggregation what each task computes
     */
    VortexGroupedScan(VortexScan rows, GroupedAggregation aggregation) {
        this.rows = rows;
        this.aggregation = aggregation;
    }

    @Override
    public StructType readSchema() {
        return aggregation.output();
    }

    @Override
    public String description() {
        String inner = rows.description();
        return "VortexScan[" + aggregation.describe() + " (partial, per task), " + inner.substring(inner.indexOf('[') + 1);
    }

    @Override
    public boolean equals(Object o) {
        // the row scans compare their predicates in any order; the aggregation by what it computes
        return o instanceof VortexGroupedScan s && rows.equals(s.rows)
                && aggregation.describe().equals(s.aggregation.describe());
    }

    @Override
    public int hashCode() {
        return Objects.hash(rows, aggregation.describe());
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public CustomMetric[] supportedCustomMetrics() {
        return rows.supportedCustomMetrics();
    }

    @Override
    public Statistics estimateStatistics() {
        // as large as the columns it reads: the number of groups is unknown, and a small estimate could make
        // Spark broadcast a result of millions of groups
        return new VortexScan.Estimate(rows.estimateStatistics().sizeInBytes(), OptionalLong.empty());
    }

    @Override
    public InputPartition[] planInputPartitions() {
        return rows.planInputPartitions();
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new Factory((VortexPartitionReaderFactory) rows.createReaderFactory(), aggregation);
    }

    /** Aggregates the batches of the plain scan's reader. */
    private record Factory(VortexPartitionReaderFactory batches, GroupedAggregation aggregation)
            implements PartitionReaderFactory {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public PartitionReader<InternalRow> createReader(InputPartition partition) {
            PartitionReader<ColumnarBatch> in = batches.createColumnarReader(partition);
            return new PartitionReader<>() {
                private Iterator<InternalRow> out;
                private InternalRow current;
                private boolean read;

                @Override
                public boolean next() throws java.io.IOException {
                    // the groups of the batches read so far; a task with many groups hands them over in turns
                    while (out == null || !out.hasNext()) {
                        if (read) {
                            return false;
                        }
                        GroupedAggregation.Task task = aggregation.task();
                        while (!task.full()) {
                            if (!in.next()) {
                                read = true;
                                in.close();
                                break;
                            }
                            task.add(in.get());
                        }
                        out = task.rows().iterator();
                    }
                    current = out.next();
                    return true;
                }

                @Override
                public InternalRow get() {
                    return current;
                }

                @Override
                public CustomTaskMetric[] currentMetricsValues() {
                    return in.currentMetricsValues();
                }

                @Override
                public void close() throws java.io.IOException {
                    in.close();
                }
            };
        }
    }
}
