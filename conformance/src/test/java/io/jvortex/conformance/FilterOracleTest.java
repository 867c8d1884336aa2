package io.jvortex.conformance;

import static io.jvortex.expr.Expr.lit;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.expr.BoundPredicate;
import io.jvortex.expr.Expr;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.scalar.Scalar;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.RandomTables.ColumnPlan;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.RandomTables.NullShape;
import io.jvortex.testing.RandomTables.ValueShape;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import io.jvortex.testing.oracle.RustOracle;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jvortex's filtered scan against the Rust reader's ({@code VortexFile.scan(expr=...)}) and against a
 * naive row-at-a-time evaluation over the generated values, on Rust-written random tables of several
 * zones, over seeded random predicates: row for row, nulls included.
 */
@Tag("soak") // slow; -Pfast skips it, ./test runs it
class FilterOracleTest {
    private static final List<TypeSpec> TYPES = List.of(
            new TypeSpec.Bool(true),
            new TypeSpec.Primitive(PrimitiveKind.I8, true),
            new TypeSpec.Primitive(PrimitiveKind.I32, false),
            new TypeSpec.Primitive(PrimitiveKind.I64, true),
            new TypeSpec.Primitive(PrimitiveKind.U16, true),
            new TypeSpec.Primitive(PrimitiveKind.U64, true),
            new TypeSpec.Primitive(PrimitiveKind.F32, true),
            new TypeSpec.Primitive(PrimitiveKind.F64, true),
            new TypeSpec.Decimal(9, 2, true),
            new TypeSpec.Decimal(30, 5, true),
            new TypeSpec.Utf8(true),
            new TypeSpec.Utf8(false),
            new TypeSpec.Binary(true),
            new TypeSpec.Date(TypeSpec.DateUnit.DAYS, true),
            new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.MICROSECONDS, "UTC", true),
            new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.NANOSECONDS, null, true));

    @TempDir
    Path dir;

    @Test
    void filteredScansMatchTheRustReader() {
        long seed = Seeds.seed("FilterOracleTest.filteredScansMatchTheRustReader");
        SplittableRandom random = new SplittableRandom(seed);
        RustOracle oracle = RustOracle.shared();
        for (int t = 0; t < 3; t++) {
            List<ColumnPlan> plans = new ArrayList<>();
            for (int i = 0; i < TYPES.size(); i++) {
                TypeSpec type = TYPES.get(i);
                ValueShape[] shapes = {ValueShape.RANDOM, ValueShape.LOW_CARDINALITY, ValueShape.SORTED,
                        ValueShape.RUNS, ValueShape.SPARSE, ValueShape.EDGES, ValueShape.CONSTANT};
                NullShape nulls = !type.nullable() ? NullShape.NONE
                        : NullShape.values()[random.nextInt(10) == 0 ? 2 : random.nextInt(2)];
                plans.add(new ColumnPlan("c" + i + "_" + type.typeName(), type,
                        shapes[random.nextInt(shapes.length)], nulls));
            }
            int rows = 3000 + random.nextInt(14_000);
            GeneratedTable table = RandomTables.generatePlanned(random.nextLong(), plans, rows);
            Path file = dir.resolve("filter-" + t + ".vortex");
            oracle.write(table.spec(), table.writeJsonl(dir.resolve("filter-" + t + ".jsonl")), file,
                    RustOracle.Strategy.DEFAULT, null, 4096);
            try (VortexReader reader = VortexReader.open(file)) {
                for (int p = 0; p < 25; p++) {
                    Expr e = randomPredicate(random, table, 2);
                    BoundPredicate bound = e.bind(reader.schema());
                    List<String> ours = scan(reader, ScanOptions.builder().filter(e)
                            .maxChunkRows(1 + random.nextInt(10_000)).build());
                    List<String> rust = oracle.readFiltered(file, bound, null);
                    assertThat(ours).as("table %d, %s (bound: %s)", t, e.sql(), bound).isEqualTo(rust);
                    List<String> naive = new ArrayList<>();
                    for (int r = 0; r < table.rowCount(); r++) {
                        if (Boolean.TRUE.equals(eval(e, table, r))) {
                            naive.add(table.rows().get(r));
                        }
                    }
                    assertThat(ours).as("table %d, %s against the naive evaluation", t, e.sql()).isEqualTo(naive);
                }
            }
        }
    }

    private static List<String> scan(VortexReader reader, ScanOptions options) {
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

    private static Object sample(SplittableRandom random, List<Object> values) {
        for (int i = 0; i < 40; i++) {
            Object v = values.get(random.nextInt(values.size()));
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** A literal that denotes a value of the column (or one near it), in the literal kind the DSL offers. */
    private static double canonicalNaN(double d) {
        return Double.isNaN(d) ? Double.NaN : d;
    }

    private static Expr literal(SplittableRandom random, TypeSpec type, Object v) {
        if (v == null || random.nextInt(25) == 0) {
            return Expr.nullLit();
        }
        return switch (type) {
            case TypeSpec.Bool b -> lit((Boolean) v);
            case TypeSpec.Primitive p -> switch (p.kind()) {
                // NaN literals are the canonical NaN: the rows reach Rust as JSON "NaN" and the oracle's
                // literal is Python's float('nan'), so a drawn NaN with the sign bit set (which sorts
                // below -inf in the total order jvortex and Rust use) would be compared as +NaN there
                case F16 -> lit(canonicalNaN((double) Float.float16ToFloat((Short) v)));
                case F32 -> lit(canonicalNaN((double) (Float) v));
                case F64 -> lit(canonicalNaN((Double) v));
                // the Python binding cannot build u64 literals above i64's range (OverflowError)
                case U64 -> lit(new BigDecimal(new BigInteger(Long.toUnsignedString((Long) v >>> 1))));
                default -> switch (random.nextInt(4)) {
                    case 0 -> lit(BigDecimal.valueOf((Long) v).add(new BigDecimal("0.5")));
                    case 1 -> lit((Long) v + random.nextInt(3) - 1);
                    default -> lit((Long) v);
                };
            };
            case TypeSpec.Decimal d -> lit(new BigDecimal((BigInteger) v, d.scale()));
            case TypeSpec.Utf8 u -> {
                String s = (String) v;
                yield lit(random.nextInt(3) == 0 ? s.substring(0, s.offsetByCodePoints(0,
                        random.nextInt(s.codePointCount(0, s.length()) + 1))) : s);
            }
            case TypeSpec.Binary b -> lit((byte[]) v);
            case TypeSpec.Date d -> lit(LocalDate.ofEpochDay((Long) v + random.nextInt(3) - 1));
            case TypeSpec.Timestamp ts -> {
                long ticks = (Long) v;
                long perSecond = switch (ts.unit()) {
                    case SECONDS -> 1;
                    case MILLISECONDS -> 1_000;
                    case MICROSECONDS -> 1_000_000;
                    default -> 1_000_000_000;
                };
                yield lit(Instant.ofEpochSecond(Math.floorDiv(ticks, perSecond),
                        Math.floorMod(ticks, perSecond) * (1_000_000_000L / perSecond)));
            }
            default -> lit(new Scalar(Extensions.time(TimeUnit.NANOSECONDS, false), 0L));
        };
    }

    private static Expr randomPredicate(SplittableRandom random, GeneratedTable table, int depth) {
        if (depth > 0 && random.nextInt(3) != 0) {
            return switch (random.nextInt(3)) {
                case 0 -> new Expr.And(randomPredicate(random, table, depth - 1),
                        randomPredicate(random, table, depth - 1));
                case 1 -> new Expr.Or(randomPredicate(random, table, depth - 1),
                        randomPredicate(random, table, depth - 1));
                default -> new Expr.Not(randomPredicate(random, table, depth - 1));
            };
        }
        int index = random.nextInt(table.plans().size());
        ColumnPlan plan = table.plans().get(index);
        List<Object> values = table.columns().get(index);
        Expr.Column c = Expr.colPath(plan.name());
        if (plan.type() instanceof TypeSpec.Bool && random.nextInt(3) == 0) {
            return c;
        }
        switch (random.nextInt(8)) {
            case 0 -> {
                return random.nextBoolean() ? c.isNull() : c.isNotNull();
            }
            case 1 -> {
                List<Expr> items = new ArrayList<>();
                int n = 1 + random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    items.add(literal(random, plan.type(), sample(random, values)));
                }
                return Expr.in(c, items);
            }
            case 2 -> {
                return c.between(literal(random, plan.type(), sample(random, values)),
                        literal(random, plan.type(), sample(random, values)));
            }
            case 3 -> {
                if (plan.type() instanceof TypeSpec.Utf8) {
                    Object v = sample(random, values);
                    String s = v == null ? "a" : (String) v;
                    int cut = s.offsetByCodePoints(0, random.nextInt(s.codePointCount(0, s.length()) + 1));
                    String pattern = switch (random.nextInt(4)) {
                        case 0 -> s.substring(0, cut) + "%";
                        case 1 -> "%" + s.substring(cut);
                        case 2 -> "_%";
                        default -> s.substring(0, cut) + "_%";
                    };
                    pattern = pattern.replace("\\", "\\\\");
                    return random.nextBoolean() ? c.like(pattern) : c.startsWith(s.substring(0, cut));
                }
            }
            default -> {
            }
        }
        Expr.Op op = Expr.Op.values()[random.nextInt(6)];
        Expr literal = literal(random, plan.type(), sample(random, values));
        return random.nextBoolean() ? new Expr.Compare(op, c, literal) : new Expr.Compare(op.flip(), literal, c);
    }

    // ---------------------------------------------------------------------------------------------
    // naive evaluation over the generated values (SQL null rules spelled out per operator)

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

    private static int columnIndex(GeneratedTable table, Expr.Column c) {
        for (int i = 0; i < table.plans().size(); i++) {
            if (table.plans().get(i).name().equals(c.name())) {
                return i;
            }
        }
        throw new IllegalArgumentException(c.name());
    }

    private static Boolean eval(Expr e, GeneratedTable table, int row) {
        return switch (e) {
            case Expr.Column c -> (Boolean) table.columns().get(columnIndex(table, c)).get(row);
            case Expr.Literal l -> l.value().isNull() ? null : (Boolean) l.value().value();
            case Expr.And a -> and(eval(a.left(), table, row), eval(a.right(), table, row));
            case Expr.Or o -> or(eval(o.left(), table, row), eval(o.right(), table, row));
            case Expr.Not n -> {
                Boolean b = eval(n.child(), table, row);
                yield b == null ? null : !b;
            }
            case Expr.IsNull n -> table.columns().get(columnIndex(table, (Expr.Column) n.child())).get(row) == null;
            case Expr.IsNotNull n -> table.columns().get(columnIndex(table, (Expr.Column) n.child())).get(row) != null;
            case Expr.Compare c -> {
                boolean columnLeft = c.left() instanceof Expr.Column;
                int index = columnIndex(table, (Expr.Column) (columnLeft ? c.left() : c.right()));
                Scalar lit = ((Expr.Literal) (columnLeft ? c.right() : c.left())).value();
                Object v = table.columns().get(index).get(row);
                if (v == null || lit.isNull()) {
                    yield null;
                }
                int cmp = compare(table.plans().get(index).type(), v, lit);
                if (!columnLeft) {
                    cmp = -cmp;
                }
                yield switch (c.op()) {
                    case EQ -> cmp == 0;
                    case NE -> cmp != 0;
                    case LT -> cmp < 0;
                    case LE -> cmp <= 0;
                    case GT -> cmp > 0;
                    case GE -> cmp >= 0;
                };
            }
            case Expr.Between b -> and(eval(new Expr.Compare(Expr.Op.GE, b.value(), b.low()), table, row),
                    eval(new Expr.Compare(Expr.Op.LE, b.value(), b.high()), table, row));
            case Expr.In in -> {
                Boolean out = false;
                for (Expr item : in.list()) {
                    out = or(out, eval(new Expr.Compare(Expr.Op.EQ, in.value(), item), table, row));
                }
                yield out;
            }
            case Expr.Like l -> {
                Object v = table.columns().get(columnIndex(table, (Expr.Column) l.value())).get(row);
                yield v == null ? null : like(l.pattern()).matcher((String) v).matches();
            }
            case Expr.StartsWith sw -> {
                Object v = table.columns().get(columnIndex(table, (Expr.Column) sw.value())).get(row);
                yield v == null ? null : ((String) v).startsWith(sw.prefix());
            }
        };
    }

    /** A LIKE pattern as a regex, by code points (quoting a surrogate pair's halves apart never matches). */
    private static java.util.regex.Pattern like(String pattern) {
        StringBuilder re = new StringBuilder();
        int[] cps = pattern.codePoints().toArray();
        for (int i = 0; i < cps.length; i++) {
            int cp = cps[i];
            if (cp == '\\' && i + 1 < cps.length) {
                re.append(java.util.regex.Pattern.quote(Character.toString(cps[++i])));
            } else if (cp == '%') {
                re.append(".*");
            } else if (cp == '_') {
                re.append('.');
            } else {
                re.append(java.util.regex.Pattern.quote(Character.toString(cp)));
            }
        }
        return java.util.regex.Pattern.compile(re.toString(), java.util.regex.Pattern.DOTALL);
    }

    /** Orders a generated value of a column type against a literal, by meaning. */
    private static int compare(TypeSpec type, Object v, Scalar lit) {
        return switch (type) {
            case TypeSpec.Bool b -> Boolean.compare((Boolean) v, (Boolean) lit.value());
            case TypeSpec.Primitive p when p.kind() == PrimitiveKind.F32 ->
                    Double.compare((Float) v, (float) asDouble(lit));
            case TypeSpec.Primitive p when p.kind() == PrimitiveKind.F64 ->
                    Double.compare((Double) v, asDouble(lit));
            case TypeSpec.Primitive p when p.kind() == PrimitiveKind.U64 ->
                    new BigDecimal(new BigInteger(Long.toUnsignedString((Long) v))).compareTo(number(lit));
            case TypeSpec.Primitive p -> BigDecimal.valueOf((Long) v).compareTo(number(lit));
            case TypeSpec.Decimal d -> new BigDecimal((BigInteger) v, d.scale()).compareTo(number(lit));
            case TypeSpec.Utf8 u -> java.util.Arrays.compareUnsigned(
                    ((String) v).getBytes(java.nio.charset.StandardCharsets.UTF_8), lit.asBytes());
            case TypeSpec.Binary b -> java.util.Arrays.compareUnsigned((byte[]) v, lit.asBytes());
            case TypeSpec.Date d -> BigInteger.valueOf((Long) v).multiply(BigInteger.valueOf(
                    d.unit() == TypeSpec.DateUnit.DAYS ? 86_400_000_000_000L : 1_000_000L)).compareTo(nanos(lit));
            case TypeSpec.Timestamp ts -> BigInteger.valueOf((Long) v).multiply(BigInteger.valueOf(
                    ts.unit().toNanos(1))).compareTo(nanos(lit));
            default -> throw new IllegalArgumentException(type.typeName());
        };
    }

    private static double asDouble(Scalar lit) {
        return lit.dtype() instanceof io.jvortex.dtype.DType.Primitive p && p.ptype().isFloat() ? lit.asDouble()
                : number(lit).doubleValue();
    }

    private static BigDecimal number(Scalar lit) {
        return switch (lit.dtype()) {
            case io.jvortex.dtype.DType.Decimal d -> new BigDecimal((BigInteger) lit.value(), d.scale());
            case io.jvortex.dtype.DType.Primitive p when p.ptype().isFloat() -> new BigDecimal(lit.asDouble());
            default -> BigDecimal.valueOf(lit.asLong());
        };
    }

    private static BigInteger nanos(Scalar lit) {
        io.jvortex.dtype.DType.Extension ext = (io.jvortex.dtype.DType.Extension) lit.dtype();
        return switch (Extensions.kind(ext).orElseThrow()) {
            case Extensions.DateKind d -> BigInteger.valueOf(lit.asLong()).multiply(BigInteger.valueOf(
                    d.unit() == TimeUnit.DAYS ? 86_400_000_000_000L : 1_000_000L));
            case Extensions.TimestampKind ts -> BigInteger.valueOf(lit.asLong()).multiply(
                    BigInteger.valueOf(1_000_000_000L / ts.unit().ticksPerSecond()));
            default -> throw new IllegalArgumentException(ext.display());
        };
    }
}
