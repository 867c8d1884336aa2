package io.jvortex.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.testing.s3.S3ProxyServer;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Tables on S3 through Hadoop's {@code s3a} file system, against s3proxy on 127.0.0.1 (real SigV4): what a
 * Spark job on an object store does. The s3a settings reach the connector only as read and write options,
 * as a job that names its bucket's endpoint and keys per table would pass them; the session's Hadoop
 * configuration knows nothing of the bucket, so every listing, read, task output and commit must take
 * them from the options.
 */
@Timeout(300)
class VortexS3aTest {
    private static final String BUCKET = "lake";

    private static S3ProxyServer server;
    private static SparkSession spark;
    private static Map<String, String> s3a;

    @BeforeAll
    static void start() {
        server = S3ProxyServer.start();
        server.createBucket(BUCKET);
        s3a = Map.of(
                "fs.s3a.endpoint", server.endpoint().toString(),
                "fs.s3a.endpoint.region", S3ProxyServer.REGION,
                "fs.s3a.path.style.access", "true",
                "fs.s3a.connection.ssl.enabled", "false",
                "fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider",
                "fs.s3a.access.key", server.accessKey(),
                "fs.s3a.secret.key", server.secretKey(),
                "fs.s3a.attempts.maximum", "2",
                "fs.s3a.retry.limit", "2");
        spark = SparkSessions.start("vortex-s3a");
        spark.udf().register("failAt", (UDF1<Long, Long>) id -> {
            if (id == 4_321L) {
                throw new IllegalStateException("injected failure at row " + id);
            }
            return id;
        }, DataTypes.LongType);
    }

    @AfterAll
    static void stop() {
        try {
            if (spark != null) {
                spark.stop();
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    private static String url(String key) {
        return "s3a://" + BUCKET + "/" + key;
    }

    /** The object keys under {@code prefix}, relative to it, sorted. */
    private static List<String> objects(String prefix) throws IOException {
        Configuration conf = new Configuration();
        s3a.forEach(conf::set);
        conf.set("fs.s3a.impl.disable.cache", "true");
        List<String> out = new ArrayList<>();
        Path root = new Path(url(prefix));
        try (FileSystem fs = FileSystem.get(URI.create(url("")), conf)) {
            if (!fs.exists(root)) {
                return out;
            }
            String base = fs.getFileStatus(root).getPath().toString() + "/";
            RemoteIterator<LocatedFileStatus> files = fs.listFiles(root, true);
            while (files.hasNext()) {
                out.add(files.next().getPath().toString().substring(base.length()));
            }
        }
        out.sort(null);
        return out;
    }

    private static Dataset<Row> table(long rows) {
        return spark.range(0, rows).selectExpr(
                "id",
                "cast(id % 5 as int) as k",
                "case when id % 13 = 0 then null else id * 0.25d end as x",
                "concat('row-', cast(id as string)) as s",
                "cast(id * 7 as decimal(14, 2)) as d",
                "date_add(date'2024-02-28', cast(id % 400 as int)) as day");
    }

    private static List<Row> sorted(Dataset<Row> df) {
        return df.orderBy("id").collectAsList();
    }

    @Test
    void aPartitionedTableIsWrittenAndReadBackExactly() throws IOException {
        Dataset<Row> source = table(30_000).repartition(3);
        source.write().format("vortex").options(s3a).partitionBy("k").mode(SaveMode.Overwrite).save(url("part"));

        List<String> keys = objects("part");
        assertThat(keys).contains("_SUCCESS").noneMatch(k -> k.contains("_temporary"));
        List<String> data = keys.stream().filter(k -> k.endsWith(".vortex")).toList();
        assertThat(data).isNotEmpty().allMatch(k -> k.matches("k=[0-4]/[^/]+\\.vortex"));
        assertThat(data.stream().map(k -> k.substring(0, 3)).distinct().sorted().toList())
                .containsExactly("k=0", "k=1", "k=2", "k=3", "k=4");

        Dataset<Row> back = spark.read().format("vortex").options(s3a).load(url("part"));
        // the partition column comes last, as Parquet tables list it
        assertThat(back.columns()).containsExactly("id", "x", "s", "d", "day", "k");
        assertThat(sorted(back)).containsExactlyElementsOf(sorted(source.select("id", "x", "s", "d", "day", "k")));

        // a partition filter and a pushed data filter together
        String where = "k = 3 and id between 1000 and 20000 and x is not null";
        assertThat(sorted(back.where(where)))
                .containsExactlyElementsOf(sorted(source.select("id", "x", "s", "d", "day", "k").where(where)))
                .isNotEmpty();
    }

    @Test
    void aBigFileIsReadInRowSplits() throws IOException {
        long rows = 400_000;
        table(rows).coalesce(1).write().format("vortex").options(s3a).mode(SaveMode.Overwrite).save(url("big"));
        assertThat(objects("big").stream().filter(k -> k.endsWith(".vortex")).count()).isEqualTo(1);

        Dataset<Row> back = spark.read().format("vortex").options(s3a)
                .option("maxPartitionBytes", String.valueOf(256 * 1024)).load(url("big"));
        assertThat(back.javaRDD().getNumPartitions()).isGreaterThan(1);
        Row totals = back.selectExpr("count(*)", "sum(id)", "count(x)", "sum(length(s))").first();
        Row expected = table(rows).selectExpr("count(*)", "sum(id)", "count(x)", "sum(length(s))").first();
        assertThat(totals).isEqualTo(expected);
        assertThat(sorted(back.where("id >= 123456 and id < 123556")))
                .containsExactlyElementsOf(sorted(table(rows).where("id >= 123456 and id < 123556")));
    }

    @Test
    void aFailedJobLeavesTheBucketAsItWas() throws IOException {
        Dataset<Row> failing = spark.range(0, 10_000).repartition(3)
                .selectExpr("failAt(id) as id", "cast(id as string) as s");
        assertThatThrownBy(() -> failing.write().format("vortex").options(s3a).save(url("fresh")))
                .hasStackTraceContaining("injected failure at row 4321");
        assertThat(objects("fresh")).isEmpty();

        spark.range(0, 10).selectExpr("id", "cast(id as string) as s").write().format("vortex").options(s3a)
                .save(url("kept"));
        List<String> before = objects("kept");
        assertThat(before).anyMatch(k -> k.endsWith(".vortex"));
        assertThatThrownBy(() -> failing.write().format("vortex").options(s3a).mode(SaveMode.Overwrite)
                .save(url("kept"))).hasStackTraceContaining("injected failure at row 4321");
        assertThat(objects("kept")).containsExactlyElementsOf(before);
        assertThat(spark.read().format("vortex").options(s3a).load(url("kept")).count()).isEqualTo(10);
    }
}
