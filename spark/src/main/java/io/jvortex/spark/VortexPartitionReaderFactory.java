package io.jvortex.spark;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.Zone;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.expr.Expr;
import io.jvortex.scalar.Scalar;
import java.io.Serial;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Creates the readers of a scan's input partitions: columnar batches whose vectors read jvortex's
 * decoded chunks in place, partition columns as constant vectors; the row reader iterates the same
 * batches.
 */
final class VortexPartitionReaderFactory implements PartitionReaderFactory {
    @Serial
    private static final long serialVersionUID = 1L;

    /** Shipped once per executor (as Spark's file sources do), not deserialized by every task. */
    private final Broadcast<SerializableConf> conf;
    private final StructType readSchema;
    private final StructType dataRead;
    private final StructType partitionSchema;
    private final Predicate[] pushedData;
    private final int limit;
    private final String referenceFile;

    VortexPartitionReaderFactory(Broadcast<SerializableConf> conf, StructType readSchema, StructType dataRead,
            StructType partitionSchema, Predicate[] pushedData, int limit, String referenceFile) {
        this.conf = conf;
        this.readSchema = readSchema;
        this.dataRead = dataRead;
        this.partitionSchema = partitionSchema;
        this.pushedData = pushedData;
        this.limit = limit;
        this.referenceFile = referenceFile;
    }

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return true;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        return new BatchReader((VortexInputPartition) partition);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        BatchReader batches = new BatchReader((VortexInputPartition) partition);
        return new PartitionReader<>() {
            private Iterator<InternalRow> rows;

            @Override
            public boolean next() {
                while (rows == null || !rows.hasNext()) {
                    if (!batches.next()) {
                        return false;
                    }
                    rows = batches.get().rowIterator();
                }
                return true;
            }

            @Override
            public InternalRow get() {
                return rows.next();
            }

            @Override
            public org.apache.spark.sql.connector.metric.CustomTaskMetric[] currentMetricsValues() {
                return batches.currentMetricsValues();
            }

            @Override
            public void close() {
                batches.close();
            }
        };
    }

    /** Reads the slices of one partition in order, one chunk per batch. */
    private final class BatchReader implements PartitionReader<ColumnarBatch> {
        private final VortexInputPartition partition;
        private int slice = -1;
        private VortexReader reader;
        private ScanIterator scan;
        private Chunk chunk;
        private ColumnarBatch batch;
        private long returned;
        /** Per output column: index into the data columns read, or -1 - partition column index. */
        private final int[] sources;
        private final Expr filter;
        private ColumnReads reads;
        /** Bytes requested by the files closed so far. */
        private long bytesRequested;

        BatchReader(VortexInputPartition partition) {
            this.partition = partition;
            this.sources = new int[readSchema.fields().length];
            for (int i = 0; i < sources.length; i++) {
                String name = readSchema.fields()[i].name();
                scala.Option<Object> data = dataRead.getFieldIndex(name);
                sources[i] = data.isDefined() ? (Integer) data.get()
                        : -1 - (Integer) partitionSchema.getFieldIndex(name).get();
            }
            Predicate[] all = pushedData;
            if (partition.runtime() != null) {
                Predicate[] runtime = partition.runtime().value();
                all = java.util.Arrays.copyOf(pushedData, pushedData.length + runtime.length);
                System.arraycopy(runtime, 0, all, pushedData.length, runtime.length);
            }
            this.filter = VortexScanBuilder.filter(all);
        }

        @Override
        public boolean next() {
            closeChunk();
            while (true) {
                if (limit >= 0 && returned >= limit) {
                    return false;
                }
                if (scan != null && scan.hasNext()) {
                    chunk = scan.next();
                    if (chunk.rowCount() == 0) {
                        closeChunk();
                        continue;
                    }
                    batch = toBatch(chunk);
                    returned += chunk.rowCount();
                    return true;
                }
                closeFile();
                if (++slice >= partition.slices().length) {
                    return false;
                }
                openSlice(partition.slices()[slice]);
            }
        }

        private void openSlice(VortexInputPartition.Slice s) {
            reader = VortexDataSource.open(s.path(), conf.value().get());
            DType.Struct schema = VortexPlan.checkSchema(reader.schema(), dataRead, s.path(), referenceFile, true);
            VortexReader opened = reader;
            reads = new ColumnReads(schema, dataRead, column -> noNulls(opened, column));
            List<String> read = reads.paths();
            if (read.isEmpty()) {
                // no data column is needed (e.g. count(*) with a filter): read the narrowest for the row counts
                read = List.of(narrowest((DType.Struct) reader.schema()));
            }
            ScanOptions.Builder options = ScanOptions.builder().columns(read).rowRange(s.rowStart(), s.rowEnd());
            if (filter != null) {
                options.filter(filter);
            }
            if (limit >= 0) {
                options.limit(limit - returned);
            }
            scan = reader.scan(options.build());
        }

        /** Whether a file's zone map of a column covers all rows and counts no null in any zone. */
        private static boolean noNulls(VortexReader reader, String column) {
            long rows = 0;
            for (Zone z : reader.zones(column)) {
                if (z.statistic("null_count").map(Scalar::asLong).orElse(-1L) != 0) {
                    return false;
                }
                rows += z.rowCount();
            }
            return rows == reader.rowCount();
        }

        private static String narrowest(DType.Struct schema) {
            String best = schema.names().getFirst();
            int bestWidth = Integer.MAX_VALUE;
            for (int i = 0; i < schema.names().size(); i++) {
                int width = switch (schema.fields().get(i)) {
                    case DType.Bool b -> 0;
                    case DType.Primitive p -> p.ptype().byteWidth();
                    case DType.Extension e when e.storage() instanceof DType.Primitive p -> p.ptype().byteWidth();
                    case DType.Decimal d -> 16;
                    default -> Integer.MAX_VALUE - 1;
                };
                if (width < bestWidth) {
                    best = schema.names().get(i);
                    bestWidth = width;
                }
            }
            return best;
        }

        private ColumnarBatch toBatch(Chunk c) {
            StructArray rows = (StructArray) c.rawArray();
            int n = c.rowCount();
            ColumnVector[] vectors = new ColumnVector[sources.length];
            InternalRow partitionValues = partition.slices()[slice].partitionValues();
            for (int i = 0; i < vectors.length; i++) {
                StructField field = readSchema.fields()[i];
                if (sources[i] >= 0) {
                    vectors[i] = reads.vector(rows, sources[i]);
                } else {
                    ConstantColumnVector constant = new ConstantColumnVector(n, field.dataType());
                    ColumnVectorUtils.populate(constant, partitionValues, -1 - sources[i]);
                    vectors[i] = constant;
                }
            }
            return new ColumnarBatch(vectors, n);
        }

        @Override
        public ColumnarBatch get() {
            return batch;
        }

        private void closeChunk() {
            if (batch != null) {
                batch.close();
                batch = null;
            }
            if (chunk != null) {
                chunk.close();
                chunk = null;
            }
        }

        @Override
        public org.apache.spark.sql.connector.metric.CustomTaskMetric[] currentMetricsValues() {
            long open = reader == null ? 0 : reader.ioStats().bytesRequested();
            return new org.apache.spark.sql.connector.metric.CustomTaskMetric[] {
                VortexMetrics.bytesRequested(bytesRequested + open)};
        }

        private void closeFile() {
            closeChunk();
            if (scan != null) {
                scan.close();
                scan = null;
            }
            if (reader != null) {
                bytesRequested += reader.ioStats().bytesRequested();
                reader.close();
                reader = null;
            }
        }

        @Override
        public void close() {
            closeFile();
        }
    }
}
