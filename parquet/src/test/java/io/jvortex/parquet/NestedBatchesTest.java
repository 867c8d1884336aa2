package io.jvortex.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.WriteOptions;
import io.jvortex.array.StructArray;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testing.CanonicalRows;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.Field;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Row groups with repeated columns are read in batches of whole top-level rows, bounded by rows, level
 * entries and string bytes, with the values of the whole row group read at once.
 */
class NestedBatchesTest {
    /** One batch per row group. */
    static final RowGroupReader.Limits WHOLE = new RowGroupReader.Limits(Integer.MAX_VALUE, Integer.MAX_VALUE,
            Long.MAX_VALUE);

    @TempDir
    Path dir;

    /** Lists, maps, structs with lists, lists of lists and of structs; nullable almost everywhere. */
    static List<TypeSpec> nestedTypes() {
        TypeSpec i32 = new TypeSpec.Primitive(PrimitiveKind.I32, true);
        TypeSpec utf8 = new TypeSpec.Utf8(true);
        return List.of(
                new TypeSpec.Primitive(PrimitiveKind.I64, false),
                new TypeSpec.ListOf(i32, true),
                new TypeSpec.ListOf(utf8, true),
                new TypeSpec.MapOf(new TypeSpec.Utf8(false), i32, true),
                new TypeSpec.Struct(List.of(new Field("a", i32), new Field("b", new TypeSpec.ListOf(utf8, true))), true),
                new TypeSpec.ListOf(new TypeSpec.ListOf(new TypeSpec.Primitive(PrimitiveKind.I64, true), true), true),
                new TypeSpec.ListOf(new TypeSpec.Struct(List.of(new Field("p", new TypeSpec.Bool(true)),
                        new Field("q", new TypeSpec.ListOf(new TypeSpec.Decimal(12, 3, true), true))), true), true),
                new TypeSpec.MapOf(new TypeSpec.Primitive(PrimitiveKind.I32, false), new TypeSpec.ListOf(utf8, true),
                        true),
                new TypeSpec.ListOf(new TypeSpec.Primitive(PrimitiveKind.I16, false), false),
                new TypeSpec.Binary(true),
                new TypeSpec.Null());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void nestedRowGroupsConvertInBatchesOfWholeRows(boolean dictionary) throws IOException {
        long seed = Seeds.seed("NestedBatchesTest.nested." + dictionary);
        GeneratedTable table = RandomTables.generate(seed, nestedTypes(), 5000);
        Path parquet = dir.resolve("nested.parquet");
        // one row group of 3000 rows, then one of 2000
        ParquetFiles.write(table, parquet, CompressionCodecName.SNAPPY, 3000, dictionary);
        RowGroupReader.Limits small = new RowGroupReader.Limits(400, 1500, Long.MAX_VALUE);

        Path whole = dir.resolve("whole.vortex");
        Path batched = dir.resolve("batched.vortex");
        Path defaults = dir.resolve("defaults.vortex");
        assertThat(ParquetToVortex.convert(parquet, whole, WriteOptions.defaults(), WHOLE)).isEqualTo(5000);
        assertThat(ParquetToVortex.convert(parquet, batched, WriteOptions.defaults(), small)).isEqualTo(5000);
        assertThat(ParquetToVortex.convert(parquet, defaults, WriteOptions.defaults())).isEqualTo(5000);

        assertRows(ParquetToVortexTest.readJsonl(whole), table, seed);
        assertRows(ParquetToVortexTest.readJsonl(batched), table, seed);
        // these row groups fit one default batch: the same arrays, so the same bytes
        assertThat(Files.readAllBytes(defaults)).isEqualTo(Files.readAllBytes(whole));

        List<String> rows = new ArrayList<>();
        List<Integer> sizes = batches(parquet, small, rows);
        assertRows(rows, table, seed);
        assertThat(sizes.size()).as("batches (seed %d)", seed).isGreaterThan(2 * 5000 / 400);
        assertCuts(sizes, List.of(3000, 2000), entriesPerRow(table), small.rows(), small.entries(), seed);
    }

    /** A row holding more values than a batch may is one batch with the rows before it, and ends it. */
    @Test
    void aRowLargerThanTheEntryLimitEndsItsBatch() {
        long seed = Seeds.seed("NestedBatchesTest.bigRow");
        SplittableRandom random = new SplittableRandom(seed);
        int rowCount = 3000;
        int big = 1500;
        GeneratedTable table = table(TableSpec.of(new Field("id", new TypeSpec.Primitive(PrimitiveKind.I64, false)),
                new Field("tags", new TypeSpec.ListOf(new TypeSpec.Utf8(true), true))), rowCount, (row, column) -> {
                    if (column == 0) {
                        return (long) row;
                    }
                    int size = row == big ? 20_000 : row == big + 1 ? 0 : random.nextInt(-1, 6);
                    return size < 0 ? null : strings(random, size, 0);
                });
        Path parquet = dir.resolve("big.parquet");
        Path vortex = dir.resolve("big.vortex");
        ParquetFiles.write(table, parquet, CompressionCodecName.ZSTD, rowCount, true);
        RowGroupReader.Limits limits = new RowGroupReader.Limits(1000, 2000, Long.MAX_VALUE);

        assertThat(ParquetToVortex.convert(parquet, vortex, WriteOptions.defaults(), limits)).isEqualTo(rowCount);

        assertRows(ParquetToVortexTest.readJsonl(vortex), table, seed);
        List<String> rows = new ArrayList<>();
        List<Integer> sizes = batches(parquet, limits, rows);
        assertRows(rows, table, seed);
        long[] entries = entriesPerRow(table);
        assertCuts(sizes, List.of(rowCount), entries, limits.rows(), limits.entries(), seed);
        int end = 0;
        List<Integer> ends = new ArrayList<>();
        for (int size : sizes) {
            end += size;
            ends.add(end);
        }
        assertThat(ends).as("batch ends (seed %d)", seed).contains(big + 1);
        assertThat(entries[big]).as("the id's entry and the tags'").isEqualTo(1 + 20_000);
    }

    /** Long strings end a batch at the first row boundary where its value bytes reach the limit. */
    @Test
    void stringBytesBoundABatch() {
        long seed = Seeds.seed("NestedBatchesTest.bytes");
        SplittableRandom random = new SplittableRandom(seed);
        int rowCount = 2000;
        GeneratedTable table = table(TableSpec.of(new Field("words", new TypeSpec.ListOf(new TypeSpec.Utf8(true), true)),
                new Field("note", new TypeSpec.Utf8(true))), rowCount, (row, column) -> {
                    if (column == 1) {
                        return random.nextBoolean() ? null : strings(random, 1, 0.5).getFirst();
                    }
                    int size = random.nextInt(-1, 8);
                    return size < 0 ? null : strings(random, size, 0.5);
                });
        Path parquet = dir.resolve("bytes.parquet");
        ParquetFiles.write(table, parquet, CompressionCodecName.GZIP, rowCount, false);
        RowGroupReader.Limits limits = new RowGroupReader.Limits(Integer.MAX_VALUE, Integer.MAX_VALUE, 10_000);

        List<String> rows = new ArrayList<>();
        List<Integer> sizes = batches(parquet, limits, rows);

        assertRows(rows, table, seed);
        long[] bytes = new long[rowCount];
        for (int r = 0; r < rowCount; r++) {
            for (Object value : table.row(r)) {
                bytes[r] += dataBytes(value);
            }
        }
        assertThat(sizes.size()).isGreaterThan((int) (Arrays.stream(bytes).sum() / 20_000));
        assertCuts(sizes, List.of(rowCount), bytes, limits.rows(), limits.bytes(), seed);
    }

    // ---------------------------------------------------------------------------------------------

    private static void assertRows(List<String> got, GeneratedTable table, long seed) {
        assertThat(got).hasSize(table.rowCount());
        for (int i = 0; i < got.size(); i++) {
            assertThat(got.get(i)).as("row %d (seed %d)", i, seed).isEqualTo(table.rows().get(i));
        }
    }

    /**
     * Checks where the batches were cut: within each row group, a batch has at most {@code maxRows}
     * rows, its rows but the last weigh less than {@code limit}, and a batch cut short of both the rows
     * and the row group's end weighs at least {@code limit}.
     */
    private static void assertCuts(List<Integer> sizes, List<Integer> groups, long[] weights, int maxRows, long limit,
            long seed) {
        int start = 0;
        int group = 0;
        int groupEnd = groups.getFirst();
        for (int size : sizes) {
            assertThat(size).isBetween(1, maxRows);
            long before = 0;
            for (int r = start; r < start + size - 1; r++) {
                before += weights[r];
            }
            long all = before + weights[start + size - 1];
            assertThat(before).as("batch at row %d (seed %d)", start, seed).isLessThan(limit);
            start += size;
            assertThat(start).isLessThanOrEqualTo(groupEnd);
            if (start == groupEnd) {
                if (++group < groups.size()) {
                    groupEnd += groups.get(group);
                }
            } else if (size < maxRows) {
                assertThat(all).as("batch ending at row %d (seed %d)", start, seed).isGreaterThanOrEqualTo(limit);
            }
        }
        assertThat(start).isEqualTo(groups.stream().mapToInt(Integer::intValue).sum());
    }

    /**
     * Reads a file's row groups batch by batch.
     *
     * @param rows receives each row as JSON
     * @return the rows of each batch
     */
    static List<Integer> batches(Path parquet, RowGroupReader.Limits limits, List<String> rows) {
        ParquetReadOptions options = new ParquetReadOptions.Builder(new PlainParquetConfiguration())
                .withCodecFactory(new ParquetCodecs())
                .build();
        List<Integer> sizes = new ArrayList<>();
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(parquet), options)) {
            MessageType schema = reader.getFileMetaData().getSchema();
            ParquetSchema.Struct root = ParquetSchema.convert(schema);
            int group = 0;
            for (PageReadStore next = reader.readNextRowGroup(); next != null; next = reader.readNextRowGroup()) {
                try (PageReadStore pages = next) {
                    RowGroupReader.Batches batches = new RowGroupReader.Batches(root, pages, new ColumnReadStoreImpl(
                            pages, new ParquetToVortex.NoRecords(schema), schema, reader.getFileMetaData().getCreatedBy()),
                            reader.getRowGroups().get(group++), limits.pageDecoder());
                    while (batches.hasNext()) {
                        try (Arena arena = Arena.ofConfined()) {
                            StructArray batch = batches.next(limits, arena);
                            sizes.add(batch.length());
                            StringWriter text = new StringWriter();
                            JsonlWriter jsonl = new JsonlWriter(text);
                            jsonl.write(batch);
                            jsonl.flush();
                            rows.addAll(text.toString().lines().toList());
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sizes;
    }

    /** The level entries each row has in all leaf columns together. */
    static long[] entriesPerRow(GeneratedTable table) {
        long[] entries = new long[table.rowCount()];
        List<Field> columns = table.spec().columns();
        for (int r = 0; r < entries.length; r++) {
            List<Object> row = table.row(r);
            for (int c = 0; c < columns.size(); c++) {
                entries[r] += entries(columns.get(c).type(), row.get(c));
            }
        }
        return entries;
    }

    /** Dremel: a value has one entry per leaf value, and a null or empty value one per leaf below it. */
    private static long entries(TypeSpec type, Object value) {
        if (value == null || (value instanceof List<?> list && list.isEmpty() && !(type instanceof TypeSpec.Struct))) {
            return leaves(type);
        }
        return switch (type) {
            case TypeSpec.Struct s -> {
                long sum = 0;
                for (int i = 0; i < s.fields().size(); i++) {
                    sum += entries(s.fields().get(i).type(), ((List<?>) value).get(i));
                }
                yield sum;
            }
            case TypeSpec.ListOf l -> ((List<?>) value).stream().mapToLong(e -> entries(l.element(), e)).sum();
            case TypeSpec.MapOf m -> ((List<?>) value).stream().map(e -> (List<?>) e)
                    .mapToLong(e -> entries(m.key(), e.get(0)) + entries(m.value(), e.get(1))).sum();
            default -> 1;
        };
    }

    private static long leaves(TypeSpec type) {
        return switch (type) {
            case TypeSpec.Struct s -> s.fields().stream().mapToLong(f -> leaves(f.type())).sum();
            case TypeSpec.ListOf l -> leaves(l.element());
            case TypeSpec.MapOf m -> leaves(m.key()) + leaves(m.value());
            default -> 1;
        };
    }

    /** The bytes a value's strings take in data buffers: those longer than a view's 12 inline bytes. */
    private static long dataBytes(Object value) {
        return switch (value) {
            case String s -> {
                int length = s.getBytes(StandardCharsets.UTF_8).length;
                yield length > 12 ? length : 0;
            }
            case List<?> list -> list.stream().mapToLong(NestedBatchesTest::dataBytes).sum();
            case null, default -> 0;
        };
    }

    /** Strings of 1 to 10 characters, or (at {@code longChance}) 40 to 200, some null. */
    static List<String> strings(SplittableRandom random, int count, double longChance) {
        List<String> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            if (random.nextInt(10) == 0) {
                out.add(null);
                continue;
            }
            int length = random.nextDouble() < longChance ? random.nextInt(40, 201) : random.nextInt(1, 11);
            StringBuilder s = new StringBuilder(length);
            for (int k = 0; k < length; k++) {
                s.append((char) random.nextInt('a', 'z' + 1));
            }
            out.add(s.toString());
        }
        return out;
    }

    /** A table whose values {@code value.apply(row, column)} gives, row by row. */
    static GeneratedTable table(TableSpec spec, int rowCount, BiFunction<Integer, Integer, Object> value) {
        int width = spec.columns().size();
        List<List<Object>> columns = new ArrayList<>();
        for (int c = 0; c < width; c++) {
            columns.add(new ArrayList<>(rowCount));
        }
        List<String> rows = new ArrayList<>(rowCount);
        for (int r = 0; r < rowCount; r++) {
            List<Object> row = new ArrayList<>(Collections.nCopies(width, null));
            for (int c = 0; c < width; c++) {
                row.set(c, value.apply(r, c));
                columns.get(c).add(row.get(c));
            }
            rows.add(CanonicalRows.row(spec, row));
        }
        return new GeneratedTable(0, spec, List.of(), columns, rows);
    }
}
