package io.jvortex.spark;

import io.jvortex.expr.Expr;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.GeneralScalarExpression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark V2 predicates as jvortex {@link Expr}s (for zone pruning and exact row filtering), and their
 * evaluation over partition values (for file pruning).
 *
 * <p>Translated: {@code = <> < <= > >= <=>}, {@code IN}, {@code IS_NULL}, {@code IS_NOT_NULL},
 * {@code STARTS_WITH}, {@code ENDS_WITH} and {@code CONTAINS} (as an escaped {@code LIKE}), {@code AND},
 * {@code OR}, {@code NOT}, {@code ALWAYS_TRUE/FALSE}, between a top-level column and a literal;
 * {@code SUBSTRING(column, 1, n)} (or start 0, which Spark reads as 1) compared by {@code =} or {@code IN}
 * with string literals (as prefixes);
 * comparisons also between two top-level columns of one type. A floating-point column compared with a
 * literal is translated into ranges of jvortex's IEEE total order that keep Spark's rows: Spark orders
 * every NaN above every number and equal to itself, and treats {@code -0.0 = 0.0}, where the total order
 * puts NaNs with the sign bit below {@code -Infinity} and {@code -0.0} below {@code 0.0}. Two
 * floating-point columns compared with each other are not pushed. A timestamp or date compared with a
 * literal becomes half-open ranges at whole microseconds or days ({@code ts <= L} is {@code ts < L + 1µs}),
 * which keep Spark's rows whatever the column's unit, also where Spark sees the stored value floored
 * (nanoseconds, millisecond dates).
 * Both sides use SQL's three-valued logic, so a translated predicate keeps exactly the rows Spark's
 * filter keeps.
 */
final class Predicates {
    private static final AtomicLong OPAQUE = new AtomicLong();

    private Predicates() {
    }

    /**
     * Translates a predicate.
     *
     * @param p the predicate
     * @param columns the columns that may be referenced (with a type Vortex compares as Spark does)
     * @return the expression, or null when some part cannot be translated exactly
     */
    static Expr toExpr(Predicate p, Set<String> columns) {
        return toExpr(p, columns, Set.of());
    }

    /**
     * Translates a predicate.
     *
     * @param p the predicate
     * @param columns the columns that may be referenced (with a type Vortex compares as Spark does)
     * @param ranged columns compared with literals only, through ranges (and tested for null): {@code f32}/
     *        {@code f64} read as Spark's float/double, and timestamps and dates Spark sees floored
     *        (nanoseconds to microseconds, milliseconds to days)
     * @return the expression, or null when some part cannot be translated exactly
     */
    static Expr toExpr(Predicate p, Set<String> columns, Set<String> ranged) {
        Expression[] c = p.children();
        switch (p.name()) {
            case "ALWAYS_TRUE":
                return Expr.lit(true);
            case "ALWAYS_FALSE":
                return Expr.lit(false);
            case "AND": {
                Expr l = toExpr((Predicate) c[0], columns, ranged);
                Expr r = toExpr((Predicate) c[1], columns, ranged);
                return l == null || r == null ? null : Expr.and(l, r);
            }
            case "OR": {
                Expr l = toExpr((Predicate) c[0], columns, ranged);
                Expr r = toExpr((Predicate) c[1], columns, ranged);
                return l == null || r == null ? null : Expr.or(l, r);
            }
            case "NOT": {
                Expr e = toExpr((Predicate) c[0], columns, ranged);
                return e == null ? null : Expr.not(e);
            }
            case "IS_NULL": {
                String col = column(c[0], columns, ranged);
                return col == null ? null : ref(col).isNull();
            }
            case "IS_NOT_NULL": {
                String col = column(c[0], columns, ranged);
                return col == null ? null : ref(col).isNotNull();
            }
            case "STARTS_WITH": {
                String col = column(c[0], columns);
                if (col == null || !(c[1] instanceof Literal<?> l) || !(l.value() instanceof UTF8String s)) {
                    return null;
                }
                return ref(col).startsWith(s.toString());
            }
            case "ENDS_WITH", "CONTAINS": {
                String col = column(c[0], columns);
                if (col == null || !(c[1] instanceof Literal<?> l) || !(l.value() instanceof UTF8String s)) {
                    return null;
                }
                String escaped = escapeLike(s.toString());
                return ref(col).like(p.name().equals("CONTAINS") ? "%" + escaped + "%" : "%" + escaped);
            }
            case "IN": {
                Prefix prefix = prefix(c[0], columns);
                if (prefix != null && c.length >= 2) {
                    List<Expr> terms = new ArrayList<>();
                    for (int i = 1; i < c.length; i++) {
                        Expr term = prefix.equalTo(c[i]);
                        if (term == null) {
                            return null;
                        }
                        terms.add(term);
                    }
                    return Expr.or(terms.get(0), terms.subList(1, terms.size()).toArray(Expr[]::new));
                }
                if (c.length >= 2 && isFloat(c[1])) {
                    String col = column(c[0], columns, ranged);
                    if (col == null) {
                        return null;
                    }
                    List<Expr> terms = new ArrayList<>();
                    for (int i = 1; i < c.length; i++) {
                        if (!(c[i] instanceof Literal<?> item) || !isFloat(item) || item.value() == null) {
                            return null; // includes null items, whose semantics need care
                        }
                        terms.add(floatCompare("=", ref(col), ((Number) item.value()).doubleValue()));
                    }
                    return Expr.or(terms.get(0), terms.subList(1, terms.size()).toArray(Expr[]::new));
                }
                String col = column(c[0], columns);
                if (col == null || c.length < 2) {
                    return null;
                }
                List<Expr> items = new ArrayList<>();
                for (int i = 1; i < c.length; i++) {
                    Expr lit = literal(c[i]);
                    if (lit == null) {
                        return null; // includes null items, whose semantics need care
                    }
                    items.add(lit);
                }
                return Expr.in(ref(col), items);
            }
            case "=", "<>", "<", "<=", ">", ">=", "<=>": {
                if (p.name().equals("=")) {
                    Prefix prefix = prefix(c[0], columns);
                    if (prefix != null) {
                        return prefix.equalTo(c[1]);
                    }
                    prefix = prefix(c[1], columns);
                    if (prefix != null) {
                        return prefix.equalTo(c[0]);
                    }
                }
                String left = column(c[0], columns);
                String right = column(c[1], columns);
                if (left != null && right != null) {
                    return compareColumns(p.name(), ref(left), ref(right));
                }
                if (isFloat(c[0]) || isFloat(c[1]) || isTemporal(c[0]) || isTemporal(c[1])) {
                    // a float, double, timestamp or date column and a literal of its type, as ranges
                    boolean literalFirst = c[0] instanceof Literal<?>;
                    String ranges = column(literalFirst ? c[1] : c[0], columns, ranged);
                    if (ranges == null || !((literalFirst ? c[0] : c[1]) instanceof Literal<?> lit)) {
                        return null;
                    }
                    Expr.Column ref = ref(ranges);
                    String op = literalFirst ? flip(p.name()) : p.name();
                    if (lit.value() == null) {
                        return op.equals("<=>") ? ref.isNull() : null;
                    }
                    java.util.function.Function<String, Expr> compare = rangeCompare(ref, lit);
                    if (compare == null) {
                        return null;
                    }
                    return op.equals("<=>") ? Expr.and(ref.isNotNull(), compare.apply("=")) : compare.apply(op);
                }
                boolean flipped = false;
                String col = column(c[0], columns);
                Expression other = c[1];
                if (col == null) {
                    col = column(c[1], columns);
                    other = c[0];
                    flipped = true;
                }
                if (col == null || !(other instanceof Literal<?> l)) {
                    return null;
                }
                Expr.Column ref = ref(col);
                if (p.name().equals("<=>")) {
                    if (l.value() == null) {
                        return ref.isNull();
                    }
                    Expr lit = literal(l);
                    return lit == null ? null : Expr.and(ref.isNotNull(), ref.eq(lit));
                }
                if (l.value() == null) {
                    return null;
                }
                Expr lit = literal(l);
                if (lit == null) {
                    return null;
                }
                String op = flipped ? flip(p.name()) : p.name();
                return switch (op) {
                    case "=" -> ref.eq(lit);
                    case "<>" -> ref.ne(lit);
                    case "<" -> ref.lt(lit);
                    case "<=" -> ref.le(lit);
                    case ">" -> ref.gt(lit);
                    default -> ref.ge(lit);
                };
            }
            default:
                return null;
        }
    }

    /**
     * Two columns of one Spark type compared row by row (Spark casts columns of different types, so
     * they are not references then); whether their Vortex types order alike is the binder's check.
     */
    private static Expr compareColumns(String op, Expr.Column left, Expr.Column right) {
        return switch (op) {
            case "=" -> new Expr.Compare(Expr.Op.EQ, left, right);
            case "<>" -> new Expr.Compare(Expr.Op.NE, left, right);
            case "<" -> new Expr.Compare(Expr.Op.LT, left, right);
            case "<=" -> new Expr.Compare(Expr.Op.LE, left, right);
            case ">" -> new Expr.Compare(Expr.Op.GT, left, right);
            case ">=" -> new Expr.Compare(Expr.Op.GE, left, right);
            // null-safe: both null, or both present and equal
            default -> Expr.or(Expr.and(left.isNull(), right.isNull()),
                    Expr.and(left.isNotNull(), right.isNotNull(), new Expr.Compare(Expr.Op.EQ, left, right)));
        };
    }

    /**
     * {@code SUBSTRING(column, 1, length)} of a string column: the first {@code length} characters
     * (code points), or the whole string when it is shorter. Spark reads a start of 0 as 1. TPC-H Q22
     * filters on {@code substring(c_phone, 1, 2) IN (...)}.
     */
    private record Prefix(String column, int length) {
        /**
         * The rows where the prefix equals a string literal: for a literal of exactly {@code length}
         * characters, the strings that start with it (UTF-8 encodes each character as a prefix-free
         * byte sequence, so a byte prefix is a character prefix); for a shorter one, the strings equal to
         * it. Null for other operands, and for a longer literal, which no row equals (a constant false
         * would not keep a null row null under {@code NOT}).
         */
        Expr equalTo(Expression operand) {
            if (!(operand instanceof Literal<?> l) || !(l.value() instanceof UTF8String s)) {
                return null;
            }
            int chars = s.numChars();
            if (chars == length) {
                return ref(column).startsWith(s.toString());
            }
            return chars < length ? ref(column).eq(Expr.lit(s.toString())) : null;
        }
    }

    /** The {@link Prefix} an expression takes, or null when it is not one. */
    private static Prefix prefix(Expression e, Set<String> columns) {
        if (!(e instanceof GeneralScalarExpression g) || !g.name().equals("SUBSTRING") || g.children().length != 3) {
            return null;
        }
        Expression[] c = g.children();
        String col = column(c[0], columns);
        if (col == null || !(c[1] instanceof Literal<?> pos) || !(c[2] instanceof Literal<?> len)
                || !(pos.value() instanceof Integer start) || (start != 0 && start != 1)
                || !(len.value() instanceof Integer n) || n < 0) {
            return null;
        }
        return new Prefix(col, n);
    }

    /** Escapes {@code LIKE}'s wildcards and its escape character, so that the text matches itself. */
    private static String escapeLike(String text) {
        StringBuilder b = new StringBuilder(text.length() + 4);
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '%' || ch == '_' || ch == '\\') {
                b.append('\\');
            }
            b.append(ch);
        }
        return b.toString();
    }

    /**
     * How a column compares with a float, double, timestamp or date literal, by operator
     * ({@code = <> < <= > >=}): {@link #floatCompare} or {@link #temporalCompare}.
     *
     * @return the comparison by operator, or null when the literal has no such form
     */
    private static java.util.function.Function<String, Expr> rangeCompare(Expr.Column ref, Literal<?> lit) {
        if (isFloat(lit)) {
            double v = ((Number) lit.value()).doubleValue();
            return op -> floatCompare(op, ref, v);
        }
        Expr at = literal(lit);
        Expr next = nextLiteral(lit);
        return at == null || next == null ? null : op -> temporalCompare(op, ref, at, next);
    }

    /** Whether an expression is a timestamp, timestamp without zone or date literal. */
    private static boolean isTemporal(Expression e) {
        return e instanceof Literal<?> l && (l.dataType() instanceof TimestampType
                || l.dataType() instanceof TimestampNTZType || l.dataType() instanceof DateType);
    }

    /** The literal one microsecond (a timestamp) or one day (a date) after {@code l}; null past the last one. */
    private static Expr nextLiteral(Literal<?> l) {
        if (l.dataType() instanceof DateType) {
            return Expr.lit(LocalDate.ofEpochDay((Integer) l.value() + 1L));
        }
        long micros = (Long) l.value();
        if (micros == Long.MAX_VALUE) {
            return null;
        }
        Instant next = micros(micros + 1);
        return l.dataType() instanceof TimestampType ? Expr.lit(next)
                : Expr.lit(LocalDateTime.ofInstant(next, ZoneOffset.UTC));
    }

    /**
     * {@code column op at} for Spark's whole microseconds or days, where {@code next} is one unit after
     * {@code at}, with only {@code <} and {@code >=}: Spark's value is the stored one floored to the unit,
     * and {@code floor(v) < k} holds exactly when {@code v < k} for a whole {@code k}. For a column Spark
     * sees exactly (microseconds and coarser, days) the ranges hold the same rows as the plain comparison.
     * Each form is null for a null row.
     *
     * @param op {@code = <> < <= > >=}
     * @param column the column
     * @param at the literal
     * @param next the literal one unit later
     * @return the expression
     */
    static Expr temporalCompare(String op, Expr.Column column, Expr at, Expr next) {
        return switch (op) {
            case "=" -> Expr.and(column.ge(at), column.lt(next));
            case "<>" -> Expr.or(column.lt(at), column.ge(next));
            case "<" -> column.lt(at);
            case "<=" -> column.lt(next);
            case ">" -> column.ge(next);
            case ">=" -> column.ge(at);
            default -> throw new IllegalArgumentException(op);
        };
    }

    /** Whether an expression is a float or double literal. */
    private static boolean isFloat(Expression e) {
        return e instanceof Literal<?> l && (l.dataType() instanceof FloatType || l.dataType() instanceof DoubleType);
    }

    /**
     * {@code column op value} as Spark compares floats, in jvortex's IEEE total order. Every NaN is one
     * value above all numbers for Spark; in the total order NaNs with the sign bit lie below
     * {@code -Infinity} and the others above {@code +Infinity}. {@code -0.0} equals {@code 0.0} for Spark and
     * lies just below it in the total order. Each form is null for a null row, as Spark's comparison is
     * (a constant would turn a null row true under {@code NOT}).
     *
     * @param op {@code = <> < <= > >=}
     * @param column the column (f32 or f64; a literal is narrowed to f32 exactly, as Spark's float literal is)
     * @param value the literal
     * @return the expression
     */
    static Expr floatCompare(String op, Expr.Column column, double value) {
        Expr negInf = Expr.lit(Double.NEGATIVE_INFINITY);
        Expr posInf = Expr.lit(Double.POSITIVE_INFINITY);
        Expr negativeNaN = column.lt(negInf);
        if (Double.isNaN(value)) {
            Expr nan = Expr.or(column.gt(posInf), negativeNaN);
            Expr number = Expr.and(column.ge(negInf), column.le(posInf));
            return switch (op) {
                case "=", ">=" -> nan;
                case "<>", "<" -> number;
                case "<=" -> Expr.or(column.ge(negInf), negativeNaN); // every row that is not null
                case ">" -> Expr.and(column.gt(posInf), negativeNaN); // no row
                default -> throw new IllegalArgumentException(op);
            };
        }
        boolean zero = value == 0.0;
        // the bounds of the literal's class: both zeros for a zero, else the value itself
        Expr low = Expr.lit(zero ? -0.0 : value);
        Expr high = Expr.lit(zero ? 0.0 : value);
        return switch (op) {
            case "=" -> zero ? Expr.and(column.ge(low), column.le(high)) : column.eq(high);
            case "<>" -> zero ? Expr.or(column.lt(low), column.gt(high)) : column.ne(high);
            case "<" -> Expr.and(column.lt(low), column.ge(negInf));
            case "<=" -> Expr.and(column.le(high), column.ge(negInf));
            case ">" -> Expr.or(column.gt(high), negativeNaN);
            case ">=" -> Expr.or(column.ge(low), negativeNaN);
            default -> throw new IllegalArgumentException(op);
        };
    }

    private static String flip(String op) {
        return switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> op;
        };
    }

    /** Joins the field names of a struct field's key ({@link #key}); no column name holding it is pushed. */
    static final char PATH_SEPARATOR = '\0';

    /**
     * The key of a column or struct field in the column sets: a top-level column's name, or the field
     * names from the root down joined by {@link #PATH_SEPARATOR}.
     *
     * @param fieldNames the names from the root down
     * @return the key
     */
    static String key(String... fieldNames) {
        return fieldNames.length == 1 ? fieldNames[0] : String.join(String.valueOf(PATH_SEPARATOR), fieldNames);
    }

    /** The reference to the column or struct field of a {@link #key}. */
    private static Expr.Column ref(String key) {
        return key.indexOf(PATH_SEPARATOR) < 0 ? Expr.colPath(key)
                : Expr.colPath(key.split(String.valueOf(PATH_SEPARATOR), -1));
    }

    /** A column of either set. */
    private static String column(Expression e, Set<String> columns, Set<String> ranged) {
        String col = column(e, columns);
        return col != null ? col : column(e, ranged);
    }

    /** The {@link #key} of a reference to a column or struct field of {@code columns}, else null. */
    private static String column(Expression e, Set<String> columns) {
        if (e instanceof NamedReference ref && ref.fieldNames().length >= 1) {
            String key = key(ref.fieldNames());
            return columns.contains(key) ? key : null;
        }
        return null;
    }

    private static Expr literal(Expression e) {
        if (!(e instanceof Literal<?> l) || l.value() == null) {
            return null;
        }
        Object v = l.value();
        DataType t = l.dataType();
        if (t instanceof BooleanType) {
            return Expr.lit((Boolean) v);
        } else if (t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType
                || t instanceof LongType) {
            return Expr.lit(((Number) v).longValue());
        } else if (t instanceof DecimalType) {
            return Expr.lit(((Decimal) v).toJavaBigDecimal());
        } else if (t instanceof StringType) {
            return Expr.lit(v.toString());
        } else if (t instanceof BinaryType) {
            return Expr.lit((byte[]) v);
        } else if (t instanceof DateType) {
            return Expr.lit(LocalDate.ofEpochDay((Integer) v));
        } else if (t instanceof TimestampType) {
            return Expr.lit(micros((Long) v));
        } else if (t instanceof TimestampNTZType) {
            return Expr.lit(LocalDateTime.ofInstant(micros((Long) v), ZoneOffset.UTC));
        }
        return null;
    }

    private static Instant micros(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
    }

    /** Thrown when a predicate cannot be evaluated over partition values. */
    static final class NotEvaluable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotEvaluable(String what) {
            super(what, null, false, false);
        }
    }

    /**
     * Evaluates a predicate over one file's partition values (three-valued: null is unknown).
     *
     * @param p a predicate that references only partition columns
     * @param values the values by column name, in Spark's internal form
     * @return true, false or null
     * @throws NotEvaluable when the predicate has a form this evaluator does not know
     */
    static Boolean eval(Predicate p, Map<String, Object> values) {
        Expression[] c = p.children();
        switch (p.name()) {
            case "ALWAYS_TRUE":
                return true;
            case "ALWAYS_FALSE":
                return false;
            case "AND": {
                Boolean l = eval((Predicate) c[0], values);
                Boolean r = eval((Predicate) c[1], values);
                if (Boolean.FALSE.equals(l) || Boolean.FALSE.equals(r)) {
                    return false;
                }
                return l == null || r == null ? null : true;
            }
            case "OR": {
                Boolean l = eval((Predicate) c[0], values);
                Boolean r = eval((Predicate) c[1], values);
                if (Boolean.TRUE.equals(l) || Boolean.TRUE.equals(r)) {
                    return true;
                }
                return l == null || r == null ? null : false;
            }
            case "NOT": {
                Boolean v = eval((Predicate) c[0], values);
                return v == null ? null : !v;
            }
            case "IS_NULL":
                return value(c[0], values) == null;
            case "IS_NOT_NULL":
                return value(c[0], values) != null;
            case "STARTS_WITH": {
                Object v = value(c[0], values);
                Object prefix = value(c[1], values);
                if (v == null || prefix == null) {
                    return null;
                }
                if (!(v instanceof UTF8String s) || !(prefix instanceof UTF8String x)) {
                    throw new NotEvaluable(p.toString());
                }
                return s.startsWith(x);
            }
            case "IN": {
                Object v = value(c[0], values);
                if (v == null) {
                    return null;
                }
                boolean sawNull = false;
                for (int i = 1; i < c.length; i++) {
                    Object item = value(c[i], values);
                    if (item == null) {
                        sawNull = true;
                    } else if (compare(v, item) == 0) {
                        return true;
                    }
                }
                return sawNull ? null : false;
            }
            case "=", "<>", "<", "<=", ">", ">=", "<=>": {
                Object l = value(c[0], values);
                Object r = value(c[1], values);
                if (p.name().equals("<=>")) {
                    return l == null || r == null ? l == r : compare(l, r) == 0;
                }
                if (l == null || r == null) {
                    return null;
                }
                int cmp = compare(l, r);
                return switch (p.name()) {
                    case "=" -> cmp == 0;
                    case "<>" -> cmp != 0;
                    case "<" -> cmp < 0;
                    case "<=" -> cmp <= 0;
                    case ">" -> cmp > 0;
                    default -> cmp >= 0;
                };
            }
            default:
                throw new NotEvaluable(p.toString());
        }
    }

    private static Object value(Expression e, Map<String, Object> values) {
        if (e instanceof Literal<?> l) {
            return l.value();
        }
        if (e instanceof NamedReference ref && ref.fieldNames().length == 1 && values.containsKey(ref.fieldNames()[0])) {
            return values.get(ref.fieldNames()[0]);
        }
        throw new NotEvaluable(e.toString());
    }

    @SuppressWarnings("unchecked")
    private static int compare(Object a, Object b) {
        if (a instanceof Double || a instanceof Float || b instanceof Double || b instanceof Float) {
            throw new NotEvaluable("floating-point partition values");
        }
        if (a instanceof Number x && b instanceof Number y && !(a instanceof Decimal) && !(b instanceof Decimal)) {
            return Long.compare(x.longValue(), y.longValue());
        }
        if (a.getClass() != b.getClass() || !(a instanceof Comparable)) {
            throw new NotEvaluable("cannot compare " + a.getClass().getSimpleName() + " with "
                    + b.getClass().getSimpleName());
        }
        return ((Comparable<Object>) a).compareTo(b);
    }

    /**
     * The columns a predicate references (top-level names; nested references as their first name).
     *
     * @param p a predicate
     * @param out where to add them
     */
    static void references(Expression p, Set<String> out) {
        if (p instanceof NamedReference ref) {
            out.add(ref.fieldNames()[0]);
            return;
        }
        for (Expression child : p.children()) {
            references(child, out);
        }
    }

    /**
     * The predicates of a conjunction as a value: equal for conjunctions that differ only in the order
     * of their conjuncts, of the operands of {@code AND}, {@code OR}, {@code =}, {@code <>} and
     * {@code <=>}, of an {@code IN} list's values, or in repeated terms. Spark writes the filter it
     * infers for both sides of a join in either order ({@code n = 'A' OR n = 'B'} and
     * {@code n = 'B' OR n = 'A'}); scans compared on this form are still recognised as equal.
     * Expressions and literals this does not model are equal to nothing, not even themselves.
     *
     * @param predicates conjuncts
     * @return their canonical texts, sorted, without repeats
     */
    static Set<String> canonical(Predicate[] predicates) {
        Set<String> out = new TreeSet<>();
        for (Predicate p : predicates) {
            out.add(canonical(p));
        }
        return out;
    }

    private static String canonical(Expression e) {
        if (e instanceof Literal<?> l) {
            Object v = l.value();
            String text;
            if (v instanceof byte[] b) {
                text = HexFormat.of().formatHex(b);
            } else if (v == null || v instanceof UTF8String || v instanceof String || v instanceof Number || v instanceof Boolean
                    || v instanceof Decimal) {
                text = String.valueOf(v); // these print their value
            } else {
                return opaque(); // arrays, maps, structs: their text need not show the value
            }
            return "lit(" + l.dataType().catalogString() + ":" + text.length() + ":" + text + ")";
        }
        if (e instanceof NamedReference r) {
            StringBuilder out = new StringBuilder("col(");
            for (String name : r.fieldNames()) {
                out.append(name.length()).append(':').append(name);
            }
            return out.append(')').toString();
        }
        if (!(e instanceof GeneralScalarExpression g) || g.name().equals("IN") && g.children().length == 0) {
            return opaque();
        }
        String name = g.name();
        Expression[] c = g.children();
        Collection<String> operands = switch (name) {
            case "AND", "OR" -> {
                Set<String> terms = new TreeSet<>();
                flatten(g, name, terms);
                yield terms;
            }
            case "=", "<>", "<=>" -> {
                List<String> both = new ArrayList<>();
                for (Expression x : c) {
                    both.add(canonical(x));
                }
                Collections.sort(both);
                yield both;
            }
            case "IN" -> {
                List<String> in = new ArrayList<>();
                in.add(canonical(c[0]));
                Set<String> values = new TreeSet<>();
                for (int k = 1; k < c.length; k++) {
                    values.add(canonical(c[k]));
                }
                in.addAll(values);
                yield in;
            }
            default -> {
                List<String> all = new ArrayList<>();
                for (Expression x : c) {
                    all.add(canonical(x));
                }
                yield all;
            }
        };
        return name.length() + ":" + name + operands;
    }

    /** A text no other expression gets, so that what is not modelled equals nothing else. */
    private static String opaque() {
        return "opaque#" + OPAQUE.incrementAndGet();
    }

    /** Adds the canonical texts of the terms of a chain of {@code op} (AND or OR). */
    private static void flatten(Expression e, String op, Set<String> terms) {
        if (e instanceof GeneralScalarExpression g && g.name().equals(op)) {
            for (Expression child : g.children()) {
                flatten(child, op, terms);
            }
        } else {
            terms.add(canonical(e));
        }
    }
}
