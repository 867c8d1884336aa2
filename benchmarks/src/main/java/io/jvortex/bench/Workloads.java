package io.jvortex.bench;

import io.jvortex.api.internal.ApiAccess;
import io.jvortex.api.VortexReader;
import io.jvortex.dtype.DType;
import io.jvortex.scalar.ArrayStatistics;
import java.nio.file.Path;
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

    /** Filtered columns: {@code l_orderkey} is sorted (zones prune), {@code l_partkey} is not. */
    public static final List<String> FILTER_COLUMNS = List.of("l_orderkey", "l_partkey");

    /** Fractions of the filtered column's value range kept ({@code column <= threshold}). */
    public static final List<Double> SELECTIVITIES = List.of(0.001, 0.01, 0.1, 0.99);

    /**
     * The filter threshold of a selectivity: {@code min + (max - min) * selectivity} from the file's
     * column statistics, so that it follows the scale factor (keys are about uniform in both columns).
     *
     * @param vortexFile the lineitem Vortex file
     * @param column an integer column
     * @param selectivity fraction of the value range kept
     * @return the largest value kept
     */
    public static long filterThreshold(Path vortexFile, String column, double selectivity) {
        try (VortexReader reader = VortexReader.open(vortexFile)) {
            DType.Struct schema = (DType.Struct) reader.schema();
            ArrayStatistics s = ApiAccess.file(reader).fieldStatistics().get(schema.indexOf(column));
            long min = s.min().orElseThrow().asLong();
            long max = s.max().orElseThrow().asLong();
            return min + (long) ((max - min) * selectivity);
        }
    }

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
