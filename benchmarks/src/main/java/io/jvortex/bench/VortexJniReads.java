package io.jvortex.bench;

import dev.vortex.api.DataSource;
import dev.vortex.api.Expression;
import dev.vortex.api.ImmutableScanOptions;
import dev.vortex.api.Partition;
import dev.vortex.api.Scan;
import dev.vortex.api.ScanOptions;
import dev.vortex.api.Session;
import dev.vortex.arrow.ArrowAllocation;
import java.io.IOException;
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
            case BigIntVector v -> {
                ArrowBuf data = v.getDataBuffer();
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || !v.isNull(i)) {
                        sum += data.getLong((long) i * 8);
                    } else {
                        fold.nulls++;
                    }
                }
                fold.longs += sum;
            }
            case IntVector v -> fold.longs += sumInts(v, n, allValid, fold);
            case DateDayVector v -> fold.longs += sumInts(v, n, allValid, fold);
            case DecimalVector v -> {
                // Unscaled values fit in the low 8 bytes (little-endian) for the precisions benchmarked.
                ArrowBuf data = v.getDataBuffer();
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || !v.isNull(i)) {
                        sum += data.getLong((long) i * 16);
                    } else {
                        fold.nulls++;
                    }
                }
                fold.longs += sum;
            }
            case Float8Vector v -> {
                ArrowBuf data = v.getDataBuffer();
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || !v.isNull(i)) {
                        sum += data.getDouble((long) i * 8);
                    } else {
                        fold.nulls++;
                    }
                }
                fold.doubles += sum;
            }
            case Float4Vector v -> {
                ArrowBuf data = v.getDataBuffer();
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    if (allValid || !v.isNull(i)) {
                        sum += data.getFloat((long) i * 4);
                    } else {
                        fold.nulls++;
                    }
                }
                fold.doubles += sum;
            }
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

    private static long sumInts(BaseFixedWidthVector v, int n, boolean allValid, Fold fold) {
        ArrowBuf data = v.getDataBuffer();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            if (allValid || !v.isNull(i)) {
                sum += data.getInt((long) i * 4);
            } else {
                fold.nulls++;
            }
        }
        return sum;
    }
}
