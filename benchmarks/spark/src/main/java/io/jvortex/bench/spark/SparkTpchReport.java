package io.jvortex.bench.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * TPC-H on Spark, warm, in one {@code local[2]} session: the 22 queries over tables written by the jvortex
 * connector ({@code format("vortex")}) against the same tables written by Spark's Parquet writer with its
 * defaults and read by its built-in vectorized Parquet reader; plus the time each writer takes to write the
 * tables from the same (cached) DataFrames. Writes JSON that {@code bench/report.py} turns into a section of
 * BENCHMARKS.md.
 *
 * <p>Steps: each tpchgen-cli table ({@code --data DIR/<table>.parquet}) is read and cached, then written
 * once untimed (warm-up) and {@code --write-runs} timed times by each writer, alternating which goes first. Every query then runs once per
 * format as warm-up, and those results are compared row for row (as text, in order when the query orders
 * its result). Then {@code --runs} rounds time each query on both formats, alternating which goes first;
 * the report takes each query's median.
 *
 * <p>Options: {@code --data DIR} (required), {@code --queries DIR} with {@code q01.sql}… (required),
 * {@code --work DIR} for the written tables (required; replaced), {@code --out FILE} (required), {@code
 * --scale SF} (recorded only), {@code --runs N} (3), {@code --write-runs N} (3), {@code --master M}
 * ({@code local[2]}), {@code --shuffle-partitions N} ({@code 2}, as the connector's tests use: Spark's default of
 * 200 gives each shuffle of a two-core run 200 tasks, a fixed cost that both formats pay), {@code --only 1,6,…} (a
 * subset of queries).
 */
public final class SparkTpchReport {
    private static final List<String> TABLES =
            List.of("region", "nation", "supplier", "customer", "part", "partsupp", "orders", "lineitem");
    private static final List<String> FORMATS = List.of("parquet", "vortex");

    private SparkTpchReport() {
    }

    /**
     * Runs the benchmark.
     *
     * @param args the options above
     * @throws IOException when the queries or the data cannot be read or the JSON cannot be written
     */
    public static void main(String[] args) throws IOException {
        Map<String, String> options = options(args);
        Path data = Path.of(require(options, "data"));
        Path queriesDir = Path.of(require(options, "queries"));
        Path work = Path.of(require(options, "work"));
        Path out = Path.of(require(options, "out"));
        int runs = Integer.parseInt(options.getOrDefault("runs", "3"));
        int writeRuns = Integer.parseInt(options.getOrDefault("write-runs", "3"));
        String master = options.getOrDefault("master", "local[2]");
        int shufflePartitions = Integer.parseInt(options.getOrDefault("shuffle-partitions", "2"));
        List<Integer> queries = new ArrayList<>();
        if (options.containsKey("only")) {
            for (String q : options.get("only").split(",")) {
                queries.add(Integer.parseInt(q.trim()));
            }
        } else {
            for (int q = 1; q <= 22; q++) {
                queries.add(q);
            }
        }
        Map<Integer, String> sql = new LinkedHashMap<>();
        for (int q : queries) {
            sql.put(q, Files.readString(queriesDir.resolve(String.format(Locale.ROOT, "q%02d.sql", q))));
        }

        SparkSession spark = SparkSession.builder()
                .master(master)
                .appName("jvortex TPC-H benchmark")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.session.timeZone", "UTC")
                .config("spark.sql.shuffle.partitions", Integer.toString(shufflePartitions))
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        try {
            List<String> tables = writeTables(spark, data, work, writeRuns);
            for (String format : FORMATS) {
                try {
                    for (String table : TABLES) {
                        spark.read().format(format).load(work.resolve(format).resolve(table).toString())
                                .createOrReplaceTempView(table + "_" + format);
                    }
                } catch (Exception e) {
                    // its queries fail with "table or view not found" and are reported as errors
                    System.out.println(format + " tables cannot be read: " + e);
                }
            }
            List<String> results = runQueries(spark, sql, runs);
            String json = "{\"scale\":" + quote(options.getOrDefault("scale", "?"))
                    + ",\"sparkVersion\":" + quote(spark.version())
                    + ",\"master\":" + quote(master)
                    + ",\"shufflePartitions\":" + shufflePartitions
                    + ",\"java\":" + quote(Runtime.version().toString())
                    + ",\"maxHeapBytes\":" + Runtime.getRuntime().maxMemory()
                    + ",\"runs\":" + runs + ",\"writeRuns\":" + writeRuns + ",\"writeWarmups\":1"
                    + ",\"tables\":[\n" + String.join(",\n", tables) + "\n],\"queries\":[\n"
                    + String.join(",\n", results) + "\n]}\n";
            Files.writeString(out, json);
            System.out.println("wrote " + out);
        } finally {
            spark.stop();
        }
    }

    /**
     * Writes every table with both writers, once untimed (warm-up) and then {@code writeRuns} timed times each;
     * returns one JSON object per table.
     */
    private static List<String> writeTables(SparkSession spark, Path data, Path work, int writeRuns) {
        List<String> json = new ArrayList<>();
        for (String table : TABLES) {
            Dataset<Row> source = spark.read().parquet(data.resolve(table + ".parquet").toString()).cache();
            long rows = source.count(); // materializes the cache: the writes below read memory
            Map<String, List<Double>> millis = new LinkedHashMap<>();
            Map<String, String> errors = new LinkedHashMap<>();
            for (String format : FORMATS) {
                millis.put(format, new ArrayList<>());
            }
            // run -1: one untimed warm-up write per writer, as every query gets a warm-up run
            for (int run = -1; run < writeRuns; run++) {
                List<String> order = run % 2 == 0 ? FORMATS : FORMATS.reversed();
                for (String format : order) {
                    if (errors.containsKey(format)) {
                        continue;
                    }
                    String dir = work.resolve(format).resolve(table).toString();
                    long start = System.nanoTime();
                    try {
                        source.write().format(format).mode(SaveMode.Overwrite).save(dir);
                    } catch (Exception e) {
                        errors.put(format, firstLine(e));
                        System.out.println(table + ": " + format + " write failed: " + e);
                        continue;
                    }
                    if (run >= 0) {
                        millis.get(format).add((System.nanoTime() - start) / 1e6);
                    }
                }
            }
            source.unpersist(true);
            Path parquetDir = work.resolve("parquet").resolve(table);
            Path vortexDir = work.resolve("vortex").resolve(table);
            String line = String.format(Locale.ROOT,
                    "{\"table\":%s,\"rows\":%d,\"parquetBytes\":%d,\"vortexBytes\":%d,\"parquetFiles\":%d,"
                            + "\"vortexFiles\":%d,\"parquetWriteMs\":%s,\"vortexWriteMs\":%s,\"parquetError\":%s,"
                            + "\"vortexError\":%s}",
                    quote(table), rows, bytes(parquetDir), bytes(vortexDir), files(parquetDir), files(vortexDir),
                    numbers(millis.get("parquet")), numbers(millis.get("vortex")), quote(errors.get("parquet")),
                    quote(errors.get("vortex")));
            System.out.println(line);
            json.add(line);
        }
        return json;
    }

    /** Warm-up and comparison run, then the timed rounds; returns one JSON object per query. */
    private static List<String> runQueries(SparkSession spark, Map<Integer, String> sql, int runs) {
        Map<Integer, Map<String, List<String>>> rows = new LinkedHashMap<>();
        Map<Integer, Map<String, String>> errors = new LinkedHashMap<>();
        Map<Integer, Map<String, List<Double>>> millis = new LinkedHashMap<>();
        for (int q : sql.keySet()) {
            rows.put(q, new LinkedHashMap<>());
            errors.put(q, new LinkedHashMap<>());
            millis.put(q, new LinkedHashMap<>());
            for (String format : FORMATS) {
                millis.get(q).put(format, new ArrayList<>());
                try {
                    long start = System.nanoTime();
                    rows.get(q).put(format, run(spark, sql.get(q), format));
                    System.out.printf(Locale.ROOT, "q%02d %s warm-up %.0f ms%n", q, format,
                            (System.nanoTime() - start) / 1e6);
                } catch (Exception e) {
                    errors.get(q).put(format, firstLine(e));
                    System.out.printf(Locale.ROOT, "q%02d %s failed: %s%n", q, format, e);
                }
            }
        }
        for (int run = 0; run < runs; run++) {
            for (int q : sql.keySet()) {
                List<String> order = (run + q) % 2 == 0 ? FORMATS : FORMATS.reversed();
                for (String format : order) {
                    if (errors.get(q).containsKey(format)) {
                        continue;
                    }
                    long start = System.nanoTime();
                    run(spark, sql.get(q), format);
                    double ms = (System.nanoTime() - start) / 1e6;
                    millis.get(q).get(format).add(ms);
                    System.out.printf(Locale.ROOT, "q%02d %s run %d %.0f ms%n", q, format, run + 1, ms);
                }
            }
        }
        List<String> json = new ArrayList<>();
        for (int q : sql.keySet()) {
            List<String> parquet = rows.get(q).get("parquet");
            List<String> vortex = rows.get(q).get("vortex");
            Boolean same = null;
            if (parquet != null && vortex != null) {
                same = ordered(sql.get(q))
                        ? parquet.equals(vortex)
                        : parquet.stream().sorted().toList().equals(vortex.stream().sorted().toList());
            }
            String line = String.format(Locale.ROOT,
                    "{\"query\":%d,\"rows\":%s,\"same\":%s,\"parquetMs\":%s,\"vortexMs\":%s,\"parquetError\":%s,"
                            + "\"vortexError\":%s}",
                    q, parquet == null ? "null" : Integer.toString(parquet.size()), same,
                    numbers(millis.get(q).get("parquet")), numbers(millis.get(q).get("vortex")),
                    quote(errors.get(q).get("parquet")), quote(errors.get(q).get("vortex")));
            System.out.println(line);
            json.add(line);
        }
        return json;
    }

    /** Runs a query over one format's tables (plain names are views of {@code <table>_<format>}). */
    private static List<String> run(SparkSession spark, String sql, String format) {
        for (String table : TABLES) {
            spark.table(table + "_" + format).createOrReplaceTempView(table);
        }
        List<String> rendered = new ArrayList<>();
        for (Row row : spark.sql(sql).collectAsList()) {
            StringBuilder text = new StringBuilder("[");
            for (int i = 0; i < row.length(); i++) {
                Object value = row.get(i);
                text.append(i > 0 ? " | " : "")
                        .append(value == null ? "null" : value.getClass().getSimpleName() + ":" + value);
            }
            rendered.add(text.append(']').toString());
        }
        return rendered;
    }

    /** An exception's first line, at most 300 characters: what the report shows. */
    private static String firstLine(Exception e) {
        String text = e.toString().lines().findFirst().orElse(e.getClass().getName());
        return text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }

    private static boolean ordered(String sql) {
        return sql.toLowerCase(Locale.ROOT).contains("order by");
    }

    /** The bytes of the data files Spark wrote under a directory (not its _SUCCESS or .crc files). */
    private static long bytes(Path dir) {
        return dataFiles(dir).mapToLong(p -> {
            try {
                return Files.size(p);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).sum();
    }

    private static long files(Path dir) {
        return dataFiles(dir).count();
    }

    private static Stream<Path> dataFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Stream.empty();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith(".")
                            && !p.getFileName().toString().startsWith("_"))
                    .toList()
                    .stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String numbers(List<Double> values) {
        List<String> text = new ArrayList<>();
        for (double v : values) {
            text.add(String.format(Locale.ROOT, "%.1f", v));
        }
        return "[" + String.join(",", text) + "]";
    }

    private static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 == args.length) {
                throw new IllegalArgumentException("expected --option value pairs, got " + String.join(" ", args));
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    private static String require(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }
}
