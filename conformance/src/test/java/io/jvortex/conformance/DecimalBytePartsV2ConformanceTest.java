package io.jvortex.conformance;

import static io.jvortex.conformance.TableChunks.jsonl;
import static io.jvortex.conformance.TableChunks.randomBatches;
import static io.jvortex.conformance.TableChunks.readWithJvortex;
import static io.jvortex.conformance.TableChunks.schema;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.StructArray;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.expr.Expr;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.RandomTables.ColumnPlan;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.RandomTables.NullShape;
import io.jvortex.testing.RandomTables.ValueShape;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.oracle.RustOracle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code vortex.decimal_byte_parts.v2} across implementations, in the unstable2026.10.0 edition: decimal
 * columns of every precision (decimal128 up to 38, decimal256 above) written by the Rust reference
 * (vortex-data 0.91) are read exactly by jvortex, and the ones jvortex writes are read exactly by Rust.
 *
 * <p>The reference often cascades the most significant part into {@code fastlanes.for.v2}, which another
 * branch implements; a Rust-written file holding an encoding this build does not register is not compared
 * but counted, and the test requires enough v2 files over registered children (primitive, frame of
 * reference v1, bit-packing v1) to be compared. Once {@code fastlanes.for.v2} is registered those files are
 * compared too, with no change here.
 */
class DecimalBytePartsV2ConformanceTest {
    private static final String V2 = "vortex.decimal_byte_parts.v2";
    private static final String UNSTABLE = Edition.UNSTABLE2026_10_0.id();
    private static final ValueShape[] SHAPES = {ValueShape.RANDOM, ValueShape.SORTED, ValueShape.EDGES,
        ValueShape.RUNS, ValueShape.LOW_CARDINALITY, ValueShape.SPARSE};

    @TempDir
    Path dir;

    @Test
    void rustWrittenDecimalsOfEveryPrecisionReadExactly() {
        long seed = Seeds.seed("DecimalBytePartsV2ConformanceTest.rustWritten");
        SplittableRandom random = new SplittableRandom(seed);
        EncodingRegistry registry = EncodingRegistry.defaults();
        int comparedV2 = 0;
        int compared = 0;
        TreeMap<String, Integer> notYetReadable = new TreeMap<>();
        Set<String> v2Children = new TreeSet<>();
        for (int precision = 1; precision <= 76; precision++) {
            for (int variant = 0; variant < 2; variant++) {
                boolean nullable = variant == 1;
                ValueShape shape = SHAPES[random.nextInt(SHAPES.length)];
                NullShape nulls = nullable ? (random.nextInt(4) == 0 ? NullShape.ALL : NullShape.SOME) : NullShape.NONE;
                // the widest precision once with a negative scale: its extreme literals need 78 digits at scale 0
                int scale = precision == 76 && variant == 0 ? -2 : random.nextInt(-2, Math.min(precision, 10) + 1);
                List<ColumnPlan> plans = List.of(new ColumnPlan("d",
                        new TypeSpec.Decimal(precision, scale, nullable), shape, nulls));
                // some tables span several 8192-row zones, so the v2 zone tables prune
                int rows = switch (random.nextInt(4)) {
                    case 0 -> random.nextInt(1, 1100);
                    case 1 -> random.nextInt(9000, 20000);
                    default -> random.nextInt(2000, 5000);
                };
                GeneratedTable table = RandomTables.generatePlanned(random.nextLong(), plans, rows);
                Path file = dir.resolve("rust-p" + precision + "-" + variant + ".vortex");
                RustOracle.shared().write(table, file, RustOracle.Strategy.DEFAULT, UNSTABLE);
                Set<String> ids = RustWrittenFilesReadTest.encodingsOf(file);
                Set<String> missing = ids.stream().filter(id -> registry.find(id) == null)
                        .collect(Collectors.toCollection(TreeSet::new));
                String what = "Rust-written decimal(" + precision + "," + scale + ") " + shape + " nulls " + nulls
                        + " × " + rows + " (seed " + seed + ")";
                if (!missing.isEmpty()) {
                    notYetReadable.merge(String.join("+", missing) + (ids.contains(V2) ? " (in a v2 file)" : ""), 1,
                            Integer::sum);
                    continue;
                }
                List<String> expected = RustOracle.shared().read(file);
                assertThat(expected).as("%s: the Rust reader gives the generated rows", what).isEqualTo(table.rows());
                RustWrittenFilesReadTest.compare(file, expected, what);
                checkFilters(file, table, precision, scale, random, what);
                compared++;
                if (ids.contains(V2)) {
                    comparedV2++;
                    v2Children.addAll(ids);
                }
            }
        }
        System.out.println("[DecimalBytePartsV2ConformanceTest] Rust-written files compared: " + compared
                + ", of which holding " + V2 + ": " + comparedV2 + " (encodings in them: " + v2Children
                + "); not yet readable here: " + notYetReadable);
        // Precisions 19..76 give about 110 files in which the reference may split; most use v1 children.
        assertThat(comparedV2).as("Rust-written v2 files compared exactly; not readable: %s", notYetReadable)
                .isGreaterThanOrEqualTo(20);
    }

    /**
     * {@code d > v} and {@code d <= v} for a value of the column and for the precision's smallest value:
     * jvortex's filtered scan (zone pruning over the file's zone tables, then row filtering) against the naive
     * evaluation of the generated rows and against the Rust reader's filtered read.
     */
    private static void checkFilters(Path file, GeneratedTable table, int precision, int scale, SplittableRandom random,
                                     String what) {
        List<Object> values = table.columns().getFirst();
        List<BigInteger> pivots = new ArrayList<>();
        pivots.add(BigInteger.TEN.pow(precision).subtract(BigInteger.ONE).negate());
        BigInteger drawn = (BigInteger) values.get(random.nextInt(values.size()));
        if (drawn != null) {
            pivots.add(drawn);
        }
        for (BigInteger pivot : pivots) {
            checkFilters(file, table, values, pivot, scale, what);
        }
    }

    private static void checkFilters(Path file, GeneratedTable table, List<Object> values, BigInteger pivot, int scale,
                                     String what) {
        for (Expr.Op op : List.of(Expr.Op.GT, Expr.Op.LE)) {
            Expr e = new Expr.Compare(op, Expr.colPath("d"), Expr.lit(new BigDecimal(pivot, scale)));
            List<String> ours = RustWrittenFilesReadTest.readJsonl(file, ScanOptions.builder().filter(e).build());
            List<String> naive = new ArrayList<>();
            for (int r = 0; r < values.size(); r++) {
                BigInteger v = (BigInteger) values.get(r);
                if (v != null && (op == Expr.Op.GT ? v.compareTo(pivot) > 0 : v.compareTo(pivot) <= 0)) {
                    naive.add(table.rows().get(r));
                }
            }
            assertThat(ours).as("%s: %s against the naive evaluation", what, e.sql()).isEqualTo(naive);
            try (VortexReader reader = VortexReader.open(file)) {
                assertThat(RustOracle.shared().readFiltered(file, e.bind(reader.schema()), null))
                        .as("%s: %s, Rust reader", what, e.sql()).isEqualTo(ours);
            }
        }
    }

    @Test
    void rustReadsTheV2DecimalsJvortexWrites() {
        long seed = Seeds.seed("DecimalBytePartsV2ConformanceTest.jvortexWritten");
        SplittableRandom random = new SplittableRandom(seed);
        int[][] groups = {{1, 18}, {19, 38}, {39, 57}, {58, 76}};
        for (int[] group : groups) {
            List<ColumnPlan> plans = new ArrayList<>();
            for (int precision = group[0]; precision <= group[1]; precision++) {
                boolean nullable = random.nextBoolean();
                NullShape nulls = nullable ? NullShape.values()[random.nextInt(NullShape.values().length)]
                        : NullShape.NONE;
                plans.add(new ColumnPlan("d" + precision,
                        new TypeSpec.Decimal(precision, random.nextInt(-2, Math.min(precision, 10) + 1), nullable),
                        SHAPES[random.nextInt(SHAPES.length)], nulls));
            }
            GeneratedTable table = RandomTables.generatePlanned(random.nextLong(), plans, random.nextInt(3000, 7000));
            List<StructArray> batches = randomBatches(table, random, 0);
            List<String> expected = jsonl(batches);
            assertThat(expected).as("test arrays vs generated rows, seed %d", table.seed()).isEqualTo(table.rows());
            Path file = dir.resolve("jvortex-p" + group[0] + "-" + group[1] + ".vortex");
            WriteOptions options = WriteOptions.defaults().withEdition(Edition.UNSTABLE2026_10_0).withZoneRows(1024)
                    .withChunkBytes(16 * 1024);
            try (VortexWriter writer = VortexWriter.create(file, schema(table.spec()), options)) {
                batches.forEach(writer::write);
            }
            Set<String> ids = RustWrittenFilesReadTest.encodingsOf(file);
            String what = "jvortex-written decimal(" + group[0] + ".." + group[1] + "), seed " + seed;
            if (group[1] > 18) {
                assertThat(ids).as("%s: the writer splits wide decimals", what).contains(V2);
            } else {
                assertThat(ids).as("%s: narrow decimals stay v1", what).doesNotContain(V2);
            }
            System.out.println("[DecimalBytePartsV2ConformanceTest] " + what + ": encodings " + ids);
            assertThat(RustOracle.shared().read(file)).as("%s: Rust reader", what).isEqualTo(expected);
            assertThat(readWithJvortex(file)).as("%s: jvortex reader", what).isEqualTo(expected);
        }
    }

    @Test
    void coreEditionsNeverWriteV2() {
        long seed = Seeds.seed("DecimalBytePartsV2ConformanceTest.core");
        SplittableRandom random = new SplittableRandom(seed);
        List<ColumnPlan> plans = List.of(
                new ColumnPlan("d38", new TypeSpec.Decimal(38, 4, true), ValueShape.RANDOM, NullShape.SOME),
                new ColumnPlan("d76", new TypeSpec.Decimal(76, 0, false), ValueShape.RANDOM, NullShape.NONE));
        GeneratedTable table = RandomTables.generatePlanned(random.nextLong(), plans, 4000);
        List<StructArray> batches = randomBatches(table, random, 0);
        Path file = dir.resolve("core.vortex");
        try (VortexWriter writer = VortexWriter.create(file, schema(table.spec()),
                WriteOptions.defaults().withEdition(Edition.DEFAULT))) {
            batches.forEach(writer::write);
        }
        assertThat(RustWrittenFilesReadTest.encodingsOf(file)).doesNotContain(V2).contains("vortex.decimal");
        assertThat(RustOracle.shared().read(file)).isEqualTo(jsonl(batches));
    }
}
