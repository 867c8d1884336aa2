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
 * Full scan of one column, folded to a sum (numbers) or a sum of lengths (strings): open the file,
 * scan, close, per operation, in each reader.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Darrow.enable_unsafe_memory_access=true"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ScanBenchmark {
    /** {@code dataset:column}. */
    @Param({"lineitem:l_partkey", "lineitem:l_suppkey", "lineitem:l_extendedprice", "lineitem:l_shipdate",
            "lineitem:l_shipmode", "lineitem:l_comment", "flights:dep_delay", "flights:distance"})
    public String column;

    private Path vortexFile;
    private Path parquetFile;
    private List<String> columns;

    /** Resolves the files. */
    @Setup(Level.Trial)
    public void setUp() {
        vortexFile = BenchFiles.file(Workloads.dataset(column), "vortex");
        parquetFile = BenchFiles.file(Workloads.dataset(column), "parquet");
        columns = List.of(Workloads.column(column));
    }

    /** @return jvortex's fold */
    @Benchmark
    public Fold jvortex() {
        return JvortexReads.scan(vortexFile, columns);
    }

    /**
     * @param state the peer
     * @return vortex-jni's fold
     */
    @Benchmark
    public Fold vortexJni(JniState state) {
        return state.jni.scan(vortexFile, columns);
    }

    /**
     * @param state the peer
     * @return DuckDB's fold (its vortex extension, rows through JDBC)
     */
    @Benchmark
    public Fold duckdb(DuckDbState state) {
        return state.duckdb.scan(vortexFile, columns);
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
