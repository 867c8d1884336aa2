package io.jvortex.bench;

import dev.hardwood.InputFile;
import dev.hardwood.reader.ColumnReader;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.reader.Validity;
import dev.hardwood.schema.ColumnSchema;
import java.lang.foreign.MemorySegment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Parquet peer Hardwood 1.0.1: its column readers' batches (primitive arrays, binary offsets and
 * validity bitmaps), folded like every other reader's values.
 */
public final class HardwoodReads {
    private HardwoodReads() {
    }

    /**
     * Scans columns of a file.
     *
     * @param file the Parquet file
     * @param columns top-level column names; empty for all
     * @return the fold
     */
    public static Fold scan(Path file, List<String> columns) {
        Fold fold = new Fold();
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file))) {
            List<String> names = columns;
            if (names.isEmpty()) {
                names = new ArrayList<>();
                for (ColumnSchema c : reader.getFileSchema().getColumns()) {
                    names.add(c.name());
                }
            }
            for (String name : names) {
                try (ColumnReader column = reader.columnReader(name)) {
                    fold(column, fold);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return fold;
    }

    private static void fold(ColumnReader column, Fold fold) {
        ColumnSchema schema = column.getColumnSchema();
        while (column.nextBatch()) {
            int n = column.getRecordCount();
            Validity valid = column.getLeafValidity();
            boolean nulls = valid.hasNulls();
            fold.values += n;
            // the shared summing loops read the batch's arrays and validity words in place
            MemorySegment bits = nulls ? MemorySegment.ofArray(valid.words()) : null;
            switch (schema.type()) {
                case INT64 -> Sums.fold(Sums.Kind.LONG, MemorySegment.ofArray(column.getLongs()), n, bits, 0, fold);
                case INT32 -> Sums.fold(Sums.Kind.INT, MemorySegment.ofArray(column.getInts()), n, bits, 0, fold);
                case DOUBLE -> Sums.fold(Sums.Kind.DOUBLE, MemorySegment.ofArray(column.getDoubles()), n, bits, 0,
                        fold);
                case FLOAT -> Sums.fold(Sums.Kind.FLOAT, MemorySegment.ofArray(column.getFloats()), n, bits, 0, fold);
                case BYTE_ARRAY -> {
                    fold.nulls += nulls ? valid.nullCount(n) : 0;
                    int[] offsets = column.getBinaryOffsets();
                    long sum = 0;
                    for (int i = 0; i < n; i++) {
                        if (!nulls || valid.isNotNull(i)) {
                            sum += end(offsets, i, column) - offsets[i];
                        }
                    }
                    fold.longs += sum;
                }
                case BOOLEAN -> {
                    fold.nulls += nulls ? valid.nullCount(n) : 0;
                    boolean[] v = column.getBooleans();
                    for (int i = 0; i < n; i++) {
                        if ((!nulls || valid.isNotNull(i)) && v[i]) {
                            fold.longs++;
                        }
                    }
                }
                default -> throw new UnsupportedOperationException("no benchmark fold for " + schema);
            }
        }
    }

    /** Offsets hold one entry per value, or one more; the last value ends at the data's length then. */
    private static int end(int[] offsets, int i, ColumnReader column) {
        return i + 1 < offsets.length ? offsets[i + 1] : column.getBinaryValues().length;
    }
}
