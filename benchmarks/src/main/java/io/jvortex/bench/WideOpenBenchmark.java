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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Open a 10 000-column file, read its schema, scan 10 of its columns (all rows). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Darrow.enable_unsafe_memory_access=true"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class WideOpenBenchmark {
    private Path vortexFile;
    private Path parquetFile;

    /** Resolves the files. */
    @Setup(Level.Trial)
    public void setUp() {
        vortexFile = BenchFiles.file("wide10000", "vortex");
        parquetFile = BenchFiles.file("wide10000", "parquet");
    }

    /** @return jvortex's fold */
    @Benchmark
    public Fold jvortex() {
        return JvortexReads.openAndProject(vortexFile, Workloads.WIDE_COLUMNS);
    }

    /**
     * @param state the peer
     * @return vortex-jni's fold
     */
    @Benchmark
    public Fold vortexJni(JniState state) {
        return state.jni.openAndProject(vortexFile, Workloads.WIDE_COLUMNS);
    }

    /** @return parquet-java's fold */
    @Benchmark
    public Fold parquetJava() {
        return ParquetReads.openAndProject(parquetFile, Workloads.WIDE_COLUMNS);
    }
}
