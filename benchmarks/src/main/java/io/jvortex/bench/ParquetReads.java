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
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.InputFile;
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
    static final GroupConverter NO_RECORDS = new GroupConverter() {
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

    static ParquetFileReader open(InputFile file) throws IOException {
        return ParquetFileReader.open(file, ParquetReadOptions.builder().build());
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
    public static Fold scan(InputFile file, List<String> columns) {
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
    public static Fold openAndProject(InputFile file, List<String> columns) {
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
    public static Fold take(InputFile file, List<String> columns, long[] sortedRows) {
        Fold fold = new Fold();
        try (ParquetFileReader reader = open(file)) {
            read(reader, project(reader.getFileMetaData().getSchema(), columns), sortedRows, fold);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return fold;
    }

    /**
     * A filtered read through parquet-java's filter API: the predicate
     * ({@code FilterApi.ltEq(longColumn(column), threshold)}) drops row groups by their statistics
     * and dictionaries when the file is opened, pages by the column index
     * ({@link ParquetFileReader#readNextFilteredRowGroup()}), and rows by the record-level filter of
     * the record reader, whose materializer folds the projected columns of the kept records.
     *
     * @param file a Parquet file
     * @param columns projected columns (flat)
     * @param column the filtered column (INT64)
     * @param threshold the largest value kept
     * @return the fold of the kept rows' projected columns
     */
    public static Fold filter(InputFile file, List<String> columns, String column, long threshold) {
        FilterCompat.Filter filter = FilterCompat.get(FilterApi.ltEq(FilterApi.longColumn(column), threshold));
        Fold fold = new Fold();
        ParquetReadOptions options = ParquetReadOptions.builder().withRecordFilter(filter).build();
        try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
            MessageType fileSchema = reader.getFileMetaData().getSchema();
            List<String> read = new ArrayList<>(columns);
            if (!read.contains(column)) {
                read.add(column); // the predicate needs its column's values
            }
            MessageType projection = project(fileSchema, read);
            reader.setRequestedSchema(projection);
            MessageColumnIO io = new ColumnIOFactory(reader.getFileMetaData().getCreatedBy())
                    .getColumnIO(projection, fileSchema);
            FoldingMaterializer materializer = new FoldingMaterializer(projection, columns, fold);
            PageReadStore pages;
            while ((pages = reader.readNextFilteredRowGroup()) != null) {
                RecordReader<Boolean> records = io.getRecordReader(pages, materializer, filter);
                for (long i = 0, n = pages.getRowCount(); i < n; i++) {
                    records.read();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return fold;
    }

    /**
     * Record materializer of flat records: the current record's projected values are held until the
     * record reader either returns the record (it matched: the values join the fold) or skips it.
     */
    private static final class FoldingMaterializer extends RecordMaterializer<Boolean> {
        private final Fold fold;
        private long longs;
        private double doubles;
        private int values;
        /** Folded columns per record. */
        private final int foldedWidth;
        private final GroupConverter root;

        FoldingMaterializer(MessageType projection, List<String> folded, Fold fold) {
            this.fold = fold;
            Converter[] children = new Converter[projection.getFieldCount()];
            // The predicate's own column when it is not projected: the filter sees its values, the fold does not.
            PrimitiveConverter ignored = new PrimitiveConverter() {
                @Override
                public void addLong(long value) {
                }

                @Override
                public void addInt(int value) {
                }

                @Override
                public void addDouble(double value) {
                }

                @Override
                public void addFloat(float value) {
                }

                @Override
                public void addBinary(org.apache.parquet.io.api.Binary value) {
                }

                @Override
                public void addBoolean(boolean value) {
                }
            };
            PrimitiveConverter folding = new PrimitiveConverter() {
                @Override
                public void addLong(long value) {
                    longs += value;
                    values++;
                }

                @Override
                public void addInt(int value) {
                    longs += value;
                    values++;
                }

                @Override
                public void addDouble(double value) {
                    doubles += value;
                    values++;
                }

                @Override
                public void addFloat(float value) {
                    doubles += value;
                    values++;
                }

                @Override
                public void addBinary(org.apache.parquet.io.api.Binary value) {
                    longs += value.length();
                    values++;
                }

                @Override
                public void addBoolean(boolean value) {
                    longs += value ? 1 : 0;
                    values++;
                }
            };
            for (int i = 0; i < children.length; i++) {
                children[i] = folded.contains(projection.getFieldName(i)) ? folding : ignored;
            }
            foldedWidth = folded.size();
            root = new GroupConverter() {
                @Override
                public Converter getConverter(int fieldIndex) {
                    return children[fieldIndex];
                }

                @Override
                public void start() {
                    longs = 0;
                    doubles = 0;
                    values = 0;
                }

                @Override
                public void end() {
                }
            };
        }

        @Override
        public Boolean getCurrentRecord() {
            // Nulls are not delivered to converters: a folded column that delivered no value was null.
            fold.values += foldedWidth;
            fold.nulls += foldedWidth - values;
            fold.longs += longs;
            fold.doubles += doubles;
            return Boolean.TRUE;
        }


        @Override
        public void skipCurrentRecord() {
            // the record did not match: its held values are dropped at the next start()
        }

        @Override
        public GroupConverter getRootConverter() {
            return root;
        }
    }

    @SuppressWarnings("deprecation") // parquet-java offers no replacement for these page-level calls
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
    @SuppressWarnings("deprecation") // parquet-java offers no replacement for these page-level calls
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

    /** The scan workload on a local file (a {@link LocalInputFile}). */
    public static Fold scan(Path file, List<String> columns) {
        return scan(new LocalInputFile(file), columns);
    }

    /** The openAndProject workload on a local file (a {@link LocalInputFile}). */
    public static Fold openAndProject(Path file, List<String> columns) {
        return openAndProject(new LocalInputFile(file), columns);
    }

    /** The take workload on a local file (a {@link LocalInputFile}). */
    public static Fold take(Path file, List<String> columns, long[] sortedRows) {
        return take(new LocalInputFile(file), columns, sortedRows);
    }

    /** The filter workload on a local file (a {@link LocalInputFile}). */
    public static Fold filter(Path file, List<String> columns, String column, long threshold) {
        return filter(new LocalInputFile(file), columns, column, threshold);
    }
}
