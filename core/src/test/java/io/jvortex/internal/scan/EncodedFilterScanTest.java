package io.jvortex.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Batch;
import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.SerializedArray;
import io.jvortex.expr.Expr;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.internal.layout.Layout;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filtered scans of a jvortex-written file whose columns come out frame-of-reference / bit-packed
 * with patches, run-end, ALP with patches and sequences — the forms a filter evaluates without
 * decoding and the projection point-decodes for few survivors — against a naive evaluation over the
 * fully decoded table. Predicates are drawn to select few rows as well as many.
 */
class EncodedFilterScanTest {
    private static final DType.Struct SCHEMA = new DType.Struct(
            List.of("id", "packed", "runs", "price", "small", "name", "steps"),
            List.of(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.I64, true),
                    new DType.Primitive(PType.I32, false), new DType.Primitive(PType.F64, true),
                    new DType.Primitive(PType.U16, false), new DType.Utf8(false),
                    new DType.Primitive(PType.I64, true)),
            false);
    private static final int ROWS = 60_000;
    private static final long BASE = 1_000_000_000_000L;

    @TempDir
    static Path dir;
    private static Path file;
    private static long[] id;
    private static long[] packed;
    private static boolean[] packedNull;
    private static int[] runs;
    private static double[] price;
    private static boolean[] priceNull;
    private static int[] small;
    private static long[] steps;
    private static boolean[] stepsNull;

    @BeforeAll
    static void write() {
        SplittableRandom random = TestSupport.random("EncodedFilterScanTest.data");
        id = new long[ROWS];
        packed = new long[ROWS];
        packedNull = new boolean[ROWS];
        runs = new int[ROWS];
        price = new double[ROWS];
        priceNull = new boolean[ROWS];
        small = new int[ROWS];
        String[] name = new String[ROWS];
        steps = new long[ROWS];
        stepsNull = new boolean[ROWS];
        int stepRun = 0;
        long stepValue = 0;
        boolean stepNull = false;
        int run = 0;
        int runValue = 0;
        for (int i = 0; i < ROWS; i++) {
            id[i] = i;
            // a narrow range above a large base, with rare outliers that bit-packing patches
            packed[i] = BASE + (random.nextInt(200) == 0 ? random.nextLong(1_000_000L, 1_000_000_000L)
                    : random.nextInt(4000));
            packedNull[i] = random.nextInt(50) == 0;
            if (run == 0) {
                run = 1 + random.nextInt(400);
                runValue = random.nextInt(60) - 10;
            }
            runs[i] = runValue;
            run--;
            // two decimals, with rare values ALP cannot represent
            price[i] = random.nextInt(300) == 0 ? random.nextDouble() * 1e6 : random.nextInt(100_000) / 100.0;
            priceNull[i] = random.nextInt(40) == 0;
            small[i] = 300 + random.nextInt(700);
            name[i] = "n" + random.nextInt(1000);
            // long runs of distinct values (too many for a dictionary), some null
            if (stepRun == 0) {
                stepRun = 50 + random.nextInt(500);
                stepValue = random.nextLong();
                stepNull = random.nextInt(10) == 0;
            }
            steps[i] = stepValue;
            stepsNull[i] = stepNull;
            stepRun--;
        }
        file = dir.resolve("encoded.vortex");
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA)) {
            for (int start = 0; start < ROWS; start += 20_000) {
                int end = Math.min(ROWS, start + 20_000);
                int[] sm = java.util.Arrays.copyOfRange(small, start, end);
                writer.write(Batch.builder(SCHEMA)
                        .longs("id", java.util.Arrays.copyOfRange(id, start, end))
                        .longs("packed", java.util.Arrays.copyOfRange(packed, start, end),
                                java.util.Arrays.copyOfRange(packedNull, start, end))
                        .ints("runs", java.util.Arrays.copyOfRange(runs, start, end))
                        .doubles("price", java.util.Arrays.copyOfRange(price, start, end),
                                java.util.Arrays.copyOfRange(priceNull, start, end))
                        .values("small", java.util.Arrays.stream(sm).boxed().toList())
                        .strings("name", java.util.Arrays.copyOfRange(name, start, end))
                        .longs("steps", java.util.Arrays.copyOfRange(steps, start, end),
                                java.util.Arrays.copyOfRange(stepsNull, start, end))
                        .build());
            }
        }
    }

    private static void encodings(ArrayNode node, Set<String> out) {
        out.add(node.encodingId());
        for (int i = 0; i < node.childCount(); i++) {
            encodings(node.child(i), out);
        }
    }

    private static void encodings(VortexFile f, Layout layout, String column, boolean inColumn, Set<String> out) {
        if (layout instanceof Layout.Flat flat && inColumn) {
            encodings(SerializedArray.parse(f.segment(flat.segmentId()), f.segmentSpec(flat.segmentId()).byteOffset(),
                    f.arrayIds(), f.source(), flat.path()).root(), out);
            return;
        }
        if (layout instanceof Layout.Struct s && !inColumn) {
            encodings(f, s.fields().get(s.dtype().indexOf(column)), column, true, out);
            return;
        }
        for (Layout child : layout.children()) {
            encodings(f, child, column, inColumn, out);
        }
    }

    @Test
    void theColumnsUseTheEncodingsUnderTest() {
        VortexFile f = VortexFile.open(file);
        Set<String> packedEncodings = new TreeSet<>();
        encodings(f, f.rootLayout(), "packed", false, packedEncodings);
        Set<String> runEncodings = new TreeSet<>();
        encodings(f, f.rootLayout(), "runs", false, runEncodings);
        Set<String> stepEncodings = new TreeSet<>();
        encodings(f, f.rootLayout(), "steps", false, stepEncodings);
        Set<String> priceEncodings = new TreeSet<>();
        encodings(f, f.rootLayout(), "price", false, priceEncodings);
        assertThat(packedEncodings).as("packed").contains("fastlanes.for", "fastlanes.bitpacked");
        assertThat(runEncodings).as("runs").contains("vortex.runend");
        assertThat(stepEncodings).as("steps").contains("vortex.runend");
        assertThat(priceEncodings).as("price").contains("vortex.alp");
    }

    private static Boolean eval(Expr e, int r) {
        return switch (e) {
            case Expr.And a -> {
                Boolean l = eval(a.left(), r);
                Boolean x = eval(a.right(), r);
                yield Boolean.FALSE.equals(l) || Boolean.FALSE.equals(x) ? Boolean.FALSE
                        : l == null || x == null ? null : Boolean.TRUE;
            }
            case Expr.Or o -> {
                Boolean l = eval(o.left(), r);
                Boolean x = eval(o.right(), r);
                yield Boolean.TRUE.equals(l) || Boolean.TRUE.equals(x) ? Boolean.TRUE
                        : l == null || x == null ? null : Boolean.FALSE;
            }
            case Expr.Not n -> {
                Boolean c = eval(n.child(), r);
                yield c == null ? null : !c;
            }
            case Expr.IsNull n -> isNull(((Expr.Column) n.child()).name(), r);
            case Expr.Compare c -> {
                String column = ((Expr.Column) c.left()).name();
                if (isNull(column, r)) {
                    yield null;
                }
                Number lit = (Number) ((Expr.Literal) c.right()).value().value();
                int cmp = column.equals("price") ? Double.compare(price[r], lit.doubleValue())
                        : Long.compare(switch (column) {
                            case "id" -> id[r];
                            case "packed" -> packed[r];
                            case "runs" -> runs[r];
                            case "steps" -> steps[r];
                            default -> small[r];
                        }, lit.longValue());
                yield switch (c.op()) {
                    case EQ -> cmp == 0;
                    case NE -> cmp != 0;
                    case LT -> cmp < 0;
                    case LE -> cmp <= 0;
                    case GT -> cmp > 0;
                    case GE -> cmp >= 0;
                };
            }
            default -> throw new IllegalArgumentException(e.sql());
        };
    }

    private static boolean isNull(String column, int r) {
        return switch (column) {
            case "packed" -> packedNull[r];
            case "price" -> priceNull[r];
            case "steps" -> stepsNull[r];
            default -> false;
        };
    }

    private static Expr leaf(SplittableRandom random) {
        int r = random.nextInt(ROWS);
        Expr.Op op = Expr.Op.values()[random.nextInt(6)];
        return switch (random.nextInt(7)) {
            case 6 -> new Expr.Compare(op, Expr.col("steps"), Expr.lit(steps[r] + random.nextInt(-1, 2)));
            case 0 -> new Expr.Compare(op, Expr.col("packed"), Expr.lit(random.nextInt(4) == 0
                    ? BASE + random.nextInt(-50, 4050) : packed[r]));
            case 1 -> new Expr.Compare(op, Expr.col("runs"), Expr.lit(runs[r] + random.nextInt(-1, 2)));
            case 2 -> new Expr.Compare(op, Expr.col("price"), Expr.lit(random.nextBoolean() ? price[r]
                    : random.nextInt(100_000) / 100.0));
            case 3 -> new Expr.Compare(op, Expr.col("small"), Expr.lit(small[r] + random.nextInt(-2, 3)));
            case 4 -> new Expr.Compare(op, Expr.col("id"), Expr.lit(r));
            default -> random.nextBoolean() ? Expr.col("packed").isNull() : Expr.col("price").isNull();
        };
    }

    private static Expr predicate(SplittableRandom random, int depth) {
        if (depth > 0 && random.nextInt(3) != 0) {
            return switch (random.nextInt(4)) {
                case 0, 1 -> new Expr.And(predicate(random, depth - 1), predicate(random, depth - 1));
                case 2 -> new Expr.Or(predicate(random, depth - 1), predicate(random, depth - 1));
                default -> new Expr.Not(predicate(random, depth - 1));
            };
        }
        return leaf(random);
    }

    private static List<String> lines(VortexReader reader, ScanOptions options) {
        StringWriter out = new StringWriter();
        JsonlWriter writer = new JsonlWriter(out);
        try (ScanIterator scan = reader.scan(options)) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    writer.write(chunk.rawArray());
                }
            }
        }
        writer.flush();
        return out.toString().lines().toList();
    }

    @Test
    void filtersOverEncodedColumnsMatchTheNaiveEvaluation() throws Exception {
        SplittableRandom random = TestSupport.random("EncodedFilterScanTest.predicates");
        List<String> names = SCHEMA.names();
        int few = 0;
        try (VortexReader reader = VortexReader.open(java.lang.foreign.MemorySegment.ofArray(Files.readAllBytes(file)),
                "encoded.vortex", ReaderOptions.defaults())) {
            List<String> all = lines(reader, ScanOptions.all());
            assertThat(all).hasSize(ROWS);
            for (int round = 0; round < 120; round++) {
                Expr e = predicate(random, 2);
                List<String> projection = new ArrayList<>();
                for (String c : names) {
                    if (random.nextInt(3) == 0) {
                        projection.add(c);
                    }
                }
                List<String> expected = new ArrayList<>();
                for (int r = 0; r < ROWS; r++) {
                    if (Boolean.TRUE.equals(eval(e, r))) {
                        expected.add(all.get(r));
                    }
                }
                if (expected.size() * (long) LayoutScan.FEW_SURVIVORS < ROWS) {
                    few++;
                }
                if (!projection.isEmpty()) {
                    List<String> projected = lines(reader, ScanOptions.builder().columns(projection).build());
                    expected = new ArrayList<>();
                    for (int r = 0; r < ROWS; r++) {
                        if (Boolean.TRUE.equals(eval(e, r))) {
                            expected.add(projected.get(r));
                        }
                    }
                }
                int chunkRows = random.nextBoolean() ? 1 + random.nextInt(5000) : 100_000;
                assertThat(lines(reader, ScanOptions.builder().columns(projection).filter(e).maxChunkRows(chunkRows)
                        .build())).as("%s, columns %s, chunks of %d", e.sql(), projection, chunkRows)
                        .isEqualTo(expected);
            }
        }
        assertThat(few).as("predicates selecting few rows").isGreaterThan(20);
    }

    @Test
    void smallChunksCutRunsAndPatchesAnywhere() throws Exception {
        SplittableRandom random = TestSupport.random("EncodedFilterScanTest.smallChunks");
        try (VortexReader reader = VortexReader.open(java.lang.foreign.MemorySegment.ofArray(Files.readAllBytes(file)),
                "encoded.vortex", ReaderOptions.defaults())) {
            List<String> all = lines(reader, ScanOptions.builder().columns(List.of("id", "small")).build());
            for (int chunkRows : new int[] {3, 7, 64, 1000}) {
                for (int round = 0; round < 4; round++) {
                    int r = random.nextInt(ROWS);
                    Expr e = switch (round) {
                        case 0 -> Expr.col("runs").eq(Expr.lit(runs[r]));
                        case 1 -> Expr.col("steps").ge(Expr.lit(steps[r]));
                        case 2 -> Expr.col("packed").gt(Expr.lit(BASE + 3000));
                        default -> new Expr.Or(Expr.col("packed").lt(Expr.lit(BASE + 20)),
                                Expr.col("runs").lt(Expr.lit(runs[r])));
                    };
                    List<String> expected = new ArrayList<>();
                    for (int row = 0; row < ROWS; row++) {
                        if (Boolean.TRUE.equals(eval(e, row))) {
                            expected.add(all.get(row));
                        }
                    }
                    assertThat(lines(reader, ScanOptions.builder().columns(List.of("id", "small")).filter(e)
                            .maxChunkRows(chunkRows).build())).as("%s, chunks of %d", e.sql(), chunkRows)
                            .isEqualTo(expected);
                }
            }
        }
    }
}
