package io.jvortex.bench;

import dev.vortex.api.DataSource;
import dev.vortex.api.Expression;
import dev.vortex.api.ImmutableScanOptions;
import dev.vortex.api.Partition;
import dev.vortex.api.Scan;
import dev.vortex.api.ScanOptions;
import dev.vortex.api.Session;
import dev.vortex.api.VortexWriter;
import dev.vortex.arrow.ArrowAllocation;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Map;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.complex.StructVector;

/**
 * The vortex-jni side (the Rust reference through JNI): public {@code dev.vortex.api} only; it
 * hands back Arrow batches, which are folded with one loop per vector class.
 */
public final class VortexJniReads {
    private final Session session;
    private final BufferAllocator allocator;

    /** Creates the session and allocator (loads the native library): once per benchmark fork. */
    public VortexJniReads() {
        this.session = Session.create();
        this.allocator = ArrowAllocation.rootAllocator();
    }

    private static String uri(Path file) {
        return file.toAbsolutePath().toUri().toString();
    }

    private static Expression projection(List<String> columns) {
        return Expression.select(columns.toArray(String[]::new), Expression.root());
    }

    /**
     * @param file a Vortex file
     * @param columns projected columns, or none for the whole table
     * @return the fold of every value
     */
    public Fold scan(Path file, List<String> columns) {
        ScanOptions options = columns.isEmpty() ? ScanOptions.of()
                : ScanOptions.builder().projection(projection(columns)).build();
        return run(DataSource.open(session, uri(file)), options);
    }

    /**
     * Open, Arrow schema, projected scan.
     *
     * @param file a Vortex file
     * @param columns projected columns
     * @return the fold
     */
    public Fold openAndProject(Path file, List<String> columns) {
        DataSource source = DataSource.open(session, uri(file));
        Objects.requireNonNull(source.arrowSchema(allocator), "schema");
        return run(source, ScanOptions.builder().projection(projection(columns)).build());
    }

    /**
     * Take through the scan's row selection.
     *
     * @param file a Vortex file
     * @param columns projected columns
     * @param sortedRows wanted rows, ascending
     * @return the fold of the wanted rows
     */
    public Fold take(Path file, List<String> columns, long[] sortedRows) {
        ScanOptions options = ImmutableScanOptions.copyOf(ScanOptions.includeRows(sortedRows))
                .withProjection(projection(columns));
        return run(DataSource.open(session, uri(file)), options);
    }

    /**
     * A filtered scan through the scan's filter expression.
     *
     * @param file a Vortex file
     * @param columns projected columns
     * @param column the filtered column (integer)
     * @param threshold the largest value kept
     * @return the fold of the kept rows' projected columns
     */
    public Fold filter(Path file, List<String> columns, String column, long threshold) {
        Expression predicate = Expression.binary(Expression.BinaryOp.LTE, Expression.column(column),
                Expression.literal(threshold));
        ScanOptions options = ScanOptions.builder().projection(projection(columns)).filter(predicate).build();
        return run(DataSource.open(session, uri(file)), options);
    }

    /**
     * Parquet to Vortex through vortex-jni's writer: each row group is decoded by parquet-java's
     * column readers into Arrow vectors (flat columns of the lineitem types), exported through the
     * C data interface and handed to {@link VortexWriter#writeBatch}.
     *
     * @param parquet the Parquet file
     * @param vortex the Vortex file to write (replaced)
     * @return rows written
     */
    public long writeFromParquet(Path parquet, Path vortex) {
        long rows = 0;
        try (ParquetFileReader reader = ParquetReads.open(new org.apache.parquet.io.LocalInputFile(parquet))) {
            MessageType schema = reader.getFileMetaData().getSchema();
            String createdBy = reader.getFileMetaData().getCreatedBy();
            Schema arrowSchema = arrowSchema(schema);
            try (VortexWriter writer = VortexWriter.create(session, vortex.toAbsolutePath().toString(), arrowSchema,
                    Map.of(), allocator)) {
                PageReadStore pages;
                while ((pages = reader.readNextRowGroup()) != null) {
                    int count = Math.toIntExact(pages.getRowCount());
                    ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, ParquetReads.NO_RECORDS, schema, createdBy);
                    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrowSchema, allocator)) {
                        List<ColumnDescriptor> columns = schema.getColumns();
                        for (int c = 0; c < columns.size(); c++) {
                            fill(root.getVector(c), store.getColumnReader(columns.get(c)), columns.get(c), count);
                        }
                        root.setRowCount(count);
                        try (ArrowArray array = ArrowArray.allocateNew(allocator);
                             ArrowSchema exported = ArrowSchema.allocateNew(allocator)) {
                            Data.exportVectorSchemaRoot(allocator, root, null, array, exported);
                            writer.writeBatch(array.memoryAddress(), exported.memoryAddress());
                        }
                    }
                    rows += count;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    private static Schema arrowSchema(MessageType schema) {
        List<Field> fields = new ArrayList<>();
        for (ColumnDescriptor column : schema.getColumns()) {
            PrimitiveType type = column.getPrimitiveType();
            LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
            ArrowType arrow = switch (type.getPrimitiveTypeName()) {
                case INT64 -> logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d
                        ? new ArrowType.Decimal(d.getPrecision(), d.getScale(), 128) : new ArrowType.Int(64, true);
                case INT32 -> logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation
                        ? new ArrowType.Date(DateUnit.DAY) : new ArrowType.Int(32, true);
                case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
                case BINARY -> new ArrowType.Utf8();
                default -> throw new UnsupportedOperationException("no Arrow mapping in the benchmark for " + type);
            };
            boolean nullable = type.getRepetition() != Type.Repetition.REQUIRED;
            fields.add(new Field(type.getName(), new FieldType(nullable, arrow, null), null));
        }
        return new Schema(fields);
    }

    private static void fill(FieldVector vector, ColumnReader reader, ColumnDescriptor column, int count) {
        int maxDefinition = column.getMaxDefinitionLevel();
        vector.setInitialCapacity(count);
        vector.allocateNew();
        for (int i = 0; i < count; i++) {
            if (reader.getCurrentDefinitionLevel() != maxDefinition) {
                vector.setNull(i);
            } else {
                switch (vector) {
                    case BigIntVector v -> v.set(i, reader.getLong());
                    case DecimalVector v -> v.set(i, reader.getLong());
                    case IntVector v -> v.set(i, reader.getInteger());
                    case DateDayVector v -> v.set(i, reader.getInteger());
                    case Float8Vector v -> v.set(i, reader.getDouble());
                    case VarCharVector v -> {
                        ByteBuffer bytes = reader.getBinary().toByteBuffer();
                        v.setSafe(i, bytes, bytes.position(), bytes.remaining());
                    }
                    default -> throw new UnsupportedOperationException("no fill for " + vector.getField());
                }
            }
            reader.consume();
        }
        vector.setValueCount(count);
    }

    private Fold run(DataSource source, ScanOptions options) {
        Fold fold = new Fold();
        Scan scan = source.scan(options);
        while (scan.hasNext()) {
            Partition partition = scan.next();
            try (ArrowReader reader = partition.scanArrow(allocator)) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    for (FieldVector vector : root.getFieldVectors()) {
                        fold(vector, fold);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return fold;
    }

    /**
     * Folds one Arrow vector.
     *
     * @param vector the vector
     * @param fold where to add its values
     */
    public static void fold(FieldVector vector, Fold fold) {
        int n = vector.getValueCount();
        fold.values += n;
        boolean allValid = vector.getNullCount() == 0;
        switch (vector) {
            case BigIntVector v -> sum(Sums.Kind.LONG, v, n, allValid, fold);
            case IntVector v -> sum(Sums.Kind.INT, v, n, allValid, fold);
            case DateDayVector v -> sum(Sums.Kind.INT, v, n, allValid, fold);
            // Unscaled values fit in the low 8 bytes (little-endian) for the precisions benchmarked.
            case DecimalVector v -> sum(Sums.Kind.LONG_OF_16, v, n, allValid, fold);
            case Float8Vector v -> sum(Sums.Kind.DOUBLE, v, n, allValid, fold);
            case Float4Vector v -> sum(Sums.Kind.FLOAT, v, n, allValid, fold);
            case ViewVarCharVector v -> {
                ArrowBuf views = v.getDataBuffer();
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || !v.isNull(i)) {
                        sum += views.getInt((long) i * 16);
                    } else {
                        fold.nulls++;
                    }
                }
                fold.longs += sum;
            }
            case VarCharVector v -> {
                ArrowBuf offsets = v.getOffsetBuffer();
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || !v.isNull(i)) {
                        sum += offsets.getInt((long) (i + 1) * 4) - offsets.getInt((long) i * 4);
                    } else {
                        fold.nulls++;
                    }
                }
                fold.longs += sum;
            }
            case LargeVarCharVector v -> {
                ArrowBuf offsets = v.getOffsetBuffer();
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || !v.isNull(i)) {
                        sum += offsets.getLong((long) (i + 1) * 8) - offsets.getLong((long) i * 8);
                    } else {
                        fold.nulls++;
                    }
                }
                fold.longs += sum;
            }
            case BitVector v -> {
                for (int i = 0; i < n; i++) {
                    if (allValid || !v.isNull(i)) {
                        fold.longs += v.get(i);
                    } else {
                        fold.nulls++;
                    }
                }
            }
            case StructVector v -> {
                fold.values -= n;
                for (FieldVector child : v.getChildrenFromFields()) {
                    fold(child, fold);
                }
            }
            default -> throw new UnsupportedOperationException("no benchmark fold for Arrow "
                    + vector.getClass().getSimpleName() + " (" + vector.getField() + ")");
        }
    }

    /** The shared summing loops over the vector's data and validity buffers, read in place. */
    private static void sum(Sums.Kind kind, BaseFixedWidthVector v, int n, boolean allValid, Fold fold) {
        if (n == 0) {
            return;
        }
        MemorySegment bits = allValid ? null : segment(v.getValidityBuffer());
        Sums.fold(kind, segment(v.getDataBuffer()), n, bits, 0, fold);
    }

    @SuppressWarnings("restricted") // Arrow's buffers are native memory it owns; read within their capacity
    private static MemorySegment segment(ArrowBuf buffer) {
        return MemorySegment.ofAddress(buffer.memoryAddress()).reinterpret(buffer.capacity());
    }
}
