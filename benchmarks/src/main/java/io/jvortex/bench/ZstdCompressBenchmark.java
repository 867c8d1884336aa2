package io.jvortex.bench;

import io.jvortex.internal.zstd.Zstd;
import io.jvortex.internal.zstd.ZstdCompressor;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
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
 * jvortex only: the pure-Java Zstandard encoder (and, for scale, the decoder) on 1 MiB of
 * generated text — log lines or word salad, as the {@code vortex.zstd} scheme sees them (values
 * prefixed with their u32 length). MB/s = 1.048576 / (ms/op) × 1000. Self-contained: no data files.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ZstdCompressBenchmark {
    private static final int SIZE = 1 << 20;

    /** What the input looks like. */
    @Param({"logs", "words"})
    public String kind;

    private byte[] input;
    private byte[] frame;
    private byte[] output;
    private final ZstdCompressor compressor = new ZstdCompressor();
    private final Zstd decoder = Zstd.decoder();

    /** Generates the input (fixed seed) and one frame of it. */
    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom r = new SplittableRandom(42);
        String[] words = {"the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "vortex", "columnar",
            "segment", "layout", "encoding", "statistics", "zone", "map", "chunk", "reader", "writer", "scan"};
        String[] levels = {"INFO", "WARN", "DEBUG", "ERROR"};
        input = new byte[SIZE];
        int p = 0;
        long t = 1_700_000_000_000L;
        while (p < SIZE) {
            String value;
            if (kind.equals("logs")) {
                t += r.nextInt(2000);
                value = t + " " + levels[r.nextInt(4)] + " [" + words[r.nextInt(words.length)] + "] "
                        + words[r.nextInt(words.length)] + " " + r.nextInt(5000) + " in " + r.nextInt(900) + "ms";
            } else {
                StringBuilder sb = new StringBuilder();
                for (int k = r.nextInt(1, 12); k > 0; k--) {
                    sb.append(words[r.nextInt(words.length)]).append(' ');
                }
                value = sb.toString();
            }
            byte[] b = value.getBytes(StandardCharsets.UTF_8);
            int n = Math.min(b.length + 4, SIZE - p);
            byte[] prefixed = new byte[b.length + 4];
            prefixed[0] = (byte) b.length;
            prefixed[1] = (byte) (b.length >>> 8);
            System.arraycopy(b, 0, prefixed, 4, b.length);
            System.arraycopy(prefixed, 0, input, p, n);
            p += n;
        }
        frame = compressor.compress(input, 0, SIZE);
        output = new byte[SIZE];
        System.out.printf("%n%s: %d -> %d bytes (%.2fx)%n", kind, SIZE, frame.length, (double) SIZE / frame.length);
    }

    /** @return the frame of 1 MiB */
    @Benchmark
    public byte[] compress() {
        return compressor.compress(input, 0, SIZE);
    }

    /** @return bytes decoded */
    @Benchmark
    public long decompress() {
        return decoder.decode(MemorySegment.ofArray(frame), MemorySegment.ofArray(output));
    }
}
