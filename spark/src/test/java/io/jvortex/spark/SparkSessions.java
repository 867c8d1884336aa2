package io.jvortex.spark;

import org.apache.spark.sql.SparkSession;

/** The in-process Spark session of a test class: {@code local[2]}, loopback only, no UI. */
final class SparkSessions {
    private SparkSessions() {
    }

    static SparkSession start(String name) {
        return SparkSession.builder()
                .master("local[2]")
                .appName(name)
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.sql.session.timeZone", "UTC")
                .config("spark.sql.datetime.java8API.enabled", "true")
                .getOrCreate();
    }
}
