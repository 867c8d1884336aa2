package io.jvortex.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The parquet-java side: its fastest public column path, {@link ParquetFileReader} row groups read
 * through {@link ColumnReadStoreImpl}/{@link ColumnReader} (no record assembly), over a
 * {@link LocalInputFile} (no Hadoop file system). Snappy goes through parquet-java's own codec
 * (snappy-java).
 */
public final class ParquetReads {
    private ParquetReads() {
    }

    /** A converter tree that is never called: values are read from the column readers directly. */
    private static final GroupConverter NO_RECORDS = new GroupConverter() {
        private final PrimitiveConverter primitive = new PrimitiveConverter() {
        };

        @Override
        public Converter getConverter(int fieldIndex) {
            return primitive;
        }

        @Override
        public void start() {
        }

        @Override
        public void end() {
        }
    };

    private static ParquetFileReader open(Path file) throws IOException {
        return ParquetFileReader.open(new LocalInputFile(file), ParquetReadOptions.builder().build());
    }

    private static MessageType project(MessageType schema, List<String> columns) {
        if (columns.isEmpty()) {
            return schema;
        }
        List<Type> fields = new ArrayList<>(columns.size());
        for (String column : columns) {
            fields.add(schema.getType(column));
        }
        return new MessageType(schema.getName(), fields);
    }

    /**
     * @param file a Parquet file
     * @param columns projected columns, or none for the whole table
     * @return the fold of every value
     */
    public static Fold scan(Path file, List<String> columns) {
        Fold fold = new Fold();
        try (ParquetFileReader reader = open(file)) {
            read(reader, project(reader.getFileMetaData().getSchema(), columns), null, fold);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return fold;
    }

    /**
     * Open (footer), schema, projected read.
     *
     * @param file a Parquet file
     * @param columns projected columns
     * @return the fold
     */
    public static Fold openAndProject(Path file, List<String> columns) {
        Fold fold = new Fold();
        try (ParquetFileReader reader = open(file)) {
            MessageType schema = Objects.requireNonNull(reader.getFileMetaData().getSchema(), "schema");
            read(reader, project(schema, columns), null, fold);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return fold;
    }

    /**
     * Take: row groups without a wanted row are skipped; in the others each column reader skips to
     * the wanted rows (the column reader API has no row-index seek; the page index is not used).
     *
     * @param file a Parquet file
     * @param columns projected columns
     * @param sortedRows wanted rows, ascending
     * @return the fold of the wanted rows
     */
    public static Fold take(Path file, List<String> columns, long[] sortedRows) {
        Fold fold = new Fold();
        try (ParquetFileReader reader = open(file)) {
            read(reader, project(reader.getFileMetaData().getSchema(), columns), sortedRows, fold);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return fold;
    }

    private static void read(ParquetFileReader reader, MessageType projection, long[] sortedRows, Fold fold)
            throws IOException {
        reader.setRequestedSchema(projection);
        String createdBy = reader.getFileMetaData().getCreatedBy();
        List<ColumnDescriptor> columns = projection.getColumns();
        long firstRow = 0;
        int next = 0;
        for (int group = 0; group < reader.getRowGroups().size(); group++) {
            long rows = reader.getRowGroups().get(group).getRowCount();
            long endRow = firstRow + rows;
            if (sortedRows != null) {
                int from = next;
                while (next < sortedRows.length && sortedRows[next] < endRow) {
                    next++;
                }
                if (from == next) {
                    reader.skipNextRowGroup();
                    firstRow = endRow;
                    continue;
                }
                PageReadStore pages = reader.readNextRowGroup();
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, NO_RECORDS, projection, createdBy);
                for (ColumnDescriptor column : columns) {
                    takeColumn(store.getColumnReader(column), column, firstRow, sortedRows, from, next, fold);
                }
            } else {
                PageReadStore pages = reader.readNextRowGroup();
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, NO_RECORDS, projection, createdBy);
                for (ColumnDescriptor column : columns) {
                    foldColumn(store.getColumnReader(column), column, fold);
                }
            }
            firstRow = endRow;
        }
    }

    /** Flat columns only: one value (or null) per row. */
    private static void foldColumn(ColumnReader reader, ColumnDescriptor column, Fold fold) {
        long n = reader.getTotalValueCount();
        int maxDefinition = column.getMaxDefinitionLevel();
        fold.values += n;
        switch (column.getPrimitiveType().getPrimitiveTypeName()) {
            case INT64 -> {
                long sum = 0;
                for (long i = 0; i < n; i++) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                        sum += reader.getLong();
                    } else {
                        fold.nulls++;
                    }
                    reader.consume();
                }
                fold.longs += sum;
            }
            case INT32 -> {
                long sum = 0;
                for (long i = 0; i < n; i++) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                        sum += reader.getInteger();
                    } else {
                        fold.nulls++;
                    }
                    reader.consume();
                }
                fold.longs += sum;
            }
            case DOUBLE -> {
                double sum = 0;
                for (long i = 0; i < n; i++) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                        sum += reader.getDouble();
                    } else {
                        fold.nulls++;
                    }
                    reader.consume();
                }
                fold.doubles += sum;
            }
            case FLOAT -> {
                double sum = 0;
                for (long i = 0; i < n; i++) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                        sum += reader.getFloat();
                    } else {
                        fold.nulls++;
                    }
                    reader.consume();
                }
                fold.doubles += sum;
            }
            case BINARY -> {
                long sum = 0;
                for (long i = 0; i < n; i++) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                        sum += reader.getBinary().length();
                    } else {
                        fold.nulls++;
                    }
                    reader.consume();
                }
                fold.longs += sum;
            }
            case BOOLEAN -> {
                for (long i = 0; i < n; i++) {
                    if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                        fold.longs += reader.getBoolean() ? 1 : 0;
                    } else {
                        fold.nulls++;
                    }
                    reader.consume();
                }
            }
            case FIXED_LEN_BYTE_ARRAY, INT96 -> throw new UnsupportedOperationException(
                    "no benchmark fold for " + column);
        }
    }

    private static void takeColumn(ColumnReader reader, ColumnDescriptor column, long firstRow, long[] sortedRows,
                                   int from, int to, Fold fold) {
        int maxDefinition = column.getMaxDefinitionLevel();
        long row = firstRow;
        for (int i = from; i < to; i++) {
            long wanted = sortedRows[i];
            for (; row < wanted; row++) {
                reader.skip();
                reader.consume();
            }
            fold.values++;
            if (reader.getCurrentDefinitionLevel() != maxDefinition) {
                fold.nulls++;
            } else {
                switch (column.getPrimitiveType().getPrimitiveTypeName()) {
                    case INT64 -> fold.longs += reader.getLong();
                    case INT32 -> fold.longs += reader.getInteger();
                    case DOUBLE -> fold.doubles += reader.getDouble();
                    case FLOAT -> fold.doubles += reader.getFloat();
                    case BINARY -> fold.longs += reader.getBinary().length();
                    case BOOLEAN -> fold.longs += reader.getBoolean() ? 1 : 0;
                    case FIXED_LEN_BYTE_ARRAY, INT96 -> throw new UnsupportedOperationException(
                            "no benchmark fold for " + column);
                }
            }
            reader.consume();
            row++;
        }
    }
}
