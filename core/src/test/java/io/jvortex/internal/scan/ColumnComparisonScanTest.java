package io.jvortex.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Batch;
import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.expr.Expr;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters that compare two columns of a row ({@code l_receiptdate > l_commitdate}) over a written
 * file, against a naive evaluation: integers of different widths, floats of different widths (IEEE
 * total order, as literals compare), decimals of one scale and different widths, strings short
 * and long, dates; nulls on either side make the comparison null.
 */
class ColumnComparisonScanTest {
    private static final DType.Struct SCHEMA = new DType.Struct(
            List.of("id", "a", "b", "f", "g", "d", "e", "s", "t", "day1", "day2", "h"),
            List.of(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.I64, true),
                    new DType.Primitive(PType.I32, false), new DType.Primitive(PType.F64, true),
                    new DType.Primitive(PType.F32, false), new DType.Decimal(9, 2, true),
                    new DType.Decimal(30, 2, false), new DType.Utf8(true), new DType.Utf8(false),
                    Extensions.date(TimeUnit.DAYS, false), Extensions.date(TimeUnit.DAYS, true),
                    new DType.Decimal(12, 2, false)),
            false);
    private static final int ROWS = 30_000;
    private static final String[] WORDS = {"", "a", "ab", "abc", "abcdefghijkl", "abcdefghijklm",
            "abcdefghijklmnopqrstu", "abcdefghijklmnopqrstv", "b", "zz"};

    @TempDir
    static Path dir;
    private static Path file;
    private static final Object[][] VALUES = new Object[SCHEMA.names().size()][];

    @BeforeAll
    static void write() {
        SplittableRandom random = TestSupport.random("ColumnComparisonScanTest.data");
        for (int c = 0; c < VALUES.length; c++) {
            VALUES[c] = new Object[ROWS];
        }
        long[] a = new long[ROWS];
        boolean[] aNull = new boolean[ROWS];
        int[] b = new int[ROWS];
        double[] f = new double[ROWS];
        boolean[] fNull = new boolean[ROWS];
        double[] g = new double[ROWS];
        for (int r = 0; r < ROWS; r++) {
            VALUES[0][r] = (long) r;
            a[r] = random.nextInt(4) == 0 ? random.nextLong() : random.nextInt(-50, 50);
            aNull[r] = random.nextInt(20) == 0;
            VALUES[1][r] = aNull[r] ? null : a[r];
            b[r] = random.nextInt(8) == 0 ? random.nextInt() : random.nextInt(-50, 50);
            VALUES[2][r] = (long) b[r];
            double[] specials = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
            f[r] = random.nextInt(10) == 0 ? specials[random.nextInt(specials.length)] : random.nextInt(-20, 20) / 4.0;
            fNull[r] = random.nextInt(20) == 0;
            VALUES[3][r] = fNull[r] ? null : f[r];
            g[r] = random.nextInt(10) == 0 ? (float) specials[random.nextInt(specials.length)]
                    : (float) (random.nextInt(-20, 20) / 4.0);
            VALUES[4][r] = g[r];
            VALUES[5][r] = random.nextInt(20) == 0 ? null : BigDecimal.valueOf(random.nextLong(-100_000, 100_000), 2);
            VALUES[6][r] = random.nextInt(5) == 0
                    ? new BigDecimal(new java.math.BigInteger(90, new java.util.Random(random.nextLong())).negate(), 2)
                    : BigDecimal.valueOf(random.nextLong(-100_000, 100_000), 2);
            VALUES[7][r] = random.nextInt(20) == 0 ? null : WORDS[random.nextInt(WORDS.length)];
            VALUES[8][r] = WORDS[random.nextInt(WORDS.length)];
            LocalDate base = LocalDate.of(1995, 1, 1);
            VALUES[9][r] = base.plusDays(random.nextInt(60));
            VALUES[10][r] = random.nextInt(20) == 0 ? null : base.plusDays(random.nextInt(60));
            VALUES[11][r] = BigDecimal.valueOf(random.nextLong(-100_000, 100_000), 2);
        }
        file = dir.resolve("columns.vortex");
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA)) {
            for (int start = 0; start < ROWS; start += 10_000) {
                int from = start;
                int to = start + 10_000;
                Batch.Builder batch = Batch.builder(SCHEMA)
                        .longs("a", Arrays.copyOfRange(a, from, to), Arrays.copyOfRange(aNull, from, to))
                        .ints("b", Arrays.copyOfRange(b, from, to))
                        .doubles("f", Arrays.copyOfRange(f, from, to), Arrays.copyOfRange(fNull, from, to));
                for (String name : List.of("id", "g", "d", "e", "s", "t", "day1", "day2", "h")) {
                    int c = SCHEMA.indexOf(name);
                    List<Object> slice = new ArrayList<>(Arrays.asList(VALUES[c]).subList(from, to));
                    if (name.equals("g")) {
                        slice.replaceAll(v -> (float) (double) (Double) v);
                    }
                    batch.values(name, slice);
                }
                writer.write(batch.build());
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // the values of one pair are of one comparable type
    private static int compare(Object x, Object y) {
        if (x instanceof Double p && y instanceof Double q) {
            // IEEE total order: -NaN < -inf < ... < -0 < +0 < ... < +inf < NaN
            return Long.compare(key(p), key(q));
        }
        if (x instanceof String p && y instanceof String q) {
            return Arrays.compareUnsigned(p.getBytes(StandardCharsets.UTF_8), q.getBytes(StandardCharsets.UTF_8));
        }
        return ((Comparable) x).compareTo(y);
    }

    private static long key(double d) {
        long bits = Double.doubleToRawLongBits(d);
        return bits ^ ((bits >> 63) >>> 1);
    }

    private static List<Long> expected(String left, Expr.Op op, String right) {
        Object[] x = VALUES[SCHEMA.indexOf(left)];
        Object[] y = VALUES[SCHEMA.indexOf(right)];
        List<Long> out = new ArrayList<>();
        for (int r = 0; r < ROWS; r++) {
            if (x[r] == null || y[r] == null) {
                continue;
            }
            int c = compare(x[r], y[r]);
            boolean keep = switch (op) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                case GE -> c >= 0;
            };
            if (keep) {
                out.add((long) r);
            }
        }
        return out;
    }

    private static List<Long> scan(VortexReader reader, Expr filter) {
        List<Long> ids = new ArrayList<>();
        try (ScanIterator scan = reader.scan(ScanOptions.builder().columns(List.of("id")).filter(filter).build())) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    PrimitiveArray id = (PrimitiveArray) ((StructArray) chunk.rawArray()).fields().getFirst();
                    for (int i = 0; i < id.length(); i++) {
                        ids.add(id.getLong(i));
                    }
                }
            }
        }
        return ids;
    }

    @Test
    void everyPairAndOperatorKeepsTheRowsTheNaiveEvaluationKeeps() {
        String[][] pairs = {{"a", "b"}, {"b", "a"}, {"f", "g"}, {"d", "e"}, {"e", "d"}, {"s", "t"},
                {"day1", "day2"}, {"a", "a"}, {"d", "h"}};
        SplittableRandom random = TestSupport.random("ColumnComparisonScanTest.filters");
        try (VortexReader reader = VortexReader.open(file)) {
            for (String[] pair : pairs) {
                for (Expr.Op op : Expr.Op.values()) {
                    Expr e = new Expr.Compare(op, Expr.col(pair[0]), Expr.col(pair[1]));
                    List<Long> want = expected(pair[0], op, pair[1]);
                    assertThat(scan(reader, e)).as(e.sql()).isEqualTo(want);
                    // combined with a selective literal filter, so survivors of one side are taken
                    long below = random.nextLong(ROWS);
                    List<Long> narrowed = want.stream().filter(r -> r < below).toList();
                    assertThat(scan(reader, Expr.and(e, new Expr.Compare(Expr.Op.LT, Expr.col("id"), Expr.lit(below)))))
                            .as(e.sql() + " AND id < " + below).isEqualTo(narrowed);
                }
            }
            // text form, and NOT of a comparison with nulls: null rows stay out
            assertThat(scan(reader, Expr.parse("day2 > day1"))).isEqualTo(expected("day2", Expr.Op.GT, "day1"));
            assertThat(scan(reader, Expr.parse("NOT (a < b)"))).isEqualTo(expected("a", Expr.Op.GE, "b"));
        }
    }

    @Test
    void columnsWhoseValuesDoNotOrderAlikeAreRefusedByName() {
        try (VortexReader reader = VortexReader.open(file)) {
            for (String text : List.of("a < f", "d < a", "s = day1", "f < d", "day1 < b")) {
                String left = text.split(" ")[0];
                assertThatThrownBy(() -> scan(reader, Expr.parse(text))).as(text)
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("cannot compare column '" + left + "'");
            }
        }
    }
}
