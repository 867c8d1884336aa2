package io.jvortex.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.PrimitiveIterator;
import java.util.Set;
import java.util.List;
import java.util.Objects;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
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
     * Take through the page index: row groups without a wanted row are skipped; of the others only
     * the pages holding a wanted row are read and decompressed
     * ({@link ParquetFileReader#readFilteredRowGroup(int, RowRanges)} with those pages' rows, from
     * the offset index), and the column readers skip to the wanted rows inside them.
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
        Set<ColumnPath> requested = new HashSet<>();
        for (ColumnDescriptor column : columns) {
            requested.add(ColumnPath.get(column.getPath()));
        }
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
                    firstRow = endRow;
                    continue;
                }
                // The rows of every page (of any projected column) that holds a wanted row: the
                // filtered row group returns exactly these rows, in order, for every column.
                BlockMetaData block = reader.getRowGroups().get(group);
                RowRanges ranges = null;
                for (ColumnChunkMetaData chunk : block.getColumns()) {
                    if (!requested.contains(chunk.getPath())) {
                        continue;
                    }
                    OffsetIndex pagesOfChunk = reader.readOffsetIndex(chunk);
                    if (pagesOfChunk == null) {
                        throw new IllegalStateException(chunk.getPath() + " has no offset index: write the page index");
                    }
                    int[] pageIds = new int[next - from];
                    int count = 0;
                    int page = 0;
                    for (int i = from; i < next; i++) {
                        long local = sortedRows[i] - firstRow;
                        while (pagesOfChunk.getLastRowIndex(page, rows) < local) {
                            page++;
                        }
                        if (count == 0 || pageIds[count - 1] != page) {
                            pageIds[count++] = page;
                        }
                    }
                    RowRanges pagesRows = org.apache.parquet.internal.filter2.columnindex.RowRanges.create(
                            rows, Arrays.stream(pageIds, 0, count).iterator(), pagesOfChunk);
                    ranges = ranges == null ? pagesRows : RowRanges.union(ranges, pagesRows);
                }
                PageReadStore pages = reader.readFilteredRowGroup(group, ranges);
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, NO_RECORDS, projection, createdBy);
                for (ColumnDescriptor column : columns) {
                    takeColumn(store.getColumnReader(column), column, ranges.iterator(), sortedRows, from, next,
                            firstRow, fold);
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

    /** Walks the filtered row group's rows, reading the wanted ones and skipping the others. */
    private static void takeColumn(ColumnReader reader, ColumnDescriptor column, PrimitiveIterator.OfLong rowsRead,
                                   long[] sortedRows, int from, int to, long firstRow, Fold fold) {
        int maxDefinition = column.getMaxDefinitionLevel();
        int i = from;
        while (i < to && rowsRead.hasNext()) {
            long row = rowsRead.nextLong() + firstRow;
            if (row != sortedRows[i]) {
                reader.skip();
                reader.consume();
                continue;
            }
            i++;
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
        }
    }
}
