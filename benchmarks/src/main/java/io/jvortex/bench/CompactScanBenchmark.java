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
 * Full scan of one column of lineitem written by the Rust writer's compact strategy, whose
 * compressor stores {@code l_partkey} as {@code vortex.pco} and {@code l_comment} as
 * {@code vortex.zstd}: jvortex against vortex-jni (Parquet has no such file).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Darrow.enable_unsafe_memory_access=true"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CompactScanBenchmark {
    /** A column of the compact file. */
    @Param({"l_partkey", "l_comment"})
    public String column;

    private Path vortexFile;
    private List<String> columns;

    /** Resolves the file. */
    @Setup(Level.Trial)
    public void setUp() {
        vortexFile = BenchFiles.file("lineitem-compact", "vortex");
        columns = List.of(column);
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
}
