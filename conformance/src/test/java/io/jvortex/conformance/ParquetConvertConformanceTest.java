package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.WriteOptions;
import io.jvortex.parquet.ParquetToVortex;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.Field;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import io.jvortex.testing.oracle.RustOracle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parquet files written by pyarrow, converted by {@link ParquetToVortex}, are read by the Rust reader
 * with exactly the values pyarrow reads from the Parquet file: every page codec we decompress, both
 * data page versions, dictionary and plain pages, integer- and byte-backed decimals, INT96 timestamps,
 * several row groups, flat and nested types with nulls.
 *
 * <p>The types are those whose Parquet form pyarrow reads back as the same Arrow type without its
 * stored Arrow schema (no date64, time32[s], timestamp[s], uuid, fixed-size list), since the
 * converter, like any non-Arrow reader, sees only the Parquet types.
 */
class ParquetConvertConformanceTest {
    @TempDir
    Path dir;

    static List<TypeSpec> types() {
        TypeSpec i32 = new TypeSpec.Primitive(PrimitiveKind.I32, true);
        TypeSpec utf8 = new TypeSpec.Utf8(true);
        List<TypeSpec> types = new ArrayList<>();
        types.add(new TypeSpec.Bool(true));
        for (PrimitiveKind kind : PrimitiveKind.values()) {
            types.add(new TypeSpec.Primitive(kind, true));
        }
        types.add(new TypeSpec.Primitive(PrimitiveKind.I64, false));
        types.add(new TypeSpec.Decimal(4, 2, true));
        types.add(new TypeSpec.Decimal(15, 2, false));
        types.add(new TypeSpec.Decimal(38, 9, true));
        types.add(new TypeSpec.Decimal(50, 7, true));
        types.add(utf8);
        types.add(new TypeSpec.Utf8(false));
        types.add(new TypeSpec.Binary(true));
        types.add(new TypeSpec.Date(TypeSpec.DateUnit.DAYS, true));
        types.add(new TypeSpec.Time(TimeUnit.MILLISECONDS, true));
        types.add(new TypeSpec.Time(TimeUnit.MICROSECONDS, true));
        types.add(new TypeSpec.Time(TimeUnit.NANOSECONDS, false));
        types.add(new TypeSpec.Timestamp(TimeUnit.MILLISECONDS, "UTC", true));
        types.add(new TypeSpec.Timestamp(TimeUnit.MICROSECONDS, null, true));
        types.add(new TypeSpec.Timestamp(TimeUnit.NANOSECONDS, "UTC", true));
        types.add(new TypeSpec.Null());
        types.add(new TypeSpec.Struct(List.of(new Field("a", i32), new Field("b", utf8),
                new Field("c", new TypeSpec.ListOf(new TypeSpec.Primitive(PrimitiveKind.F64, true), true))), true));
        types.add(new TypeSpec.ListOf(utf8, true));
        types.add(new TypeSpec.ListOf(new TypeSpec.Primitive(PrimitiveKind.I16, false), true));
        types.add(new TypeSpec.ListOf(new TypeSpec.ListOf(i32, true), true));
        types.add(new TypeSpec.ListOf(new TypeSpec.Struct(List.of(new Field("p", new TypeSpec.Bool(true)),
                new Field("q", new TypeSpec.Decimal(12, 3, true))), true), true));
        types.add(new TypeSpec.MapOf(new TypeSpec.Utf8(false), new TypeSpec.Primitive(PrimitiveKind.I64, true), true));
        types.add(new TypeSpec.MapOf(new TypeSpec.Primitive(PrimitiveKind.I32, false), new TypeSpec.ListOf(utf8, true),
                true));
        return types;
    }

    /** pyarrow writer settings: every codec we decompress, both page versions, plain and dictionary pages. */
    static Stream<Map<String, Object>> writerSettings() {
        return Stream.of(
                Map.of("compression", "none", "row_group_size", 600),
                Map.of("compression", "snappy", "row_group_size", 600, "data_page_version", "2.0"),
                Map.of("compression", "gzip", "row_group_size", 600, "use_dictionary", false),
                Map.of("compression", "zstd", "row_group_size", 600, "data_page_version", "2.0",
                        "store_decimal_as_integer", true));
    }

    @ParameterizedTest
    @MethodSource("writerSettings")
    void rustReadsTheConversionAsPyarrowReadsTheParquet(Map<String, Object> settings) {
        long seed = Seeds.seed("ParquetConvertConformanceTest." + settings.get("compression"));
        RandomTables.GeneratedTable table = RandomTables.generate(seed, types(), 1500);
        assertConversionReadsAsPyarrow(table, settings, seed);
    }

    /** Legacy INT96 timestamps (pyarrow reads them as nanoseconds without a time zone, as we do). */
    @org.junit.jupiter.api.Test
    void int96TimestampsReadAsPyarrowReadsThem() {
        long seed = Seeds.seed("ParquetConvertConformanceTest.int96");
        RandomTables.GeneratedTable table = RandomTables.generate(seed, List.of(
                new TypeSpec.Timestamp(TimeUnit.NANOSECONDS, null, true),
                new TypeSpec.Timestamp(TimeUnit.NANOSECONDS, null, false)), 1000);
        assertConversionReadsAsPyarrow(table, Map.of("use_deprecated_int96_timestamps", true, "row_group_size", 400),
                seed);
    }

    /**
     * A pyarrow row group of nested columns holding more level entries than one batch of the converter
     * (1 Mi), so it is read in several batches of whole rows.
     */
    @org.junit.jupiter.api.Test
    void nestedRowGroupsLargerThanABatchReadAsPyarrowReadsThem() throws java.io.IOException {
        long seed = Seeds.seed("ParquetConvertConformanceTest.nestedBatches");
        TypeSpec i32 = new TypeSpec.Primitive(PrimitiveKind.I32, true);
        TypeSpec utf8 = new TypeSpec.Utf8(true);
        List<TypeSpec> types = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            types.add(new TypeSpec.ListOf(i32, true));
            types.add(new TypeSpec.ListOf(utf8, true));
            types.add(new TypeSpec.MapOf(new TypeSpec.Utf8(false), i32, true));
            types.add(new TypeSpec.ListOf(new TypeSpec.ListOf(new TypeSpec.Primitive(PrimitiveKind.I64, true), true),
                    true));
            types.add(new TypeSpec.Struct(List.of(new Field("a", i32), new Field("b", new TypeSpec.ListOf(utf8, true))),
                    true));
        }
        int rows = 24_000;
        RandomTables.GeneratedTable table = RandomTables.generate(seed, types, rows);
        Map<String, Object> settings = Map.of("compression", "zstd", "row_group_size", rows, "data_page_version", "2.0");
        assertConversionReadsAsPyarrow(table, settings, seed);

        Path parquet = dir.resolve("t.parquet");
        try (var reader = org.apache.parquet.hadoop.ParquetFileReader.open(
                new org.apache.parquet.io.LocalInputFile(parquet), new org.apache.parquet.ParquetReadOptions.Builder(
                        new org.apache.parquet.conf.PlainParquetConfiguration()).build())) {
            assertThat(reader.getRowGroups()).hasSize(1);
            long entries = reader.getRowGroups().getFirst().getColumns().stream()
                    .mapToLong(org.apache.parquet.hadoop.metadata.ColumnChunkMetaData::getValueCount).sum();
            assertThat(entries).as("level entries (seed %d)", seed).isGreaterThan(1L << 20);
        }
    }

    private void assertConversionReadsAsPyarrow(RandomTables.GeneratedTable table, Map<String, Object> settings,
            long seed) {
        RustOracle oracle = RustOracle.shared();
        Path parquet = dir.resolve("t.parquet");
        Path vortex = dir.resolve("t.vortex");
        oracle.writeParquet(table, parquet, settings);

        long rows = ParquetToVortex.convert(parquet, vortex, WriteOptions.defaults());

        List<String> pyarrow = oracle.readParquet(parquet);
        List<String> rust = oracle.read(vortex);
        assertThat(rows).isEqualTo(table.rowCount());
        assertThat(pyarrow).hasSize(table.rowCount());
        assertThat(rust).hasSize(pyarrow.size());
        for (int i = 0; i < rust.size(); i++) {
            assertThat(rust.get(i)).as("row %d (seed %d, %s)", i, seed, settings).isEqualTo(pyarrow.get(i));
        }
    }
}
