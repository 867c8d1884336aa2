package io.jvortex.bench;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.dtype.DType;
import io.jvortex.expr.Expr;
import io.jvortex.scalar.ArrayStatistics;
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
 * Lineitem filtered scans of the two-column projection at 0.1 %, 1 % and 10 % selectivity: on the
 * sorted {@code l_orderkey} (zone maps prune the rest) and on the unsorted {@code l_partkey} (every
 * zone is evaluated). Thresholds come from the file statistics, so they follow the scale factor.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FilterBenchmark {
    /** Fraction of rows selected. */
    @Param({"0.001", "0.01", "0.1"})
    public double selectivity;

    private Path vortexFile;
    private Expr sortedKey;
    private Expr randomKey;

    /** Resolves the file and the thresholds. */
    @Setup(Level.Trial)
    public void setUp() {
        vortexFile = BenchFiles.file("lineitem", "vortex");
        try (VortexReader reader = VortexReader.open(vortexFile)) {
            sortedKey = Expr.col("l_orderkey").le(Expr.lit(threshold(reader, "l_orderkey")));
            randomKey = Expr.col("l_partkey").le(Expr.lit(threshold(reader, "l_partkey")));
        }
    }

    private long threshold(VortexReader reader, String column) {
        DType.Struct schema = (DType.Struct) reader.schema();
        List<ArrayStatistics> stats = reader.file().fieldStatistics();
        ArrayStatistics s = stats.get(schema.indexOf(column));
        long min = s.min().orElseThrow().asLong();
        long max = s.max().orElseThrow().asLong();
        return min + (long) ((max - min) * selectivity);
    }

    private Fold scan(Expr filter) {
        Fold fold = new Fold();
        try (VortexReader reader = VortexReader.open(vortexFile);
             ScanIterator scan = reader.scan(ScanOptions.builder().columns(Workloads.TWO_COLUMNS).filter(filter)
                     .build())) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    JvortexReads.fold(chunk.array(), fold);
                }
            }
        }
        return fold;
    }

    /** @return the fold of the rows with the smallest order keys */
    @Benchmark
    public Fold jvortexSortedKey() {
        return scan(sortedKey);
    }

    /** @return the fold of the rows with the smallest part keys */
    @Benchmark
    public Fold jvortexRandomKey() {
        return scan(randomKey);
    }
}
