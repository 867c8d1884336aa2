package io.jvortex.bench;

import io.jvortex.internal.pco.PcoDecoder;
import io.jvortex.internal.pco.PcoEncoder;
import java.lang.foreign.MemorySegment;
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
 * jvortex only: encode one pco chunk of 2^18 values (Vortex's chunk size, pages of 8192) with the
 * pure-Java encoder, and decode it again, for three shapes that take different paths (Classic
 * without delta, consecutive delta, FloatMult).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class PcoEncodeBenchmark {
    private static final int N = 1 << 18;

    /** The data: random i64, sorted i64 timestamps, f64 prices with two decimals. */
    @Param({"random", "timestamps", "prices"})
    public String shape;

    private PcoDecoder.NumberType type;
    private final long[] values = new long[N];
    private PcoEncoder.Chunk chunk;
    private final MemorySegment out = MemorySegment.ofArray(new long[N]);

    /** Generates the values and encodes them once for the decode benchmark. */
    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom r = new SplittableRandom(42);
        long t = 1_700_000_000_000L;
        for (int i = 0; i < N; i++) {
            values[i] = switch (shape) {
                case "random" -> r.nextLong();
                case "timestamps" -> t += 900 + r.nextInt(200);
                default -> Double.doubleToRawLongBits(r.nextInt(1_000_000) / 100.0);
            };
        }
        type = shape.equals("prices") ? PcoDecoder.NumberType.F64 : PcoDecoder.NumberType.I64;
        chunk = encode();
    }

    /** @return the encoded chunk */
    @Benchmark
    public PcoEncoder.Chunk encode() {
        return PcoEncoder.encodeChunk(type, values, 0, N, PcoEncoder.Options.VORTEX);
    }

    /** @return the decoded values' buffer */
    @Benchmark
    public MemorySegment decode() {
        PcoDecoder.Chunk c = PcoDecoder.open(MemorySegment.ofArray(PcoEncoder.header()))
                .chunk(MemorySegment.ofArray(chunk.meta()), type);
        long offset = 0;
        for (int p = 0; p < chunk.pages().size(); p++) {
            c.decodePage(MemorySegment.ofArray(chunk.pages().get(p)), chunk.pageCounts()[p], out, offset);
            offset += 8L * chunk.pageCounts()[p];
        }
        return out;
    }
}
