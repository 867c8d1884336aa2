package io.jvortex.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.VortexReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes through Spark: save modes, partitioned layouts, globs, schema conflicts, failed jobs, options. */
class VortexWriteTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSessions.start("vortex-write");
        spark.udf().register("failAt", (UDF1<Long, Long>) id -> {
            if (id == 7_777L) {
                throw new IllegalStateException("injected failure at row " + id);
            }
            return id;
        }, DataTypes.LongType);
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    private static List<Row> sorted(Dataset<Row> df, String... columns) {
        return df.orderBy(columns[0], java.util.Arrays.copyOfRange(columns, 1, columns.length)).collectAsList();
    }

    private static List<Path> tree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> !p.equals(root)).sorted(Comparator.naturalOrder()).toList();
        }
    }

    @Test
    void saveModes(@TempDir Path dir) {
        String path = dir.resolve("t").toString();
        Dataset<Row> first = spark.range(0, 100).selectExpr("id", "cast(id as string) s");
        Dataset<Row> second = spark.range(100, 150).selectExpr("id", "cast(id as string) s");
        first.write().format("vortex").save(path); // errorifexists on a new path
        assertThatThrownBy(() -> second.write().format("vortex").save(path))
                .hasMessageContaining("already exists");
        second.write().format("vortex").mode(SaveMode.Ignore).save(path);
        assertThat(spark.read().format("vortex").load(path).count()).isEqualTo(100);
        second.write().format("vortex").mode(SaveMode.Append).save(path);
        assertThat(sorted(spark.read().format("vortex").load(path), "id"))
                .containsExactlyElementsOf(sorted(first.union(second), "id"));
        second.write().format("vortex").mode(SaveMode.Overwrite).save(path);
        assertThat(sorted(spark.read().format("vortex").load(path), "id")).containsExactlyElementsOf(sorted(second, "id"));
    }

    /**
     * Every committed write leaves an empty {@code _SUCCESS} in its target, as Spark's Parquet writer
     * does, which readers skip; a failed job leaves none; Hadoop's switch turns it off.
     */
    @Test
    void aCommittedWriteLeavesASuccessMarker(@TempDir Path dir) throws IOException {
        Dataset<Row> rows = spark.range(0, 100).selectExpr("id", "cast(id % 3 as int) k");
        Path plain = dir.resolve("plain");
        rows.write().format("vortex").save(plain.toString());
        assertThat(Files.size(plain.resolve("_SUCCESS"))).isZero();
        Files.delete(plain.resolve("_SUCCESS"));
        rows.write().format("vortex").mode(SaveMode.Append).save(plain.toString());
        assertThat(plain.resolve("_SUCCESS")).exists();
        assertThat(spark.read().format("vortex").load(plain.toString()).count()).isEqualTo(200);

        Path partitioned = dir.resolve("partitioned");
        rows.write().format("vortex").partitionBy("k").save(partitioned.toString());
        assertThat(partitioned.resolve("_SUCCESS")).exists();
        assertThat(spark.read().format("vortex").load(partitioned.toString()).count()).isEqualTo(100);

        Path empty = dir.resolve("empty");
        rows.limit(0).write().format("vortex").save(empty.toString());
        assertThat(empty.resolve("_SUCCESS")).exists();

        Dataset<Row> failing = spark.range(0, 20_000).repartition(2).selectExpr("failAt(id) id");
        Path failed = dir.resolve("failed");
        Files.createDirectories(failed);
        assertThatThrownBy(() -> failing.write().format("vortex").mode(SaveMode.Overwrite).save(failed.toString()))
                .hasStackTraceContaining("injected failure at row 7777");
        assertThat(failed.resolve("_SUCCESS")).doesNotExist();

        Path unmarked = dir.resolve("unmarked");
        rows.write().format("vortex").option(VortexBatchWrite.MARK_SUCCESS, "false").save(unmarked.toString());
        assertThat(unmarked.resolve("_SUCCESS")).doesNotExist();
        assertThat(spark.read().format("vortex").load(unmarked.toString()).count()).isEqualTo(100);
    }

    @Test
    void anEmptyDataFrameLeavesAReadableSchema(@TempDir Path dir) {
        String path = dir.resolve("empty").toString();
        Dataset<Row> empty = spark.range(0).selectExpr("id", "cast(id as string) s", "cast(id as decimal(12,3)) d");
        empty.write().format("vortex").save(path);
        Dataset<Row> back = spark.read().format("vortex").load(path);
        assertThat(back.schema()).isEqualTo(empty.schema());
        assertThat(back.count()).isZero();
        assertThat(back.selectExpr("max(d)").collectAsList()).containsExactly(org.apache.spark.sql.RowFactory.create(
                (Object) null));
    }

    @Test
    void partitionedRoundTripPrunesFiles(@TempDir Path dir) throws IOException {
        String path = dir.resolve("p").toString();
        Dataset<Row> df = spark.range(0, 3000).selectExpr("id", "cast(id % 3 as int) k",
                "case when id % 5 = 0 then null else date_add(date'2024-01-01', cast(id % 2 as int)) end day",
                "case when id % 7 = 0 then 'a/b c=d' else concat('v', id % 2) end tag", "id * 2 v");
        df.write().format("vortex").partitionBy("k", "day").save(path);
        assertThat(Files.isDirectory(dir.resolve("p/k=1/day=2024-01-02"))).isTrue();
        assertThat(Files.isDirectory(dir.resolve("p/k=2/day=__HIVE_DEFAULT_PARTITION__"))).isTrue();
        Dataset<Row> back = spark.read().format("vortex").load(path);
        assertThat(back.schema().apply("k").dataType()).isEqualTo(DataTypes.IntegerType);
        assertThat(back.schema().apply("day").dataType()).isEqualTo(DataTypes.DateType);
        List<String> columns = List.of("id", "k", "day", "tag", "v");
        assertThat(sorted(back.selectExpr(columns.toArray(String[]::new)), "id"))
                .containsExactlyElementsOf(sorted(df, "id"));

        Dataset<Row> pruned = back.filter("k = 1 AND day IS NOT NULL").select("id", "k");
        String plan = pruned.queryExecution().executedPlan().toString();
        long kept = tree(dir.resolve("p/k=1")).stream()
                .filter(f -> f.toString().endsWith(".vortex") && !f.toString().contains("__HIVE_DEFAULT")).count();
        long all = tree(dir.resolve("p")).stream().filter(f -> f.toString().endsWith(".vortex")).count();
        assertThat(kept).isLessThan(all);
        assertThat(plan).contains("PartitionFilters: [").contains("files=" + kept + ",");
        assertThat(sorted(pruned, "id")).containsExactlyElementsOf(sorted(df.filter("k = 1 AND day IS NOT NULL")
                .select("id", "k"), "id"));
        // seeded random predicates over partition and data columns: Spark's rows
        java.util.SplittableRandom random = io.jvortex.testing.Seeds.random("spark-partition-predicates");
        String[] atoms = {"k = 1", "k <> 2", "k IN (0, 2)", "k > 0", "k <= 1", "day IS NULL", "day IS NOT NULL",
            "day > DATE'2024-01-01'", "day = DATE'2024-01-02'", "k <=> NULL", "day <=> DATE'2024-01-01'",
            "id > 1500", "startswith(tag, 'v1')", "tag = 'a/b c=d'", "v < 1000", "k + 1 = 2"};
        for (int q = 0; q < 15; q++) {
            String a = atoms[random.nextInt(atoms.length)];
            String b = atoms[random.nextInt(atoms.length)];
            String predicate = switch (random.nextInt(4)) {
                case 0 -> a;
                case 1 -> "(" + a + " AND " + b + ")";
                case 2 -> "(" + a + " OR " + b + ")";
                default -> "NOT (" + a + ")";
            };
            assertThat(sorted(back.filter(predicate).selectExpr(columns.toArray(String[]::new)), "id"))
                    .as(predicate).containsExactlyElementsOf(sorted(df.filter(predicate), "id"));
        }
        // only partition columns: constant vectors over row counts
        assertThat(back.groupBy("k", "day").count().orderBy("k", "day").collectAsList())
                .containsExactlyElementsOf(df.groupBy("k", "day").count().orderBy("k", "day").collectAsList());
        // a partition value that needed escaping comes back as it was written
        assertThat(back.filter("tag = 'a/b c=d'").count()).isEqualTo(df.filter("tag = 'a/b c=d'").count());
        // partition-only aggregates still come out right
        assertThat(back.selectExpr("count(*)", "max(k)").collectAsList())
                .containsExactlyElementsOf(df.selectExpr("count(*)", "max(k)").collectAsList());
        assertThat(tree(dir.resolve("p")).stream().map(Path::toString).filter(p -> p.contains("_temporary"))).isEmpty();
        assertThatThrownBy(() -> spark.range(3).selectExpr("id", "timestamp_micros(id) t").write().format("vortex")
                .partitionBy("t").save(dir.resolve("pt").toString())).hasMessageContaining("cannot partition by 't'");
    }

    /**
     * Partition directories are named as Spark names them for its own formats (characters Hive escapes as
     * {@code %XX}, other text, non-ASCII included, as it is), so other readers of the layout see the same
     * values; and directories Spark wrote are read back with their values.
     */
    @Test
    void partitionDirectoriesAreNamedAsSparkNamesThem(@TempDir Path dir) throws IOException {
        List<String> values = List.of("é", "naïve/ü", "x y", "50%", "a=b", "tab\tq", "日本", "#[]^{}*?:'\"", "plain");
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < values.size() * 4; i++) {
            rows.add(org.apache.spark.sql.RowFactory.create((long) i, values.get(i % values.size())));
        }
        Dataset<Row> df = spark.createDataFrame(rows, new org.apache.spark.sql.types.StructType()
                .add("id", DataTypes.LongType, false).add("k", DataTypes.StringType, true));
        df.write().format("parquet").partitionBy("k").save(dir.resolve("parquet").toString());
        df.write().format("vortex").partitionBy("k").save(dir.resolve("vortex").toString());
        List<String> parquetDirs = partitionDirectories(dir.resolve("parquet"));
        assertThat(parquetDirs).hasSize(values.size());
        assertThat(partitionDirectories(dir.resolve("vortex"))).containsExactlyElementsOf(parquetDirs);
        List<String> columns = List.of("id", "k");
        assertThat(sorted(spark.read().format("vortex").load(dir.resolve("vortex").toString())
                .selectExpr(columns.toArray(String[]::new)), "id")).containsExactlyElementsOf(sorted(df, "id"));
        // Spark's own layout, with Vortex files put where its Parquet files are, reads the same values
        for (Path parquetFile : tree(dir.resolve("parquet"))) {
            if (parquetFile.toString().endsWith(".parquet")) {
                Files.delete(parquetFile);
            }
        }
        for (Path vortexDir : tree(dir.resolve("vortex"))) {
            if (Files.isDirectory(vortexDir)) {
                Path target = dir.resolve("parquet").resolve(dir.resolve("vortex").relativize(vortexDir));
                try (Stream<Path> files = Files.list(vortexDir)) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".vortex")).toList()) {
                        Files.copy(f, target.resolve(f.getFileName()));
                    }
                }
            }
        }
        assertThat(sorted(spark.read().format("vortex").load(dir.resolve("parquet").toString())
                .selectExpr(columns.toArray(String[]::new)), "id")).containsExactlyElementsOf(sorted(df, "id"));
    }

    private static List<String> partitionDirectories(Path root) throws IOException {
        return tree(root).stream().filter(Files::isDirectory).map(p -> root.relativize(p).toString()).sorted()
                .toList();
    }

    @Test
    void aDataFrameKeepsTheFilesItListed(@TempDir Path dir) {
        String path = dir.resolve("t").toString();
        spark.range(0, 100).selectExpr("id").write().format("vortex").save(path);
        Dataset<Row> df = spark.read().format("vortex").load(path);
        assertThat(df.collectAsList()).hasSize(100);
        spark.range(100, 130).selectExpr("id").write().format("vortex").mode(SaveMode.Append).save(path);
        // as with Spark's file sources, whose file index lists once per DataFrame; a new query (not df's
        // own plan, which Spark keeps) plans a scan again
        assertThat(df.filter("id >= 50").collectAsList()).hasSize(50);
        assertThat(spark.read().format("vortex").load(path).collectAsList()).hasSize(130);
    }

    @Test
    void scansShareTheBroadcastOfAnEqualHadoopConfiguration() {
        org.apache.spark.SparkContext context = spark.sparkContext();
        org.apache.hadoop.conf.Configuration base = spark.sessionState().newHadoopConf();
        var first = ConfBroadcasts.of(context, base);
        assertThat(ConfBroadcasts.of(context, new org.apache.hadoop.conf.Configuration(base))).isSameAs(first);
        org.apache.hadoop.conf.Configuration other = new org.apache.hadoop.conf.Configuration(base);
        other.set("fs.s3a.access.key", "another-key");
        var second = ConfBroadcasts.of(context, other);
        assertThat(second).isNotSameAs(first);
        assertThat(second.value().get().get("fs.s3a.access.key")).isEqualTo("another-key");
        assertThat(first.value().get().get("fs.s3a.access.key")).isNotEqualTo("another-key");
        assertThat(ConfBroadcasts.of(context, other)).isSameAs(second);
        assertThat(ConfBroadcasts.of(context, base)).isSameAs(first);
    }

    @Test
    void globsAndSchemaConflicts(@TempDir Path dir) {
        spark.range(0, 10).selectExpr("id", "cast(id as int) a").write().format("vortex").save(dir.resolve("t1").toString());
        spark.range(10, 30).selectExpr("id", "cast(id as int) a").write().format("vortex").save(dir.resolve("t2").toString());
        spark.range(0, 5).selectExpr("id", "cast(id as string) a").write().format("vortex").save(dir.resolve("x1").toString());
        Dataset<Row> globbed = spark.read().format("vortex").load(dir.resolve("t*").toString());
        assertThat(globbed.count()).isEqualTo(30);
        assertThat(globbed.selectExpr("sum(a)").collectAsList().getFirst().getLong(0)).isEqualTo(29L * 30 / 2);
        Dataset<Row> both = spark.read().format("vortex").load(dir.resolve("t1").toString(), dir.resolve("t2").toString());
        assertThat(both.count()).isEqualTo(30);

        Dataset<Row> conflicting = spark.read().format("vortex").load(dir.resolve("t1").toString(),
                dir.resolve("x1").toString());
        assertThatThrownBy(() -> conflicting.collectAsList())
                .hasMessageContaining("schema conflict")
                .hasMessageContaining("column 'a' is string in " + "file:" + dir.resolve("x1"))
                .hasMessageContaining("but int in file:" + dir.resolve("t1"));
        assertThatThrownBy(() -> spark.read().format("vortex").load(dir.resolve("nothing-here").toString()))
                .hasMessageContaining("does not exist");
    }

    @Test
    void aFailedJobLeavesNothingBehind(@TempDir Path dir) throws IOException {
        Dataset<Row> failing = spark.range(0, 20_000).repartition(4).selectExpr("failAt(id) id", "cast(id as string) s");
        Path fresh = dir.resolve("fresh");
        assertThatThrownBy(() -> failing.write().format("vortex").save(fresh.toString()))
                .hasStackTraceContaining("injected failure at row 7777");
        assertThat(tree(fresh)).isEmpty();
        assertThat(Files.exists(fresh)).isFalse();

        // an overwrite that fails keeps the old table
        Path existing = dir.resolve("existing");
        spark.range(0, 10).selectExpr("id", "cast(id as string) s").write().format("vortex").save(existing.toString());
        List<Path> before = tree(existing);
        assertThatThrownBy(() -> failing.write().format("vortex").mode(SaveMode.Overwrite).save(existing.toString()))
                .hasStackTraceContaining("injected failure at row 7777");
        assertThat(tree(existing)).containsExactlyElementsOf(before);
        assertThat(spark.read().format("vortex").load(existing.toString()).count()).isEqualTo(10);
    }

    @Test
    void sqlTablesOverALocation(@TempDir Path dir) {
        String path = dir.resolve("sql").toString();
        spark.range(0, 50).selectExpr("id", "cast(id % 5 as int) k").write().format("vortex").save(path);
        spark.sql("CREATE TABLE vortex_sql USING vortex LOCATION '" + path + "'");
        try {
            assertThat(spark.sql("SELECT count(*), sum(k) FROM vortex_sql WHERE id >= 10").collectAsList())
                    .containsExactly(org.apache.spark.sql.RowFactory.create(40L, 80L));
        } finally {
            spark.sql("DROP TABLE vortex_sql");
        }
    }

    @Test
    void sqlInsertsAndPartitionOverwrites(@TempDir Path dir) throws IOException {
        String path = dir.resolve("inserts").toString();
        spark.range(0, 9).selectExpr("id", "cast(id % 3 as int) k").write().format("vortex").partitionBy("k").save(path);
        spark.sql("CREATE TABLE vortex_inserts USING vortex LOCATION '" + path + "'");
        try {
            spark.sql("INSERT INTO vortex_inserts VALUES (100, 1), (101, 3)");
            assertThat(rows("SELECT id, k FROM vortex_inserts ORDER BY id"))
                    .containsExactly("0,0", "1,1", "2,2", "3,0", "4,1", "5,2", "6,0", "7,1", "8,2", "100,1", "101,3");
            // a static partition overwrite replaces that partition only
            spark.sql("INSERT OVERWRITE vortex_inserts PARTITION (k = 2) SELECT 200");
            assertThat(rows("SELECT id, k FROM vortex_inserts WHERE k = 2")).containsExactly("200,2");
            assertThat(rows("SELECT count(*) FROM vortex_inserts")).containsExactly("9");
            // static mode (the default): INSERT OVERWRITE without a partition replaces the whole table
            spark.sql("INSERT OVERWRITE vortex_inserts SELECT id, cast(id % 2 as int) FROM range(10, 14)");
            assertThat(rows("SELECT id, k FROM vortex_inserts ORDER BY id"))
                    .containsExactly("10,0", "11,1", "12,0", "13,1");
            // dynamic mode: only the partitions written are replaced
            spark.conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
            try {
                spark.sql("INSERT OVERWRITE vortex_inserts SELECT 300, 1");
                spark.sql("INSERT OVERWRITE vortex_inserts PARTITION (k) SELECT 400, 5");
            } finally {
                spark.conf().unset("spark.sql.sources.partitionOverwriteMode");
            }
            assertThat(rows("SELECT id, k FROM vortex_inserts ORDER BY id")).containsExactly("10,0", "12,0", "300,1",
                    "400,5");

            // a failed insert leaves the table as it was, without temporary files
            List<Path> before = tree(dir.resolve("inserts"));
            assertThatThrownBy(() -> spark.sql("INSERT OVERWRITE vortex_inserts SELECT failAt(id), cast(id % 3 as int)"
                    + " FROM range(0, 20000)")).hasStackTraceContaining("injected failure at row 7777");
            assertThat(tree(dir.resolve("inserts"))).containsExactlyElementsOf(before);
            assertThat(rows("SELECT count(*) FROM vortex_inserts")).containsExactly("4");
        } finally {
            spark.sql("DROP TABLE vortex_inserts");
        }

        // a new table with its schema declared: its location is created by the first insert
        String fresh = dir.resolve("fresh").toString();
        spark.sql("CREATE TABLE vortex_fresh (id BIGINT, s STRING, k INT) USING vortex PARTITIONED BY (k) LOCATION '"
                + fresh + "'");
        try {
            assertThat(rows("SELECT count(*) FROM vortex_fresh")).containsExactly("0");
            spark.sql("INSERT INTO vortex_fresh VALUES (1, 'a', 7), (2, null, 8)");
            spark.range(3, 5).selectExpr("id", "'df' s", "7 k").write().insertInto("vortex_fresh");
            assertThat(rows("SELECT id, s, k FROM vortex_fresh ORDER BY id"))
                    .containsExactly("1,a,7", "2,null,8", "3,df,7", "4,df,7");
            assertThat(Files.isDirectory(dir.resolve("fresh").resolve("k=7"))).isTrue();
        } finally {
            spark.sql("DROP TABLE vortex_fresh");
        }
    }

    private static List<String> rows(String sql) {
        List<String> out = new ArrayList<>();
        for (Row r : spark.sql(sql).collectAsList()) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length(); i++) {
                line.append(i > 0 ? "," : "").append(r.isNullAt(i) ? "null" : r.get(i).toString());
            }
            out.add(line.toString());
        }
        return out;
    }

    @Test
    void writeOptionsReachTheFiles(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("zones");
        Dataset<Row> df = spark.range(0, 10_000).selectExpr("id", "cast(id % 13 as string) s");
        df.coalesce(1).write().format("vortex").option("zoneRows", 1000).option("compact", true)
                .option("edition", "core2025.10.0").save(out.toString());
        List<Path> files = new ArrayList<>();
        for (Path p : tree(out)) {
            if (p.toString().endsWith(".vortex")) {
                files.add(p);
            }
        }
        assertThat(files).hasSize(1);
        try (VortexReader reader = VortexReader.open(files.getFirst())) {
            assertThat(reader.rowCount()).isEqualTo(10_000);
            assertThat(reader.zones("id")).hasSize(10);
        }
        assertThat(sorted(spark.read().format("vortex").load(out.toString()), "id")).containsExactlyElementsOf(sorted(df, "id"));
        assertThatThrownBy(() -> df.write().format("vortex").option("edition", "no-such-edition")
                .save(dir.resolve("bad").toString())).hasMessageContaining("no-such-edition");
    }
}
