package io.jvortex.bench;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** The fixed inputs of the benchmarks, shared by the JMH classes and {@link Verify}. */
public final class Workloads {
    private Workloads() {
    }

    /** Scanned columns as {@code dataset:column}, one per encoding family. */
    public static final List<String> SCAN_COLUMNS = List.of(
            "lineitem:l_partkey", "lineitem:l_suppkey", "lineitem:l_extendedprice", "lineitem:l_shipdate",
            "lineitem:l_shipmode", "lineitem:l_comment", "flights:dep_delay", "flights:distance");

    /** Columns of the compact-strategy lineitem: pco ({@code l_partkey}) and zstd ({@code l_comment}). */
    public static final List<String> COMPACT_COLUMNS = List.of("l_partkey", "l_comment");

    /** The two-column projection. */
    public static final List<String> TWO_COLUMNS = List.of("l_orderkey", "l_extendedprice");

    /** Columns read by the take benchmark: an integer, a decimal, a string. */
    public static final List<String> TAKE_COLUMNS = List.of("l_orderkey", "l_extendedprice", "l_comment");

    /** Rows taken. */
    public static final int TAKE_ROWS = 100;

    /** The wide file's projection: every 1000th of its 10 000 columns. */
    public static final List<String> WIDE_COLUMNS = List.of(
            "c00000", "c01000", "c02000", "c03000", "c04000", "c05000", "c06000", "c07000", "c08000", "c09000");

    /**
     * @param rowCount rows in the file
     * @return {@link #TAKE_ROWS} distinct rows, ascending, from a fixed seed
     */
    public static long[] takeRows(long rowCount) {
        SplittableRandom random = new SplittableRandom(20261121L);
        long[] rows = random.longs(0, rowCount).distinct().limit(TAKE_ROWS).toArray();
        Arrays.sort(rows);
        return rows;
    }

    /**
     * @param param {@code dataset:column}
     * @return the dataset part
     */
    public static String dataset(String param) {
        return param.substring(0, param.indexOf(':'));
    }

    /**
     * @param param {@code dataset:column}
     * @return the column part
     */
    public static String column(String param) {
        return param.substring(param.indexOf(':') + 1);
    }
}
