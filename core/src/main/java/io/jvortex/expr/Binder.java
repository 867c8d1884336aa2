package io.jvortex.expr;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.scalar.Scalar;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Type-checks expressions against a schema and brings them into {@link BoundPredicate}'s normal form. */
final class Binder {
    private static final DType BOOL_NULLABLE = new DType.Bool(true);
    static final Expr.Literal NULL_BOOL = new Expr.Literal(Scalar.nullOf(BOOL_NULLABLE));
    private static final BigInteger HUGE = BigInteger.TWO.pow(80);

    private final DType schema;
    private final Map<Expr.Column, DType> columns = new LinkedHashMap<>();

    private Binder(DType schema) {
        this.schema = schema;
    }

    static BoundPredicate bind(Expr e, DType schema) {
        java.util.Objects.requireNonNull(e, "expr");
        java.util.Objects.requireNonNull(schema, "schema");
        Binder b = new Binder(schema);
        Expr bound = b.predicate(e);
        List<BoundPredicate.BoundColumn> cols = new ArrayList<>();
        b.columns.forEach((c, t) -> cols.add(new BoundPredicate.BoundColumn(c, t)));
        return new BoundPredicate(bound, cols);
    }

    // ---------------------------------------------------------------------------------------------
    // predicates

    private Expr predicate(Expr e) {
        return switch (e) {
            case Expr.Column c -> {
                DType t = columnType(c);
                if (!(t instanceof DType.Bool)) {
                    throw new IllegalArgumentException("column '" + c.name() + "' is " + t.display()
                            + ", not a boolean, so it cannot be a condition by itself; compare it with a value");
                }
                yield c;
            }
            case Expr.Literal l -> switch (l.value().dtype()) {
                case DType.Bool b -> l;
                case DType.Null n -> NULL_BOOL;
                default -> throw new IllegalArgumentException("literal " + ExprText.literal(l.value())
                        + " is not a boolean, so it cannot be a condition by itself");
            };
            case Expr.Compare c -> compare(c.op(), c.left(), c.right());
            case Expr.And a -> new Expr.And(predicate(a.left()), predicate(a.right()));
            case Expr.Or o -> new Expr.Or(predicate(o.left()), predicate(o.right()));
            case Expr.Not n -> new Expr.Not(predicate(n.child()));
            case Expr.Between b -> new Expr.And(compare(Expr.Op.GE, b.value(), b.low()),
                    compare(Expr.Op.LE, b.value(), b.high()));
            case Expr.In in -> in(in);
            case Expr.IsNull n -> nullTest(n.child(), true);
            case Expr.IsNotNull n -> nullTest(n.child(), false);
            case Expr.Like l -> {
                Expr.Column c = stringColumn(l.value(), "LIKE", false);
                yield new Expr.Like(c, l.pattern());
            }
            case Expr.StartsWith s -> {
                Expr.Column c = stringColumn(s.value(), "STARTS_WITH", true);
                yield new Expr.StartsWith(c, s.prefix());
            }
        };
    }

    private Expr nullTest(Expr child, boolean isNull) {
        return switch (child) {
            case Expr.Column c -> {
                columnType(c);
                yield isNull ? new Expr.IsNull(c) : new Expr.IsNotNull(c);
            }
            case Expr.Literal l -> Expr.lit(l.value().isNull() == isNull);
            default -> {
                Expr p = predicate(child);
                yield isNull ? new Expr.IsNull(p) : new Expr.IsNotNull(p);
            }
        };
    }

    private Expr.Column stringColumn(Expr value, String what, boolean binaryToo) {
        if (!(value instanceof Expr.Column c)) {
            throw new IllegalArgumentException(what + " needs a column on its left, got " + value.sql());
        }
        DType t = columnType(c);
        if (!(t instanceof DType.Utf8) && !(binaryToo && t instanceof DType.Binary)) {
            throw new IllegalArgumentException(what + " needs a string column, but '" + c.name() + "' is "
                    + t.display());
        }
        return c;
    }

    private Expr in(Expr.In in) {
        if (!(in.value() instanceof Expr.Column c)) {
            throw new IllegalArgumentException("IN needs a column on its left, got " + in.value().sql());
        }
        DType t = columnType(c);
        List<Expr> items = new ArrayList<>();
        boolean hasNull = false;
        for (Expr item : in.list()) {
            if (!(item instanceof Expr.Literal l)) {
                throw new IllegalArgumentException("IN lists hold literals only, got " + item.sql());
            }
            if (l.value().isNull()) {
                hasNull = true;
                continue;
            }
            Coerced k = coerce(c, t, Expr.Op.EQ, l.value());
            if (k instanceof Coerced.Exact x) {
                items.add(new Expr.Literal(x.value()));
            }
        }
        if (hasNull) {
            items.add(new Expr.Literal(Scalar.nullOf(t.withNullable(true))));
        }
        if (items.isEmpty()) {
            return never(c);
        }
        if (items.size() == 1 && !hasNull) {
            return new Expr.Compare(Expr.Op.EQ, c, items.getFirst());
        }
        if (items.size() == 1) {
            return NULL_BOOL; // only a null item: null for every row
        }
        return new Expr.In(c, items);
    }

    private Expr compare(Expr.Op op, Expr left, Expr right) {
        if (left instanceof Expr.Literal && right instanceof Expr.Column) {
            return compare(op.flip(), right, left);
        }
        if (!(left instanceof Expr.Column c)) {
            throw new IllegalArgumentException("comparison " + left.sql() + " " + op.symbol() + " " + right.sql()
                    + " needs a column on one side and a literal on the other");
        }
        if (right instanceof Expr.Column other) {
            return compareColumns(op, c, other);
        }
        if (!(right instanceof Expr.Literal l)) {
            throw new IllegalArgumentException("comparison " + left.sql() + " " + op.symbol() + " " + right.sql()
                    + ": comparing a column with an expression is not supported; compare it with a literal or a"
                    + " column");
        }
        DType t = columnType(c);
        if (l.value().isNull()) {
            checkComparable(c, t, l.value(), true);
            return NULL_BOOL;
        }
        return switch (coerce(c, t, op, l.value())) {
            case Coerced.Exact x -> new Expr.Compare(x.op(), c, new Expr.Literal(x.value()));
            case Coerced.Always a -> always(c);
            case Coerced.Never n -> never(c);
        };
    }

    /**
     * Two columns compared row by row, when their values order alike: integers (64-bit unsigned only
     * with 64-bit unsigned), floats (in the IEEE total order literals use), decimals of one scale,
     * dates, times and timestamps of one type (unit and time zone), strings, binaries, booleans.
     */
    private Expr compareColumns(Expr.Op op, Expr.Column left, Expr.Column right) {
        DType a = columnType(left);
        DType b = columnType(right);
        if (!comparable(a.withNullable(false), b.withNullable(false))) {
            throw new IllegalArgumentException("comparison " + left.sql() + " " + op.symbol() + " " + right.sql()
                    + ": cannot compare column '" + left.name() + "' (" + a.display() + ") with column '"
                    + right.name() + "' (" + b.display() + ")");
        }
        return new Expr.Compare(op, left, right);
    }

    private static boolean comparable(DType a, DType b) {
        return switch (a) {
            case DType.Primitive p when b instanceof DType.Primitive q -> p.ptype().isFloat()
                    ? q.ptype().isFloat()
                    : !q.ptype().isFloat() && (p.ptype() == PType.U64) == (q.ptype() == PType.U64);
            case DType.Decimal d when b instanceof DType.Decimal e -> d.scale() == e.scale();
            case DType.Utf8 u -> b instanceof DType.Utf8;
            case DType.Binary x -> b instanceof DType.Binary;
            case DType.Bool x -> b instanceof DType.Bool;
            case DType.Extension e -> switch (family(a)) {
                case DATE, TIME, TIMESTAMP -> a.equals(b);
                default -> false;
            };
            default -> false;
        };
    }

    /** True for every non-null row, null for null rows. */
    static Expr always(Expr.Column c) {
        return new Expr.Or(NULL_BOOL, new Expr.IsNotNull(c));
    }

    /** False for every non-null row, null for null rows. */
    static Expr never(Expr.Column c) {
        return new Expr.And(NULL_BOOL, new Expr.IsNull(c));
    }

    // ---------------------------------------------------------------------------------------------
    // columns

    private DType columnType(Expr.Column c) {
        DType cached = columns.get(c);
        if (cached != null) {
            return cached;
        }
        DType t = schema;
        boolean nullable = false;
        for (int i = 0; i < c.path().size(); i++) {
            String name = c.path().get(i);
            if (!(t instanceof DType.Struct s)) {
                throw new IllegalArgumentException("column '" + c.name() + "': '" + String.join(".", c.path().subList(0, i))
                        + "' is " + t.display() + ", not a struct with a field '" + name + "'");
            }
            int index = s.indexOf(name);
            if (index < 0) {
                throw new IllegalArgumentException("no column '" + c.name() + "'" + (i == 0 ? "; the columns are "
                        + s.names() : " (no field '" + name + "' in " + s.display() + ")"));
            }
            if (i > 0) {
                nullable |= s.nullable();
            }
            t = s.fields().get(index);
        }
        DType out = t.withNullable(t.nullable() || nullable);
        columns.put(c, out);
        return out;
    }

    // ---------------------------------------------------------------------------------------------
    // literal coercion

    private sealed interface Coerced {
        record Exact(Expr.Op op, Scalar value) implements Coerced {
        }

        record Always() implements Coerced {
        }

        record Never() implements Coerced {
        }
    }

    private enum Family { BOOL, NUMBER, STRING, BINARY, DATE, TIME, TIMESTAMP, OTHER }

    private static Family family(DType t) {
        return switch (t) {
            case DType.Bool b -> Family.BOOL;
            case DType.Primitive p -> Family.NUMBER;
            case DType.Decimal d -> Family.NUMBER;
            case DType.Utf8 u -> Family.STRING;
            case DType.Binary b -> Family.BINARY;
            case DType.Extension e -> {
                Optional<Extensions.Kind> k = Extensions.kind(e);
                yield k.isEmpty() ? Family.OTHER : switch (k.get()) {
                    case Extensions.DateKind d -> Family.DATE;
                    case Extensions.TimeKind d -> Family.TIME;
                    case Extensions.TimestampKind d -> Family.TIMESTAMP;
                    case Extensions.UuidKind u -> Family.OTHER;
                };
            }
            default -> Family.OTHER;
        };
    }

    private static String familyName(Family f) {
        return switch (f) {
            case BOOL -> "a boolean";
            case NUMBER -> "a number";
            case STRING -> "a string";
            case BINARY -> "binary data";
            case DATE -> "a date";
            case TIME -> "a time of day";
            case TIMESTAMP -> "a timestamp";
            case OTHER -> "a value of a type without ordering";
        };
    }

    private static void checkComparable(Expr.Column c, DType colType, Scalar lit, boolean nullLiteral) {
        if (nullLiteral && lit.dtype() instanceof DType.Null) {
            return;
        }
        Family col = family(colType);
        Family l = family(lit.dtype());
        boolean ok = switch (col) {
            case BOOL -> l == Family.BOOL;
            case NUMBER -> l == Family.NUMBER;
            case STRING -> l == Family.STRING;
            case BINARY -> l == Family.BINARY || l == Family.STRING;
            case DATE -> l == Family.DATE;
            case TIME -> l == Family.TIME;
            case TIMESTAMP -> l == Family.TIMESTAMP || l == Family.DATE;
            case OTHER -> false;
        };
        if (!ok) {
            String hint = switch (col) {
                case STRING -> "; compare it with a quoted string";
                case DATE -> "; write the literal as DATE 'yyyy-mm-dd'";
                case TIMESTAMP -> "; write the literal as TIMESTAMP 'yyyy-mm-dd hh:mm:ss'";
                case TIME -> "; write the literal as TIME 'hh:mm:ss'";
                case NUMBER -> "; compare it with a number";
                case BOOL -> "; compare it with TRUE or FALSE";
                default -> "";
            };
            throw new IllegalArgumentException("cannot compare column '" + c.name() + "' of type " + colType.display()
                    + " with " + ExprText.literal(lit) + " of type " + lit.dtype().display() + ": "
                    + familyName(col) + " is not comparable with " + familyName(l) + hint);
        }
    }

    private static Coerced coerce(Expr.Column c, DType colType, Expr.Op op, Scalar lit) {
        checkComparable(c, colType, lit, false);
        DType target = colType.withNullable(false);
        return switch (family(colType)) {
            case BOOL -> new Coerced.Exact(op, new Scalar(target, lit.value()));
            case STRING, BINARY -> new Coerced.Exact(op, new Scalar(target, lit.asBytes()));
            case NUMBER -> number(op, target, lit);
            case DATE, TIME, TIMESTAMP -> temporal(op, (DType.Extension) target, lit);
            case OTHER -> throw new AssertionError(colType);
        };
    }

    private static Coerced number(Expr.Op op, DType target, Scalar lit) {
        DType litType = lit.dtype();
        if (target instanceof DType.Primitive p && p.ptype().isFloat()) {
            double d = switch (litType) {
                case DType.Decimal dec -> new BigDecimal((BigInteger) lit.value(), dec.scale()).doubleValue();
                case DType.Primitive lp when lp.ptype() == PType.U64 -> new BigDecimal(
                        new BigInteger(Long.toUnsignedString(lit.asLong()))).doubleValue();
                case DType.Primitive lp when lp.ptype().isInteger() -> (double) lit.asLong();
                default -> lit.asDouble();
            };
            Object v = switch (p.ptype()) {
                case F64 -> d;
                case F32 -> (float) d;
                default -> Float.floatToFloat16((float) d);
            };
            return new Coerced.Exact(op, new Scalar(target, v));
        }
        BigDecimal exact;
        if (litType instanceof DType.Primitive lp && lp.ptype().isFloat()) {
            double d = lit.asDouble();
            if (Double.isNaN(d) || d == Double.POSITIVE_INFINITY) {
                exact = new BigDecimal(HUGE); // NaN sorts above every number, like infinity
            } else if (d == Double.NEGATIVE_INFINITY) {
                exact = new BigDecimal(HUGE.negate());
            } else {
                exact = new BigDecimal(d);
            }
        } else if (litType instanceof DType.Decimal dec) {
            exact = new BigDecimal((BigInteger) lit.value(), dec.scale());
        } else if (litType instanceof DType.Primitive lp && lp.ptype() == PType.U64) {
            exact = new BigDecimal(new BigInteger(Long.toUnsignedString(lit.asLong())));
        } else {
            exact = BigDecimal.valueOf(lit.asLong());
        }
        if (target instanceof DType.Decimal dec) {
            BigInteger max = BigInteger.TEN.pow(dec.precision()).subtract(BigInteger.ONE);
            return integral(op, exact.scaleByPowerOfTen(dec.scale()), max.negate(), max, target, false);
        }
        PType pt = ((DType.Primitive) target).ptype();
        return integral(op, exact, min(pt), max(pt), target, true);
    }

    private static Coerced temporal(Expr.Op op, DType.Extension target, Scalar lit) {
        DType.Extension litType = (DType.Extension) lit.dtype();
        Extensions.Kind litKind = Extensions.kind(litType).orElseThrow();
        Extensions.Kind colKind = Extensions.kind(target).orElseThrow();
        // the literal as exact nanoseconds (dates: since the epoch at midnight UTC)
        BigDecimal nanos = switch (litKind) {
            case Extensions.DateKind d -> d.unit() == TimeUnit.DAYS
                    ? BigDecimal.valueOf(lit.asLong()).multiply(BigDecimal.valueOf(86_400_000_000_000L))
                    : BigDecimal.valueOf(lit.asLong()).multiply(BigDecimal.valueOf(1_000_000L));
            case Extensions.TimeKind t -> BigDecimal.valueOf(lit.asLong()).multiply(nanosPer(t.unit()));
            case Extensions.TimestampKind t -> BigDecimal.valueOf(lit.asLong()).multiply(nanosPer(t.unit()));
            case Extensions.UuidKind u -> throw new AssertionError();
        };
        BigDecimal perUnit = switch (colKind) {
            case Extensions.DateKind d -> d.unit() == TimeUnit.DAYS ? BigDecimal.valueOf(86_400_000_000_000L)
                    : BigDecimal.valueOf(1_000_000L);
            case Extensions.TimeKind t -> nanosPer(t.unit());
            case Extensions.TimestampKind t -> nanosPer(t.unit());
            case Extensions.UuidKind u -> throw new AssertionError();
        };
        PType storage = ((DType.Primitive) target.storage()).ptype();
        BigDecimal inUnits = nanos.remainder(perUnit).signum() == 0 ? nanos.divide(perUnit)
                : nanos.divide(perUnit, 30, RoundingMode.HALF_EVEN);
        return integral(op, inUnits, min(storage), max(storage), target, true);
    }

    private static BigDecimal nanosPer(TimeUnit unit) {
        return BigDecimal.valueOf(1_000_000_000L / unit.ticksPerSecond());
    }

    private static BigInteger min(PType p) {
        return p.isUnsignedInteger() ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(p.bitWidth() - 1).negate();
    }

    private static BigInteger max(PType p) {
        return (p.isUnsignedInteger() ? BigInteger.ONE.shiftLeft(p.bitWidth())
                : BigInteger.ONE.shiftLeft(p.bitWidth() - 1)).subtract(BigInteger.ONE);
    }

    /**
     * Rewrites {@code x op v} for an integral domain {@code [min, max]}: a fractional {@code v}
     * moves to the neighbouring integer that keeps the meaning, a {@code v} outside the domain
     * makes the comparison constant.
     */
    private static Coerced integral(Expr.Op op, BigDecimal v, BigInteger min, BigInteger max, DType target,
                                    boolean asLong) {
        BigInteger floor = v.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
        BigInteger ceil = v.setScale(0, RoundingMode.CEILING).toBigIntegerExact();
        boolean integral = floor.equals(ceil);
        BigInteger b;
        switch (op) {
            case EQ, NE -> {
                if (!integral || floor.compareTo(min) < 0 || floor.compareTo(max) > 0) {
                    return op == Expr.Op.EQ ? new Coerced.Never() : new Coerced.Always();
                }
                b = floor;
            }
            case GT, LE -> {
                b = floor; // x > 4.5 ⇔ x > 4; x <= 4.5 ⇔ x <= 4
                if (b.compareTo(min) < 0) {
                    return op == Expr.Op.GT ? new Coerced.Always() : new Coerced.Never();
                }
                if (b.compareTo(max) >= 0) {
                    return op == Expr.Op.GT ? new Coerced.Never() : new Coerced.Always();
                }
            }
            case GE, LT -> {
                b = ceil; // x >= 4.5 ⇔ x >= 5; x < 4.5 ⇔ x < 5
                if (b.compareTo(min) <= 0) {
                    return op == Expr.Op.GE ? new Coerced.Always() : new Coerced.Never();
                }
                if (b.compareTo(max) > 0) {
                    return op == Expr.Op.GE ? new Coerced.Never() : new Coerced.Always();
                }
            }
            default -> throw new AssertionError(op);
        }
        return new Coerced.Exact(op, new Scalar(target, asLong ? (Object) b.longValue() : b));
    }
}
