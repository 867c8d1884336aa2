package io.jvortex.bench;

import io.jvortex.api.internal.ApiAccess;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.array.BufferPool;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import java.lang.foreign.Arena;
import java.util.ArrayList;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * jvortex only, internal API: decode every chunk of one lineitem column from its already-parsed
 * serialized arrays (no file open, no layout walk, no scan), summing the values. Isolates the
 * encodings' decode speed for the values/s target; the Rust reference has no decode-only entry
 * point through JNI to compare with. Each chunk decodes into the arena a scan uses for it
 * ({@link BufferPool#newArena()}), so its output buffers are recycled as they are in scans.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DecodeBenchmark {
    /** An i64 column with bit-packed chunks in the Rust writer's output. */
    @Param({"l_partkey", "l_suppkey"})
    public String column;

    private VortexReader reader;
    private final List<SerializedArray> arrays = new ArrayList<>();
    private final List<Layout.Flat> flats = new ArrayList<>();

    /** Opens the file, finds the column's flat chunks and parses their array trees. */
    @Setup(Level.Trial)
    public void setUp() {
        reader = VortexReader.open(BenchFiles.file("lineitem", "vortex"));
        VortexFile file = ApiAccess.file(reader);
        if (!(ApiAccess.file(reader).rootLayout() instanceof Layout.Struct root)) {
            throw new IllegalStateException("lineitem's root layout is " + reader.layout().id());
        }
        int field = root.dtype().names().indexOf(column);
        collect(root.fields().get(field));
        for (Layout.Flat flat : flats) {
            arrays.add(SerializedArray.parse(file.segment(flat.segmentId()),
                    file.segmentSpec(flat.segmentId()).byteOffset(), file.arrayIds(), file.source(), flat.path()));
        }
    }

    private void collect(Layout layout) {
        switch (layout) {
            case Layout.Flat flat -> flats.add(flat);
            case Layout.Zoned zoned -> collect(zoned.data());
            case Layout.Chunked chunked -> chunked.children().forEach(this::collect);
            default -> throw new IllegalStateException("unexpected layout " + layout.encodingId() + " at "
                    + layout.path());
        }
    }

    /** Closes the file. */
    @TearDown(Level.Trial)
    public void tearDown() {
        reader.close();
    }

    /** @return the sum of the column's values */
    @Benchmark
    public Fold jvortexDecode() {
        Fold fold = new Fold();
        for (int i = 0; i < arrays.size(); i++) {
            Layout.Flat flat = flats.get(i);
            // the arena a scan decodes each chunk into: large buffers recycled through the shared pool
            try (Arena arena = BufferPool.shared().newArena()) {
                DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), arena, false,
                        ReaderOptions.DEFAULT_MAX_DECODED_BYTES);
                JvortexReads.fold(ctx.decode(arrays.get(i).root(), flat.dtype(), (int) flat.rowCount()), fold);
            }
        }
        return fold;
    }
}
