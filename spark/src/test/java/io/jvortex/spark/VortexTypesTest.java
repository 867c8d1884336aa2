package io.jvortex.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Batch;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.testing.CanonicalRows;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.oracle.RustOracle;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every type through Spark: files written by jvortex and by the Rust reference read by Spark, files
 * written by Spark read by jvortex and by the Rust reference, nulls everywhere.
 */
class VortexTypesTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSessions.start("vortex-types");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** One column of the hand-built table: its dtype, the values jvortex writes, the values Spark must give. */
    private record Col(String name, DType dtype, TypeSpec spec, List<Object> input, List<Object> expected) {
    }

    private static List<Object> list(Object... values) {
        return Arrays.asList(values);
    }

    private static Map<Object, Object> map(Object... kv) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    private static Col col(String name, DType dtype, TypeSpec spec, List<Object> input, List<Object> expected) {
        return new Col(name, dtype, spec, input, expected);
    }

    private static Col prim(PType p, TypeSpec.PrimitiveKind k, List<Object> input, List<Object> expected) {
        return col(p.name().toLowerCase(java.util.Locale.ROOT), new DType.Primitive(p, true),
                new TypeSpec.Primitive(k, true), input, expected);
    }

    @Test
    void jvortexWrittenEveryTypeReadsInSpark(@TempDir Path dir) {
        long ts = 1_700_000_000_123_456L; // µs
        List<Col> cols = List.of(
                prim(PType.I8, TypeSpec.PrimitiveKind.I8, list(1, null, -128, 127), list(1L, null, -128L, 127L)),
                prim(PType.I16, TypeSpec.PrimitiveKind.I16, list(null, -32768, 32767, 0), list(null, -32768L, 32767L, 0L)),
                prim(PType.I32, TypeSpec.PrimitiveKind.I32, list(Integer.MIN_VALUE, null, 5, Integer.MAX_VALUE),
                        list((long) Integer.MIN_VALUE, null, 5L, (long) Integer.MAX_VALUE)),
                prim(PType.I64, TypeSpec.PrimitiveKind.I64, list(Long.MIN_VALUE, Long.MAX_VALUE, null, -1L),
                        list(Long.MIN_VALUE, Long.MAX_VALUE, null, -1L)),
                prim(PType.U8, TypeSpec.PrimitiveKind.U8, list(0, 255, null, 7), list(0L, 255L, null, 7L)),
                prim(PType.U16, TypeSpec.PrimitiveKind.U16, list(65535, null, 1, 0), list(65535L, null, 1L, 0L)),
                prim(PType.U32, TypeSpec.PrimitiveKind.U32, list(4294967295L, 0, null, 2), list(4294967295L, 0L, null, 2L)),
                prim(PType.U64, TypeSpec.PrimitiveKind.U64, list(-1L, 0L, 42L, null), list(-1L, 0L, 42L, null)),
                prim(PType.F16, TypeSpec.PrimitiveKind.F16, list(1.5f, null, -0.0f, 65504f),
                        list(Float.floatToFloat16(1.5f), null, Float.floatToFloat16(-0.0f), Float.floatToFloat16(65504f))),
                prim(PType.F32, TypeSpec.PrimitiveKind.F32, list(Float.NaN, 1.25f, null, Float.NEGATIVE_INFINITY),
                        list(Float.NaN, 1.25f, null, Float.NEGATIVE_INFINITY)),
                prim(PType.F64, TypeSpec.PrimitiveKind.F64, list(-0.5, null, Double.MAX_VALUE, Double.NaN),
                        list(-0.5, null, Double.MAX_VALUE, Double.NaN)),
                col("bool", new DType.Bool(true), new TypeSpec.Bool(true), list(true, false, null, true),
                        list(true, false, null, true)),
                col("utf8", new DType.Utf8(true), new TypeSpec.Utf8(true),
                        list("short", "a longer string than twelve bytes", null, "ünïcödé ✓"),
                        list("short", "a longer string than twelve bytes", null, "ünïcödé ✓")),
                col("bin", new DType.Binary(true), new TypeSpec.Binary(true),
                        list(new byte[] {1, 2}, null, new byte[0], "0123456789abcdefXYZ".getBytes(StandardCharsets.UTF_8)),
                        list(new byte[] {1, 2}, null, new byte[0], "0123456789abcdefXYZ".getBytes(StandardCharsets.UTF_8))),
                col("dec5", new DType.Decimal(5, 2, true), new TypeSpec.Decimal(5, 2, true),
                        list(new BigDecimal("123.45"), new BigDecimal("-999.99"), null, BigDecimal.ZERO),
                        list(BigInteger.valueOf(12345), BigInteger.valueOf(-99999), null, BigInteger.ZERO)),
                col("dec30", new DType.Decimal(30, 4, true), new TypeSpec.Decimal(30, 4, true),
                        list(new BigDecimal("12345678901234567890123456.7890"), null, new BigDecimal("-1.0001"),
                                new BigDecimal("0.0001")),
                        list(new BigInteger("123456789012345678901234567890"), null, BigInteger.valueOf(-10001),
                                BigInteger.ONE)),
                col("dec50", new DType.Decimal(50, 3, true), new TypeSpec.Decimal(50, 3, true),
                        list(new BigDecimal("1234567890123456789012345678901234567890123456.789"), null,
                                new BigDecimal("-0.001"), BigDecimal.ZERO),
                        list(new BigInteger("1234567890123456789012345678901234567890123456789"), null,
                                BigInteger.valueOf(-1), BigInteger.ZERO)),
                col("decneg", new DType.Decimal(4, -2, true), new TypeSpec.Decimal(4, -2, true),
                        list(new BigDecimal("123400"), null, new BigDecimal("-100"), BigDecimal.ZERO),
                        list(BigInteger.valueOf(1234), null, BigInteger.valueOf(-1), BigInteger.ZERO)),
                col("date", Extensions.date(TimeUnit.DAYS, true), new TypeSpec.Date(TypeSpec.DateUnit.DAYS, true),
                        list(LocalDate.of(1970, 1, 1), LocalDate.of(1969, 12, 31), null, LocalDate.of(2262, 4, 11)),
                        list(0L, -1L, null, LocalDate.of(2262, 4, 11).toEpochDay())),
                col("datems", Extensions.date(TimeUnit.MILLISECONDS, true),
                        new TypeSpec.Date(TypeSpec.DateUnit.MILLISECONDS, true),
                        list(null, LocalDate.of(2000, 2, 29), LocalDate.of(1900, 1, 1), LocalDate.of(1970, 1, 2)),
                        list(null, LocalDate.of(2000, 2, 29).toEpochDay() * 86_400_000L,
                                LocalDate.of(1900, 1, 1).toEpochDay() * 86_400_000L, 86_400_000L)),
                col("tsus", Extensions.timestamp(TimeUnit.MICROSECONDS, "UTC", true),
                        new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.MICROSECONDS, "UTC", true),
                        list(micros(ts), null, micros(-1), micros(0)), list(ts, null, -1L, 0L)),
                col("tsns", Extensions.timestamp(TimeUnit.NANOSECONDS, null, true),
                        new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.NANOSECONDS, null, true),
                        list(micros(ts), micros(-5), null, micros(1)), list(ts * 1000, -5000L, null, 1000L)),
                col("tss", Extensions.timestamp(TimeUnit.SECONDS, "UTC", true),
                        new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.SECONDS, "UTC", true),
                        list(Instant.ofEpochSecond(-86_400L * 365 * 300), null, Instant.ofEpochSecond(1), Instant.EPOCH),
                        list(-86_400L * 365 * 300, null, 1L, 0L)),
                col("timeus", Extensions.time(TimeUnit.MICROSECONDS, true),
                        new TypeSpec.Time(java.util.concurrent.TimeUnit.MICROSECONDS, true),
                        list(LocalTime.of(23, 59, 59, 999_999_000), null, LocalTime.MIDNIGHT, LocalTime.NOON),
                        list(86_399_999_999L, null, 0L, 43_200_000_000L)),
                col("st", new DType.Struct(List.of("a", "b"), List.of(new DType.Primitive(PType.I32, true),
                        new DType.Utf8(true)), true),
                        new TypeSpec.Struct(List.of(new TypeSpec.Field("a", new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I32,
                                true)), new TypeSpec.Field("b", new TypeSpec.Utf8(true))), true),
                        list(list(1, "x"), null, list(null, "a string past the inline views"), list(4, null)),
                        list(list(1L, "x"), null, list(null, "a string past the inline views"), list(4L, null))),
                col("lst", new DType.List(new DType.Primitive(PType.I64, true), true),
                        new TypeSpec.ListOf(new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I64, true), true),
                        list(list(1L, 2L, 3L), list(), null, list(null, 5L)),
                        list(list(1L, 2L, 3L), list(), null, list(null, 5L))),
                col("fsl", new DType.FixedSizeList(new DType.Primitive(PType.I32, true), 2, true),
                        new TypeSpec.FixedSizeList(new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I32, true), 2, true),
                        list(list(1, 2), null, list(null, 4), list(5, 6)),
                        list(list(1L, 2L), null, list(null, 4L), list(5L, 6L))),
                col("mp", new DType.Map(new DType.Utf8(false), new DType.Primitive(PType.I32, true), false, true),
                        new TypeSpec.MapOf(new TypeSpec.Utf8(false), new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I32,
                                true), true),
                        list(map("a", 1, "b", null), null, map(), map("z", -1)),
                        list(list(list("a", 1L), list("b", null)), null, list(), list(list("z", -1L)))));
        List<String> names = cols.stream().map(Col::name).toList();
        DType.Struct schema = new DType.Struct(names, cols.stream().map(Col::dtype).toList(), false);
        Batch.Builder batch = Batch.builder(schema);
        for (Col c : cols) {
            batch.values(c.name(), c.input());
        }
        Path file = dir.resolve("every-type.vortex");
        try (VortexWriter w = VortexWriter.create(file, schema)) {
            w.write(batch.build());
        }
        Dataset<Row> df = spark.read().format("vortex").load(file.toString());
        StructType sparkSchema = df.schema();
        assertThat(sparkSchema.apply("u8").dataType()).isEqualTo(DataTypes.ShortType);
        assertThat(sparkSchema.apply("u16").dataType()).isEqualTo(DataTypes.IntegerType);
        assertThat(sparkSchema.apply("u32").dataType()).isEqualTo(DataTypes.LongType);
        assertThat(sparkSchema.apply("u64").dataType()).isEqualTo(DataTypes.createDecimalType(20, 0));
        assertThat(sparkSchema.apply("f16").dataType()).isEqualTo(DataTypes.FloatType);
        assertThat(sparkSchema.apply("dec50").dataType()).isEqualTo(DataTypes.StringType);
        assertThat(sparkSchema.apply("decneg").dataType()).isEqualTo(DataTypes.createDecimalType(6, 0));
        assertThat(sparkSchema.apply("tsus").dataType()).isEqualTo(DataTypes.TimestampType);
        assertThat(sparkSchema.apply("tsns").dataType()).isEqualTo(DataTypes.TimestampNTZType);
        TableSpec spec = new TableSpec(cols.stream().map(c -> new TypeSpec.Field(c.name(), c.spec())).toList());
        List<Row> rows = df.collectAsList();
        assertThat(rows).hasSize(4);
        for (int r = 0; r < rows.size(); r++) {
            List<Object> expected = new ArrayList<>();
            for (Col c : cols) {
                expected.add(c.expected().get(r));
            }
            assertThat(CanonicalRows.row(spec, SparkValues.row(rows.get(r), spec)))
                    .as("row %d", r).isEqualTo(CanonicalRows.row(spec, expected));
        }
        // the same through the row reader (a projection Spark does not run columnar) and with a filter
        assertThat(df.filter("i32 = 5").select("utf8", "st").collectAsList())
                .containsExactly(org.apache.spark.sql.RowFactory.create(null,
                        org.apache.spark.sql.RowFactory.create(null, "a string past the inline views")));
    }

    private static Instant micros(long us) {
        return Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000L), Math.floorMod(us, 1_000_000L) * 1000);
    }

    /**
     * Every type Spark writes, in one batch (the default of 64 Ki rows) and in batches of 7 rows: each
     * batch's builders start with arrays sized like the previous batch's, and the strings and arrays
     * here vary in length from batch to batch, so some batches outgrow them.
     */
    @ParameterizedTest(name = "batchRows {0}")
    @ValueSource(ints = {65536, 7})
    void sparkWrittenEveryTypeReadsInJvortexAndRust(int batchRows, @TempDir Path dir) throws IOException {
        Dataset<Row> df = spark.sql("""
                select id,
                  case when id % 7 = 1 then null else cast(id % 200 - 100 as tinyint) end b,
                  case when id % 7 = 2 then null else cast(id * 100 as smallint) end s,
                  case when id % 7 = 3 then null else cast(id * 70000 as int) end i,
                  case when id % 5 = 0 then null else cast(id as float) / 3 end f,
                  case when id % 5 = 1 then null else cast(id as double) / 7 end d,
                  case when id % 5 = 2 then null else cast(id * 1.25 as decimal(9,2)) end dec9,
                  case when id % 5 = 3 then null else cast(id * 123456789.0123 as decimal(38,10)) end dec38,
                  case when id % 6 = 0 then null else repeat(concat('v', id), cast(id % 4 as int)) end str,
                  case when id % 6 = 1 then null else cast(concat('b', id) as binary) end bin,
                  case when id % 6 = 2 then null else id % 2 = 0 end bool,
                  case when id % 6 = 3 then null else date_add(date'1969-12-25', cast(id as int)) end dt,
                  case when id % 6 = 4 then null else timestamp_micros(id * 86400000123) end ts,
                  case when id % 6 = 5 then null else cast(timestamp_micros(id * 1000001) as timestamp_ntz) end ntz,
                  case when id % 8 = 0 then null else sequence(0, id % 3) end arr,
                  case when id % 8 = 1 then null else map(concat('k', id), cast(id as int)) end mp,
                  case when id % 8 = 2 then null else named_struct('x', cast(id as int), 'y',
                    case when id % 3 = 0 then null else concat('y', id) end) end st,
                  case when id % 8 = 3 then null else array(named_struct('p', id, 'q', cast(null as string))) end arrst
                from range(200)
                """);
        String out = dir.resolve("spark").toString();
        df.coalesce(1).write().format("vortex").option("batchRows", batchRows).save(out);
        Path file;
        try (Stream<Path> files = Files.list(Path.of(out))) {
            List<Path> found = files.filter(p -> p.toString().endsWith(".vortex")).toList();
            assertThat(found).hasSize(1);
            file = found.getFirst();
        }
        // jvortex reads it: the row count, and the schema is the one Spark's types map to
        try (VortexReader reader = VortexReader.open(file)) {
            assertThat(reader.rowCount()).isEqualTo(200);
            assertThat(reader.schema()).isEqualTo(SparkTypes.toVortex(df.schema()));
        }
        // through the connector (jvortex's reader): the DataFrame, row for row
        Dataset<Row> back = spark.read().format("vortex").load(out);
        assertThat(back.schema()).isEqualTo(df.schema());
        TableSpec spec = SparkValues.spec(df.schema());
        List<String> expected = df.orderBy("id").collectAsList().stream()
                .map(r -> CanonicalRows.row(spec, SparkValues.row(r, spec))).toList();
        assertThat(back.orderBy("id").collectAsList().stream()
                .map(r -> CanonicalRows.row(spec, SparkValues.row(r, spec))).toList())
                .containsExactlyElementsOf(expected);
        // the Rust reference reads the same rows
        assertThat(RustOracle.shared().read(file)).containsExactlyElementsOf(expected);
    }

    /** The types the Rust writer may store, limited to what Spark holds exactly. */
    private static TypeSpec sparkable(TypeSpec t) {
        return switch (t) {
            case TypeSpec.Timestamp ts when ts.unit() == java.util.concurrent.TimeUnit.NANOSECONDS ->
                    new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.MICROSECONDS, ts.timeZone(), ts.nullable());
            case TypeSpec.Struct s -> new TypeSpec.Struct(s.fields().stream()
                    .map(f -> new TypeSpec.Field(f.name(), sparkable(f.type()))).toList(), s.nullable());
            case TypeSpec.ListOf l -> new TypeSpec.ListOf(sparkable(l.element()), l.nullable());
            case TypeSpec.FixedSizeList l -> new TypeSpec.FixedSizeList(sparkable(l.element()), l.size(), l.nullable());
            case TypeSpec.Null n -> new TypeSpec.Bool(true);
            default -> t;
        };
    }

    @Test
    void rustWrittenRandomTablesReadInSparkAsRustReadsThem(@TempDir Path dir) {
        SplittableRandom random = Seeds.random("spark-rust-tables");
        for (int table = 0; table < 4; table++) {
            List<TypeSpec> types = RandomTables.randomTypes(random, 12, false).stream()
                    .map(VortexTypesTest::sparkable).toList();
            RandomTables.GeneratedTable generated = RandomTables.generate(random.nextLong(), types, 700);
            Path file = dir.resolve("rust-" + table + ".vortex");
            RustOracle.shared().write(generated, file, RustOracle.Strategy.DEFAULT, null);
            List<String> rust = RustOracle.shared().read(file);
            TableSpec spec = generated.spec();
            // one file is read in one task, in row order; half through Hadoop's file system, half mapped
            List<Row> rows = spark.read().format("vortex").option("vortex.local.useHadoop", table % 2 == 0)
                    .load(file.toString()).collectAsList();
            List<String> sparkLines = rows.stream().map(r -> CanonicalRows.row(spec, SparkValues.row(r, spec))).toList();
            assertThat(sparkLines).as("table %d of seed %d: %s", table, generated.seed(), types)
                    .containsExactlyElementsOf(rust);
        }
    }
}
