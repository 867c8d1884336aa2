package io.jvortex.bench;

import java.nio.file.Path;
import java.util.List;
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
 * Lineitem: a two-column projection ({@code l_orderkey,l_extendedprice}) and the whole table, also
 * scanned in parallel over splits (one thread per processor).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Darrow.enable_unsafe_memory_access=true"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ProjectionBenchmark {
    /** {@code two-columns} or {@code whole-table}. */
    @Param({"two-columns", "whole-table"})
    public String projection;

    private Path vortexFile;
    private Path parquetFile;
    private List<String> columns;
    private static final int THREADS = Runtime.getRuntime().availableProcessors();
    private final java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(THREADS);

    /** Resolves the files. */
    @Setup(Level.Trial)
    public void setUp() {
        vortexFile = BenchFiles.file("lineitem", "vortex");
        parquetFile = BenchFiles.file("lineitem", "parquet");
        columns = projection.equals("whole-table") ? List.of() : Workloads.TWO_COLUMNS;
    }

    /** @return jvortex's fold */
    @Benchmark
    public Fold jvortex() {
        return JvortexReads.scan(vortexFile, columns);
    }

    /** @return jvortex's fold, scanning splits on one thread per processor */
    @Benchmark
    public Fold jvortexParallel() {
        return JvortexReads.scanParallel(vortexFile, columns, pool, THREADS);
    }

    /** Stops the split-scan threads. */
    @org.openjdk.jmh.annotations.TearDown(Level.Trial)
    public void tearDown() {
        pool.shutdownNow();
    }

    /**
     * @param state the peer
     * @return vortex-jni's fold
     */
    @Benchmark
    public Fold vortexJni(JniState state) {
        return state.jni.scan(vortexFile, columns);
    }

    /** @return parquet-java's fold */
    @Benchmark
    public Fold parquetJava() {
        return ParquetReads.scan(parquetFile, columns);
    }

    /** @return Hardwood's fold */
    @Benchmark
    public Fold hardwood() {
        return HardwoodReads.scan(parquetFile, columns);
    }
}
