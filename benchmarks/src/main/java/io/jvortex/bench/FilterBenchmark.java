package io.jvortex.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Lineitem filtered scans of the two-column projection ({@link Workloads#TWO_COLUMNS}) keeping the
 * rows with {@code column <= threshold}, at 0.1 %, 1 % and 10 % of the column's value range: on the
 * sorted {@code l_orderkey} (zone maps, row-group statistics and page indexes prune the rest) and on
 * the unsorted {@code l_partkey} (little can be pruned; the predicate is evaluated on every row).
 * The unfiltered scan of the same projection is {@code ProjectionBenchmark} with
 * {@code projection=two-columns}. Thresholds come from the file statistics
 * ({@link Workloads#filterThreshold}), so they follow the scale factor; every reader gets the same.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Darrow.enable_unsafe_memory_access=true"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FilterBenchmark {
    /** The filtered column: {@code l_orderkey} (sorted) or {@code l_partkey} (unsorted). */
    @Param({"l_orderkey", "l_partkey"})
    public String column;

    /** Fraction of the column's value range kept. */
    @Param({"0.001", "0.01", "0.1", "0.99"})
    public double selectivity;

    private Path vortexFile;
    private Path parquetFile;
    private long threshold;

    /** Resolves the files and the threshold. */
    @Setup(Level.Trial)
    public void setUp() {
        vortexFile = BenchFiles.file("lineitem", "vortex");
        parquetFile = BenchFiles.file("lineitem", "parquet");
        threshold = Workloads.filterThreshold(vortexFile, column, selectivity);
    }

    /** @return jvortex's fold of the kept rows */
    @Benchmark
    public Fold jvortex() {
        return JvortexReads.filter(vortexFile, Workloads.TWO_COLUMNS, column, threshold);
    }

    /**
     * @param state the peer
     * @return vortex-jni's fold of the kept rows (its scan's filter expression)
     */
    @Benchmark
    public Fold vortexJni(JniState state) {
        return state.jni.filter(vortexFile, Workloads.TWO_COLUMNS, column, threshold);
    }

    /** @return parquet-java's fold of the kept rows (its filter API) */
    @Benchmark
    public Fold parquetJava() {
        return ParquetReads.filter(parquetFile, Workloads.TWO_COLUMNS, column, threshold);
    }
}
