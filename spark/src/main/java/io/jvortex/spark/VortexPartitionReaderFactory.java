package io.jvortex.spark;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.expr.Expr;
import java.io.Serial;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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

    private final SerializableConf conf;
    private final StructType readSchema;
    private final StructType dataRead;
    private final StructType partitionSchema;
    private final Predicate[] pushedData;
    private final int limit;
    private final String referenceFile;

    VortexPartitionReaderFactory(SerializableConf conf, StructType readSchema, StructType dataRead,
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
        /** Per output column: index into the chunk's fields, or -1 - partition column index. */
        private final int[] sources;
        private final List<String> columns = new ArrayList<>();
        private final Expr filter;

        BatchReader(VortexInputPartition partition) {
            this.partition = partition;
            this.sources = new int[readSchema.fields().length];
            for (int i = 0; i < sources.length; i++) {
                String name = readSchema.fields()[i].name();
                int data = dataRead.getFieldIndex(name).isDefined() ? (Integer) dataRead.getFieldIndex(name).get() : -1;
                if (data >= 0) {
                    sources[i] = columns.size();
                    columns.add(name);
                } else {
                    sources[i] = -1 - (Integer) partitionSchema.getFieldIndex(name).get();
                }
            }
            this.filter = VortexScanBuilder.filter(pushedData);
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
            reader = VortexDataSource.open(s.path(), conf.get());
            VortexPlan.checkSchema(reader.schema(), dataRead, s.path(), referenceFile);
            List<String> read = columns;
            if (read.isEmpty()) {
                // no data column is needed (e.g. count(*) with a filter): read the first one for the row counts
                read = List.of(((DType.Struct) reader.schema()).names().getFirst());
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

        private ColumnarBatch toBatch(Chunk c) {
            StructArray rows = (StructArray) c.rawArray();
            int n = c.rowCount();
            ColumnVector[] vectors = new ColumnVector[sources.length];
            InternalRow partitionValues = partition.slices()[slice].partitionValues();
            for (int i = 0; i < vectors.length; i++) {
                StructField field = readSchema.fields()[i];
                if (sources[i] >= 0) {
                    vectors[i] = VortexVectors.of(rows.fields().get(sources[i]), field.dataType());
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

        private void closeFile() {
            closeChunk();
            if (scan != null) {
                scan.close();
                scan = null;
            }
            if (reader != null) {
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
