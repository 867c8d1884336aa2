package io.jvortex.spark.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.testing.oracle.RustOracle;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 22 TPC-H queries (resources {@code tpch/q01.sql} … {@code q22.sql}, the specification's
 * validation parameters) return exactly the same rows on Vortex tables as on Parquet tables of the same
 * data. The data is tpchgen-cli's Parquet at a small scale factor; Spark reads it with its own Parquet
 * reader, writes the same DataFrames with {@code format("vortex")} and reads them back with {@code
 * format("vortex")}. Each query then runs over both sets of tables in one {@code local[2]} session and
 * the collected rows are compared as text (decimals with their scale, doubles by their exact shortest
 * representation), in order when the query orders its result.
 */
class TpchQueriesTest {
    /** Small enough for a test run of about a minute; every query returns rows at it. */
    private static final String SCALE = "0.01";

    private static final List<String> TABLES =
            List.of("region", "nation", "supplier", "customer", "part", "partsupp", "orders", "lineitem");

    /** Rows of Q1…Q22 at {@link #SCALE} (tpchgen-cli's data is deterministic), as Spark finds them on Parquet. */
    private static final int[] ROWS_AT_SCALE = {4, 4, 10, 5, 5, 1, 4, 2, 173, 20, 359, 2, 33, 1, 1, 296, 1, 2, 1, 1, 1, 7};

    @TempDir
    static Path dir;

    private static SparkSession spark;

    @BeforeAll
    static void tables() {
        List<Path> files = RustOracle.shared().tpch(dir.resolve("parquet"), SCALE, TABLES);
        spark = SparkSession.builder()
                .master("local[2]")
                .appName("TpchQueriesTest")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.sql.session.timeZone", "UTC")
                .getOrCreate();
        for (int i = 0; i < TABLES.size(); i++) {
            String table = TABLES.get(i);
            Dataset<Row> parquet = spark.read().parquet(files.get(i).toString());
            parquet.createOrReplaceTempView(table + "_parquet");
            String vortexDir = dir.resolve("vortex").resolve(table).toString();
            parquet.write().format("vortex").mode("overwrite").save(vortexDir);
            spark.read().format("vortex").load(vortexDir).createOrReplaceTempView(table + "_vortex");
        }
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    static IntStream queries() {
        return IntStream.rangeClosed(1, 22);
    }

    /** Each table read back from Vortex has Parquet's column types and exactly its rows. */
    @Test
    @Timeout(300)
    void tablesRoundTrip() {
        for (String table : TABLES) {
            Dataset<Row> parquet = spark.table(table + "_parquet");
            Dataset<Row> vortex = spark.table(table + "_vortex");
            assertThat(types(vortex.schema())).as(table).isEqualTo(types(parquet.schema()));
            long rows = parquet.count();
            assertThat(rows).as(table).isPositive();
            assertThat(vortex.count()).as(table).isEqualTo(rows);
            assertThat(parquet.exceptAll(vortex).count()).as(table + ": Parquet rows missing in Vortex").isZero();
            assertThat(vortex.exceptAll(parquet).count()).as(table + ": Vortex rows not in Parquet").isZero();
        }
    }

    @ParameterizedTest(name = "q{0}")
    @MethodSource("queries")
    @Timeout(300)
    void sameRowsOnVortexAsOnParquet(int query) {
        String sql = query(query);
        Result parquet = run(sql, "parquet");
        Result vortex = run(sql, "vortex");

        assertThat(vortex.types()).as("column types of q%02d", query).isEqualTo(parquet.types());
        assertThat(parquet.rows()).as("q%02d on Parquet", query).hasSize(ROWS_AT_SCALE[query - 1]);
        if (ordered(sql)) {
            assertThat(vortex.rows()).as("q%02d rows, in order", query).containsExactlyElementsOf(parquet.rows());
        } else {
            assertThat(sorted(vortex.rows()))
                    .as("q%02d rows", query)
                    .containsExactlyElementsOf(sorted(parquet.rows()));
        }
    }

    /** A query's collected rows, each rendered as text, and its column types. */
    private record Result(List<String> types, List<String> rows) {}

    /** Runs the query over the tables of one format: plain table names are views of {@code <table>_<format>}. */
    private static Result run(String sql, String format) {
        for (String table : TABLES) {
            spark.table(table + "_" + format).createOrReplaceTempView(table);
        }
        Dataset<Row> result = spark.sql(sql);
        List<String> rows = new ArrayList<>();
        for (Row row : result.collectAsList()) {
            rows.add(render(row));
        }
        return new Result(types(result.schema()), rows);
    }

    /**
     * A row as text that tells apart every value the comparison must: {@code BigDecimal.toString} keeps the
     * scale, {@code Double.toString} is the shortest text that reads back to the same double.
     */
    private static String render(Row row) {
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < row.length(); i++) {
            if (i > 0) {
                text.append(" | ");
            }
            Object value = row.get(i);
            text.append(value == null ? "null" : value.getClass().getSimpleName() + ":" + value);
        }
        return text.append(']').toString();
    }

    private static List<String> types(StructType schema) {
        List<String> types = new ArrayList<>();
        for (StructField field : schema.fields()) {
            types.add(field.name() + " " + field.dataType().simpleString());
        }
        return types;
    }

    private static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().toList();
    }

    /** Whether the outermost query orders its rows (every ORDER BY in these queries is the outermost one). */
    private static boolean ordered(String sql) {
        return sql.toLowerCase(Locale.ROOT).contains("order by");
    }

    private static String query(int number) {
        String name = String.format(Locale.ROOT, "/tpch/q%02d.sql", number);
        try (InputStream in = TpchQueriesTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
