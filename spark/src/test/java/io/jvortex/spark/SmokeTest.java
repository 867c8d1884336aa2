package io.jvortex.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmokeTest {
    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSessions.start("smoke");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void roundTrip(@TempDir Path dir) {
        Dataset<Row> df = spark.sql("select id, cast(id as int) i, concat('s', id) s, id % 3 = 0 b, "
                + "cast(id as decimal(10,2)) d, date_add(date'2020-01-01', cast(id as int)) dt from range(1000)");
        String out = dir.resolve("t").toString();
        df.write().format("vortex").save(out);
        Dataset<Row> back = spark.read().format("vortex").load(out);
        back.printSchema();
        List<Row> rows = back.orderBy("id").collectAsList();
        assertThat(rows).containsExactlyElementsOf(df.orderBy("id").collectAsList());
        Dataset<Row> q = back.filter("i > 500 and s like 's9%'").select("id", "s");
        q.explain(true);
        assertThat(q.count()).isEqualTo(df.filter("i > 500 and s like 's9%'").count());
        Dataset<Row> agg = back.selectExpr("count(*)", "min(i)", "max(s)");
        agg.explain();
        System.out.println(agg.collectAsList());
    }
}
