package io.jvortex.bench;

import io.jvortex.api.WriteOptions;
import io.jvortex.parquet.ParquetToVortex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parquet → Vortex of lineitem's first row group ({@code lineitem-write-sf<SF>.parquet}, 2^20 rows,
 * made by {@code bench/prepare_data.py}) into a temporary file. jvortex:
 * {@link ParquetToVortex#convert} with {@link WriteOptions#defaults()} (compressing writer, zone
 * maps, one thread per processor). vortex-jni 0.76: parquet-java's column readers into Arrow
 * vectors, then its {@code VortexWriter} (the Rust writer, its default strategy). jvortex decodes the
 * pages with its own page decoder and pure-Java codecs, the vortex-jni side with parquet-java's column
 * readers and snappy-java: both measure the whole conversion.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Darrow.enable_unsafe_memory_access=true"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class WriteBenchmark {
    private Path parquetFile;
    private Path directory;
    private Path output;

    /** Resolves the input and makes the output directory. */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        parquetFile = BenchFiles.file("lineitem-write", "parquet");
        directory = Files.createTempDirectory("jvortex-write-bench");
        output = directory.resolve("out.vortex");
    }

    /** Deletes each invocation's file, so that no write finds one in place. */
    @TearDown(Level.Invocation)
    public void deleteOutput() throws IOException {
        Files.deleteIfExists(output);
    }

    /** Removes the output directory. */
    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(output);
        Files.deleteIfExists(directory);
    }

    /** @return rows written by jvortex */
    @Benchmark
    public long jvortex() {
        return ParquetToVortex.convert(parquetFile, output, WriteOptions.defaults());
    }

    /**
     * @param state the peer
     * @return rows written by vortex-jni
     */
    @Benchmark
    public long vortexJni(JniState state) {
        return state.jni.writeFromParquet(parquetFile, output);
    }

    /**
     * The two writes of {@link Verify}: each writer's file, its size, read back by its own reader.
     *
     * @param jni the peer, or null when it failed to load
     * @param parquet the Parquet input
     * @param directory where the files go
     * @param jvortex true for jvortex's write, false for vortex-jni's
     * @param size takes the written file's size in bytes
     * @return the fold of the written file's every value
     */
    static Fold writeAndRead(VortexJniReads jni, Path parquet, Path directory, boolean jvortex, LongConsumer size) {
        Path out = directory.resolve(jvortex ? "jvortex.vortex" : "vortex-jni.vortex");
        try {
            if (jvortex) {
                ParquetToVortex.convert(parquet, out, WriteOptions.defaults());
            } else {
                jni.writeFromParquet(parquet, out);
            }
            size.accept(Files.size(out));
            return jvortex ? JvortexReads.scan(out, java.util.List.of()) : jni.scan(out, java.util.List.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
