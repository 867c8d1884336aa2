package io.jvortex.internal.scan;

import static io.jvortex.expr.Expr.col;
import static io.jvortex.expr.Expr.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.array.ScalarAt;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.expr.Expr;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.scalar.Scalar;
import io.jvortex.testutil.SampleFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Filtered scans of a Rust-written file against a naive row-at-a-time evaluation of the same
 * predicate over the fully decoded table (scalars compared as exact decimals, Java's float order,
 * LIKE as a regular expression, SQL null rules spelled out per operator).
 */
class FilteredScanTest {
    private static final List<String> COLUMNS = List.of("id", "qty", "price", "ratio", "flag", "mode", "comment",
            "day", "ts", "amount", "point.x", "point.y");
    private static final List<String> PROJECTABLE = List.of("id", "qty", "price", "ratio", "flag", "mode", "comment",
            "day", "ts", "amount", "tags", "point", "point.y");
    private static byte[] file;
    private static DType.Struct schema;
    private static Map<String, List<Scalar>> table;
    private static int rows;

    @BeforeAll
    static void load() throws IOException {
        file = SampleFiles.bytes("mixed_default.vortex");
        table = new HashMap<>();
        for (String c : COLUMNS) {
            table.put(c, new ArrayList<>());
        }
        try (VortexReader reader = open(); ScanIterator scan = reader.scan(ScanOptions.builder()
                .columns(COLUMNS).build())) {
            schema = (DType.Struct) reader.schema();
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    StructArray s = (StructArray) chunk.rawArray();
                    for (String c : COLUMNS) {
                        Canonical a = s.field(c);
                        for (int i = 0; i < a.length(); i++) {
                            table.get(c).add(a.isValid(i) ? ScalarAt.get(a, i) : null);
                        }
                    }
                }
            }
        }
        rows = table.get("id").size();
    }

    private static VortexReader open() {
        return VortexReader.open(MemorySegment.ofArray(file), "mixed_default.vortex", ReaderOptions.defaults());
    }

    private static List<String> lines(VortexReader reader, ScanOptions options) {
        StringWriter out = new StringWriter();
        JsonlWriter writer = new JsonlWriter(out);
        try (ScanIterator scan = reader.scan(options)) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    assertThat(chunk.rowCount()).isPositive();
                    writer.write(chunk.rawArray());
                }
            }
        }
        writer.flush();
        return out.toString().lines().toList();
    }

    @Test
    void randomPredicatesMatchTheNaiveEvaluation() {
        SplittableRandom random = TestSupport.random("FilteredScanTest.randomPredicates");
        try (VortexReader reader = open()) {
            for (int round = 0; round < 150; round++) {
                Expr e = randomPredicate(random, 3);
                List<String> projection = new ArrayList<>();
                for (String c : PROJECTABLE) {
                    if (random.nextInt(3) == 0) {
                        projection.add(c);
                    }
                }
                if (projection.isEmpty()) {
                    projection.add("id");
                }
                int chunkRows = 1 + random.nextInt(random.nextBoolean() ? 100 : 4000);
                List<String> all = lines(reader, ScanOptions.builder().columns(projection).build());
                List<String> expected = new ArrayList<>();
                for (int r = 0; r < rows; r++) {
                    if (Boolean.TRUE.equals(eval(e, r))) {
                        expected.add(all.get(r));
                    }
                }
                ScanOptions.Builder b = ScanOptions.builder().columns(projection).maxChunkRows(chunkRows);
                if (random.nextBoolean()) {
                    b.filter(e);
                } else {
                    b.filter(e.sql());
                }
                assertThat(lines(reader, b.build())).as("%s, columns %s, chunks of %d", e.sql(), projection, chunkRows)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void limitRowRangeAndAllColumnsCombineWithAFilter() {
        try (VortexReader reader = open()) {
            Expr e = Expr.parse("qty > 25 AND mode IN ('AIR', 'SHIP')");
            List<String> all = lines(reader, ScanOptions.all());
            List<String> expected = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
                if (Boolean.TRUE.equals(eval(e, r))) {
                    expected.add(all.get(r));
                }
            }
            assertThat(expected).hasSizeBetween(100, 2000);
            assertThat(lines(reader, ScanOptions.builder().filter(e).build())).isEqualTo(expected);
            assertThat(lines(reader, ScanOptions.builder().filter(e).limit(7).maxChunkRows(3).build()))
                    .isEqualTo(expected.subList(0, 7));
            List<String> ranged = new ArrayList<>();
            for (int r = 1000; r < 2000; r++) {
                if (Boolean.TRUE.equals(eval(e, r))) {
                    ranged.add(all.get(r));
                }
            }
            assertThat(lines(reader, ScanOptions.builder().filter(e).rowRange(1000, 2000).build())).isEqualTo(ranged);
            assertThat(lines(reader, ScanOptions.builder().filter(col("id").lt(lit(0))).build())).isEmpty();
        }
    }

    @Test
    void typeErrorsSurfaceWhenTheScanStarts() {
        try (VortexReader reader = open()) {
            assertThatThrownBy(() -> reader.scan(ScanOptions.builder().filter("comment > DATE '1995-01-01'").build()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("a string is not comparable with a date");
            assertThatThrownBy(() -> reader.scan(ScanOptions.builder().filter("missing = 1").build()))
                    .hasMessageContaining("no column 'missing'");
        }
    }

    // ---------------------------------------------------------------------------------------------
    // random predicates

    private static Scalar sample(SplittableRandom random, String column) {
        List<Scalar> values = table.get(column);
        for (int i = 0; i < 50; i++) {
            Scalar s = values.get(random.nextInt(values.size()));
            if (s != null) {
                return s;
            }
        }
        return null;
    }

    private static Expr literalFor(SplittableRandom random, String column) {
        Scalar s = sample(random, column);
        if (s == null || random.nextInt(20) == 0) {
            return Expr.nullLit();
        }
        DType t = s.dtype();
        if (t instanceof DType.Extension ext) {
            long v = s.asLong();
            return switch (Extensions.kind(ext).orElseThrow()) {
                case Extensions.DateKind d -> lit(LocalDate.ofEpochDay(v + random.nextInt(7) - 3));
                case Extensions.TimestampKind ts -> lit(Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000L),
                        Math.floorMod(v, 1_000_000L) * 1000 + (random.nextBoolean() ? 0 : 500)));
                default -> throw new AssertionError(ext);
            };
        }
        return switch (t) {
            case DType.Bool b -> lit((Boolean) s.value());
            case DType.Primitive p when p.ptype().isFloat() -> lit(s.asDouble());
            case DType.Primitive p -> switch (random.nextInt(4)) {
                case 0 -> lit(BigDecimal.valueOf(s.asLong()).add(new BigDecimal("0.5")));
                case 1 -> lit(s.asLong() + random.nextInt(5) - 2);
                default -> lit(s.asLong());
            };
            case DType.Decimal d -> random.nextInt(4) == 0 ? lit(new BigDecimal((BigInteger) s.value(), d.scale())
                    .setScale(0, java.math.RoundingMode.FLOOR).longValue())
                    : lit(new BigDecimal((BigInteger) s.value(), d.scale()));
            case DType.Utf8 u -> {
                String v = new String(s.asBytes(), StandardCharsets.UTF_8);
                yield lit(random.nextInt(3) == 0 ? v.substring(0, random.nextInt(v.length() + 1)) : v);
            }
            default -> throw new AssertionError(t);
        };
    }

    private static Expr randomPredicate(SplittableRandom random, int depth) {
        if (depth > 0 && random.nextInt(3) != 0) {
            return switch (random.nextInt(3)) {
                case 0 -> new Expr.And(randomPredicate(random, depth - 1), randomPredicate(random, depth - 1));
                case 1 -> new Expr.Or(randomPredicate(random, depth - 1), randomPredicate(random, depth - 1));
                default -> new Expr.Not(randomPredicate(random, depth - 1));
            };
        }
        String column = COLUMNS.get(random.nextInt(COLUMNS.size()));
        Expr.Column c = column.contains(".") ? Expr.colPath(column.split("\\.")) : col(column);
        if (column.equals("flag") && random.nextInt(3) == 0) {
            return c;
        }
        int kind = random.nextInt(10);
        boolean string = column.equals("mode") || column.equals("comment");
        if (kind == 0) {
            return random.nextBoolean() ? c.isNull() : c.isNotNull();
        }
        if (kind == 1) {
            int n = 1 + random.nextInt(4);
            List<Expr> items = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                items.add(literalFor(random, column));
            }
            return Expr.in(c, items);
        }
        if (kind == 2) {
            return c.between(literalFor(random, column), literalFor(random, column));
        }
        if (kind == 3 && string) {
            Scalar s = sample(random, column);
            String v = s == null ? "x" : new String(s.asBytes(), StandardCharsets.UTF_8);
            int cut = random.nextInt(v.length() + 1);
            String pattern = switch (random.nextInt(4)) {
                case 0 -> v.substring(0, cut) + "%";
                case 1 -> "%" + v.substring(cut);
                case 2 -> v.isEmpty() ? "_" : "_" + v.substring(1);
                default -> "%" + v.substring(cut, Math.min(v.length(), cut + 2)) + "%";
            };
            return random.nextBoolean() ? c.like(pattern) : c.startsWith(v.substring(0, cut));
        }
        Expr.Op op = Expr.Op.values()[random.nextInt(6)];
        Expr literal = literalFor(random, column);
        return random.nextBoolean() ? new Expr.Compare(op, c, literal) : new Expr.Compare(op.flip(), literal, c);
    }

    // ---------------------------------------------------------------------------------------------
    // naive evaluation

    private static Scalar value(Expr.Column c, int row) {
        return table.get(c.name()).get(row);
    }

    private static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    private static Boolean or(Boolean a, Boolean b) {
        if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
            return true;
        }
        return a == null || b == null ? null : false;
    }

    private static Boolean eval(Expr e, int row) {
        return switch (e) {
            case Expr.Column c -> {
                Scalar s = value(c, row);
                yield s == null ? null : (Boolean) s.value();
            }
            case Expr.Literal l -> l.value().isNull() ? null : (Boolean) l.value().value();
            case Expr.And a -> and(eval(a.left(), row), eval(a.right(), row));
            case Expr.Or o -> or(eval(o.left(), row), eval(o.right(), row));
            case Expr.Not n -> {
                Boolean b = eval(n.child(), row);
                yield b == null ? null : !b;
            }
            case Expr.IsNull n -> value((Expr.Column) n.child(), row) == null;
            case Expr.IsNotNull n -> value((Expr.Column) n.child(), row) != null;
            case Expr.Compare c -> {
                boolean columnLeft = c.left() instanceof Expr.Column;
                Expr.Column column = (Expr.Column) (columnLeft ? c.left() : c.right());
                Scalar lit = ((Expr.Literal) (columnLeft ? c.right() : c.left())).value();
                Scalar v = value(column, row);
                if (v == null || lit.isNull()) {
                    yield null;
                }
                int cmp = columnLeft ? compare(v, lit) : compare(lit, v);
                yield switch (c.op()) {
                    case EQ -> cmp == 0;
                    case NE -> cmp != 0;
                    case LT -> cmp < 0;
                    case LE -> cmp <= 0;
                    case GT -> cmp > 0;
                    case GE -> cmp >= 0;
                };
            }
            case Expr.Between b -> and(eval(new Expr.Compare(Expr.Op.GE, b.value(), b.low()), row),
                    eval(new Expr.Compare(Expr.Op.LE, b.value(), b.high()), row));
            case Expr.In in -> {
                Boolean out = false;
                for (Expr item : in.list()) {
                    out = or(out, eval(new Expr.Compare(Expr.Op.EQ, in.value(), item), row));
                }
                yield out;
            }
            case Expr.Like l -> {
                Scalar v = value((Expr.Column) l.value(), row);
                yield v == null ? null : likeRegex(l.pattern()).matcher(
                        new String(v.asBytes(), StandardCharsets.UTF_8)).matches();
            }
            case Expr.StartsWith s -> {
                Scalar v = value((Expr.Column) s.value(), row);
                yield v == null ? null : new String(v.asBytes(), StandardCharsets.UTF_8).startsWith(s.prefix());
            }
        };
    }

    private static Pattern likeRegex(String pattern) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char ch = pattern.charAt(i);
            if (ch == '\\' && i + 1 < pattern.length()) {
                re.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (ch == '%') {
                re.append(".*");
            } else if (ch == '_') {
                re.append('.');
            } else {
                re.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    /** Orders a column value and a literal (either side) by meaning, not by representation. */
    private static int compare(Scalar a, Scalar b) {
        DType ta = storage(a.dtype());
        DType tb = storage(b.dtype());
        if (a.dtype() instanceof DType.Extension || b.dtype() instanceof DType.Extension) {
            return nanos(a).compareTo(nanos(b));
        }
        if (ta instanceof DType.Utf8 || ta instanceof DType.Binary) {
            return Arrays.compareUnsigned(a.asBytes(), b.asBytes());
        }
        if (ta instanceof DType.Bool) {
            return Boolean.compare((Boolean) a.value(), (Boolean) b.value());
        }
        if (isFloat(ta) || isFloat(tb)) {
            // literals for float columns are values of the column, so the float order is exact here
            return Double.compare(asFloatOf(a, isFloat(ta) ? ta : tb), asFloatOf(b, isFloat(ta) ? ta : tb));
        }
        return decimal(a).compareTo(decimal(b));
    }

    private static double asFloatOf(Scalar s, DType floatType) {
        double d = s.value() instanceof BigInteger ? decimal(s).doubleValue() : s.asDouble();
        return ((DType.Primitive) floatType).ptype() == io.jvortex.dtype.PType.F32 ? (float) d : d;
    }

    private static boolean isFloat(DType t) {
        return t instanceof DType.Primitive p && p.ptype().isFloat();
    }

    private static DType storage(DType t) {
        return t instanceof DType.Extension e ? e.storage() : t;
    }

    private static BigDecimal decimal(Scalar s) {
        return switch (s.dtype()) {
            case DType.Decimal d -> new BigDecimal((BigInteger) s.value(), d.scale());
            default -> BigDecimal.valueOf(s.asLong());
        };
    }

    private static BigInteger nanos(Scalar s) {
        DType.Extension ext = (DType.Extension) s.dtype();
        long v = s.asLong();
        return switch (Extensions.kind(ext).orElseThrow()) {
            case Extensions.DateKind d -> BigInteger.valueOf(v).multiply(BigInteger.valueOf(
                    d.unit() == io.jvortex.dtype.TimeUnit.DAYS ? 86_400_000_000_000L : 1_000_000L));
            case Extensions.TimestampKind ts -> BigInteger.valueOf(v).multiply(
                    BigInteger.valueOf(1_000_000_000L / ts.unit().ticksPerSecond()));
            case Extensions.TimeKind tk -> BigInteger.valueOf(v).multiply(
                    BigInteger.valueOf(1_000_000_000L / tk.unit().ticksPerSecond()));
            default -> throw new AssertionError(ext);
        };
    }
}
