package io.jvortex.bench;

import io.jvortex.api.VortexReader;
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

/**
 * Take of 100 random rows (fixed seed) of {@code l_orderkey, l_extendedprice, l_comment}: jvortex
 * through {@link VortexReader#take} (see {@link JvortexReads#take}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Darrow.enable_unsafe_memory_access=true"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class TakeBenchmark {
    private Path vortexFile;
    private Path parquetFile;
    private long[] rows;

    /** Resolves the files and draws the rows. */
    @Setup(Level.Trial)
    public void setUp() {
        vortexFile = BenchFiles.file("lineitem", "vortex");
        parquetFile = BenchFiles.file("lineitem", "parquet");
        try (VortexReader reader = VortexReader.open(vortexFile)) {
            rows = Workloads.takeRows(reader.rowCount());
        }
    }

    /** @return jvortex's fold */
    @Benchmark
    public Fold jvortex() {
        return JvortexReads.take(vortexFile, Workloads.TAKE_COLUMNS, rows);
    }

    /**
     * @param state the peer
     * @return vortex-jni's fold
     */
    @Benchmark
    public Fold vortexJni(JniState state) {
        return state.jni.take(vortexFile, Workloads.TAKE_COLUMNS, rows);
    }

    /** @return parquet-java's fold */
    @Benchmark
    public Fold parquetJava() {
        return ParquetReads.take(parquetFile, Workloads.TAKE_COLUMNS, rows);
    }
}
