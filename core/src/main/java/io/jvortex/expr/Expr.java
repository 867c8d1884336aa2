package io.jvortex.expr;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.scalar.Scalar;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A row predicate (or a value inside one) over a table's columns: column references, literals,
 * comparisons, boolean connectives, {@code IN}, {@code IS [NOT] NULL}, {@code BETWEEN}, {@code LIKE}
 * and starts-with. Closed set: handle it with an exhaustive {@code switch}.
 *
 * <p>Evaluation follows SQL's three-valued logic: a comparison with a null operand is null,
 * {@code NULL AND FALSE} is false, {@code NULL OR TRUE} is true, {@code NOT NULL} is null; a filter
 * keeps only rows where the predicate is true. Build expressions with the static methods
 * ({@code and(col("l_quantity").gt(lit(45)), col("l_shipmode").in(lit("AIR"), lit("MAIL")))}) or
 * parse the text syntax with {@link #parse(String)}; check them against a schema with
 * {@link #bind(DType)} (scans do this themselves).
 */
public sealed interface Expr {

    /** Comparison operators. */
    enum Op {
        /** {@code =} */
        EQ("="),
        /** {@code !=} */
        NE("!="),
        /** {@code <} */
        LT("<"),
        /** {@code <=} */
        LE("<="),
        /** {@code >} */
        GT(">"),
        /** {@code >=} */
        GE(">=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        /** @return the SQL symbol */
        public String symbol() {
            return symbol;
        }

        /** @return the operator with its operands swapped ({@code a < b} ≡ {@code b > a}) */
        public Op flip() {
            return switch (this) {
                case EQ, NE -> this;
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
            };
        }

        /** @return the operator of the negated comparison over non-null operands */
        public Op negate() {
            return switch (this) {
                case EQ -> NE;
                case NE -> EQ;
                case LT -> GE;
                case LE -> GT;
                case GT -> LE;
                case GE -> LT;
            };
        }
    }

    /**
     * A column, possibly nested: {@code ["point", "x"]} is field {@code x} of struct column {@code point}.
     *
     * @param path field names from the root down
     */
    record Column(List<String> path) implements Expr {
        /** Validates and copies the path. */
        public Column {
            path = List.copyOf(path);
            if (path.isEmpty()) {
                throw new IllegalArgumentException("path must name at least one field");
            }
        }

        /** @return the path joined with dots */
        public String name() {
            return String.join(".", path);
        }
    }

    /**
     * A constant.
     *
     * @param value the value and its type ({@link DType.Null} for an untyped {@code NULL})
     */
    record Literal(Scalar value) implements Expr {
        /** Validates the value. */
        public Literal {
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * {@code left op right}.
     *
     * @param op the operator
     * @param left left operand
     * @param right right operand
     */
    record Compare(Op op, Expr left, Expr right) implements Expr {
        /** Validates the components. */
        public Compare {
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
        }
    }

    /**
     * {@code left AND right}.
     *
     * @param left left operand
     * @param right right operand
     */
    record And(Expr left, Expr right) implements Expr {
        /** Validates the components. */
        public And {
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
        }
    }

    /**
     * {@code left OR right}.
     *
     * @param left left operand
     * @param right right operand
     */
    record Or(Expr left, Expr right) implements Expr {
        /** Validates the components. */
        public Or {
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
        }
    }

    /**
     * {@code NOT child}.
     *
     * @param child the negated predicate
     */
    record Not(Expr child) implements Expr {
        /** Validates the component. */
        public Not {
            Objects.requireNonNull(child, "child");
        }
    }

    /**
     * {@code value IN (list…)}: true when equal to an item; otherwise null when the value or an item
     * is null, else false.
     *
     * @param value the tested value
     * @param list the items (literals)
     */
    record In(Expr value, List<Expr> list) implements Expr {
        /** Validates and copies the components. */
        public In {
            Objects.requireNonNull(value, "value");
            list = List.copyOf(list);
            if (list.isEmpty()) {
                throw new IllegalArgumentException("list must not be empty");
            }
        }
    }

    /**
     * {@code child IS NULL}: never null itself.
     *
     * @param child the tested value
     */
    record IsNull(Expr child) implements Expr {
        /** Validates the component. */
        public IsNull {
            Objects.requireNonNull(child, "child");
        }
    }

    /**
     * {@code child IS NOT NULL}: never null itself.
     *
     * @param child the tested value
     */
    record IsNotNull(Expr child) implements Expr {
        /** Validates the component. */
        public IsNotNull {
            Objects.requireNonNull(child, "child");
        }
    }

    /**
     * {@code value BETWEEN low AND high}, both ends inclusive: {@code value >= low AND value <= high}.
     *
     * @param value the tested value
     * @param low lower bound
     * @param high upper bound
     */
    record Between(Expr value, Expr low, Expr high) implements Expr {
        /** Validates the components. */
        public Between {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(low, "low");
            Objects.requireNonNull(high, "high");
        }
    }

    /**
     * {@code value LIKE pattern}: {@code %} matches any run of characters, {@code _} exactly one
     * character, a backslash makes the next character literal; case-sensitive.
     *
     * @param value a string value
     * @param pattern the pattern
     */
    record Like(Expr value, String pattern) implements Expr {
        /** Validates the components. */
        public Like {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(pattern, "pattern");
        }
    }

    /**
     * True when a string (or binary) value begins with the prefix.
     *
     * @param value a string or binary value
     * @param prefix the prefix (UTF-8 bytes are compared)
     */
    record StartsWith(Expr value, String prefix) implements Expr {
        /** Validates the components. */
        public StartsWith {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(prefix, "prefix");
        }
    }

    // ---------------------------------------------------------------------------------------------
    // fluent operators

    /**
     * @param other right operand
     * @return {@code this = other}
     */
    default Expr eq(Expr other) {
        return new Compare(Op.EQ, this, other);
    }

    /**
     * @param other right operand
     * @return {@code this != other}
     */
    default Expr ne(Expr other) {
        return new Compare(Op.NE, this, other);
    }

    /**
     * @param other right operand
     * @return {@code this < other}
     */
    default Expr lt(Expr other) {
        return new Compare(Op.LT, this, other);
    }

    /**
     * @param other right operand
     * @return {@code this <= other}
     */
    default Expr le(Expr other) {
        return new Compare(Op.LE, this, other);
    }

    /**
     * @param other right operand
     * @return {@code this > other}
     */
    default Expr gt(Expr other) {
        return new Compare(Op.GT, this, other);
    }

    /**
     * @param other right operand
     * @return {@code this >= other}
     */
    default Expr ge(Expr other) {
        return new Compare(Op.GE, this, other);
    }

    /**
     * @param items literals
     * @return {@code this IN (items…)}
     */
    default Expr in(Expr... items) {
        return new In(this, List.of(items));
    }

    /**
     * @param low lower bound (inclusive)
     * @param high upper bound (inclusive)
     * @return {@code this BETWEEN low AND high}
     */
    default Expr between(Expr low, Expr high) {
        return new Between(this, low, high);
    }

    /** @return {@code this IS NULL} */
    default Expr isNull() {
        return new IsNull(this);
    }

    /** @return {@code this IS NOT NULL} */
    default Expr isNotNull() {
        return new IsNotNull(this);
    }

    /**
     * @param pattern a LIKE pattern
     * @return {@code this LIKE pattern}
     */
    default Expr like(String pattern) {
        return new Like(this, pattern);
    }

    /**
     * @param prefix a prefix
     * @return true where this value starts with the prefix
     */
    default Expr startsWith(String prefix) {
        return new StartsWith(this, prefix);
    }

    /**
     * Type-checks this predicate against a schema.
     *
     * @param schema the table's dtype (a struct)
     * @return the checked predicate with its literals converted to the columns' types
     * @throws IllegalArgumentException naming the offending column and types when it does not type-check
     */
    default BoundPredicate bind(DType schema) {
        return Binder.bind(this, schema);
    }

    /** @return the expression in the text syntax of {@link #parse(String)} */
    default String sql() {
        return ExprText.render(this);
    }

    // ---------------------------------------------------------------------------------------------
    // static constructors

    /**
     * Parses the text syntax, e.g. {@code l_quantity > 45 AND l_shipmode IN ('AIR', 'MAIL')}.
     *
     * @param text the expression
     * @return the expression
     * @throws ExprSyntaxException with the character position of the problem
     */
    static Expr parse(String text) {
        return ExprParser.parse(text);
    }

    /**
     * @param dottedPath a column name, or a nested path {@code a.b.c}
     * @return the column reference
     */
    static Column col(String dottedPath) {
        Objects.requireNonNull(dottedPath, "dottedPath");
        return new Column(List.of(dottedPath.split("\\.", -1)));
    }

    /**
     * @param path field names from the root down (names may contain dots)
     * @return the column reference
     */
    static Column colPath(String... path) {
        return new Column(List.of(path));
    }

    /**
     * @param value a literal value of any dtype
     * @return the literal
     */
    static Literal lit(Scalar value) {
        return new Literal(value);
    }

    /**
     * @param value an integer
     * @return an {@code i64} literal
     */
    static Literal lit(long value) {
        return new Literal(new Scalar(new DType.Primitive(PType.I64, false), value));
    }

    /**
     * @param value a float
     * @return an {@code f64} literal
     */
    static Literal lit(double value) {
        return new Literal(new Scalar(new DType.Primitive(PType.F64, false), value));
    }

    /**
     * @param value a boolean
     * @return a {@code bool} literal
     */
    static Literal lit(boolean value) {
        return new Literal(new Scalar(new DType.Bool(false), value));
    }

    /**
     * @param value a string
     * @return a {@code utf8} literal
     */
    static Literal lit(String value) {
        Objects.requireNonNull(value, "value");
        return new Literal(new Scalar(new DType.Utf8(false), value.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * @param value bytes
     * @return a {@code binary} literal
     */
    static Literal lit(byte[] value) {
        Objects.requireNonNull(value, "value");
        return new Literal(new Scalar(new DType.Binary(false), value.clone()));
    }

    /**
     * @param value a decimal number
     * @return a {@code decimal(p, s)} literal with the number's own precision and scale; a negative scale
     *     is widened to 0 unless that would need more than 76 digits (e.g. {@code 9.9E+77})
     */
    static Literal lit(BigDecimal value) {
        Objects.requireNonNull(value, "value");
        BigDecimal v = value.setScale(Math.max(0, value.scale()));
        if (v.precision() > DType.Decimal.MAX_PRECISION && value.scale() < 0) {
            v = value; // keep the negative scale: decimal(p, -s) holds unscaled × 10^s
        }
        int scale = v.scale();
        int precision = Math.max(Math.max(1, v.precision()), scale);
        if (precision > DType.Decimal.MAX_PRECISION) {
            throw new IllegalArgumentException("decimal literal " + value + " has more than 76 digits");
        }
        return new Literal(new Scalar(new DType.Decimal(precision, scale, false), v.unscaledValue()));
    }

    /**
     * @param value a date
     * @return a {@code vortex.date(days)} literal
     */
    static Literal lit(LocalDate value) {
        Objects.requireNonNull(value, "value");
        return new Literal(new Scalar(Extensions.date(TimeUnit.DAYS, false), value.toEpochDay()));
    }

    /**
     * @param value a local date-time, taken as UTC
     * @return a {@code vortex.timestamp} literal (see {@link #lit(Instant)})
     */
    static Literal lit(LocalDateTime value) {
        Objects.requireNonNull(value, "value");
        return lit(value.toInstant(ZoneOffset.UTC));
    }

    /**
     * @param value an instant
     * @return a {@code vortex.timestamp} literal in nanoseconds, or in the finest of µs, ms and s that
     *     holds it exactly when nanoseconds overflow 64 bits (after the year 2262)
     */
    static Literal lit(Instant value) {
        Objects.requireNonNull(value, "value");
        BigInteger seconds = BigInteger.valueOf(value.getEpochSecond());
        long nano = value.getNano();
        TimeUnit[] units = {TimeUnit.NANOSECONDS, TimeUnit.MICROSECONDS, TimeUnit.MILLISECONDS, TimeUnit.SECONDS};
        for (TimeUnit unit : units) {
            long perSecond = unit.ticksPerSecond();
            long nanosPerTick = 1_000_000_000L / perSecond;
            if (nano % nanosPerTick != 0) {
                break;
            }
            BigInteger ticks = seconds.multiply(BigInteger.valueOf(perSecond)).add(BigInteger.valueOf(nano / nanosPerTick));
            if (ticks.bitLength() <= 63) {
                return new Literal(new Scalar(Extensions.timestamp(unit, null, false), ticks.longValue()));
            }
        }
        throw new IllegalArgumentException("timestamp " + value + " does not fit a 64-bit timestamp at its precision");
    }

    /** @return the untyped {@code NULL} literal */
    static Literal nullLit() {
        return new Literal(Scalar.nullOf(new DType.Null()));
    }

    /**
     * @param first a predicate
     * @param more more predicates
     * @return their conjunction, left-deep
     */
    static Expr and(Expr first, Expr... more) {
        Expr out = Objects.requireNonNull(first, "first");
        for (Expr e : more) {
            out = new And(out, e);
        }
        return out;
    }

    /**
     * @param first a predicate
     * @param more more predicates
     * @return their disjunction, left-deep
     */
    static Expr or(Expr first, Expr... more) {
        Expr out = Objects.requireNonNull(first, "first");
        for (Expr e : more) {
            out = new Or(out, e);
        }
        return out;
    }

    /**
     * @param child a predicate
     * @return {@code NOT child}
     */
    static Expr not(Expr child) {
        return new Not(child);
    }

    /**
     * @param value the tested value
     * @param items literals
     * @return {@code value IN (items…)}
     */
    static Expr in(Expr value, List<? extends Expr> items) {
        return new In(value, new ArrayList<>(items));
    }
}
