package io.jvortex.spark;

import java.io.Serial;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.Cast;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.GeneralScalarExpression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Avg;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A grouped aggregation that each scan task computes over its own rows, for Spark to merge: Spark's
 * partial aggregate push-down ({@code supportCompletePushDown} false). The scan outputs one row per group
 * and task: the group columns, then each aggregate's partial value in the type Spark's merge expects.
 *
 * <p>Only what comes out exactly as Spark's own aggregation is taken: group columns of boolean, integer,
 * date, timestamp, decimal (up to 18 digits) and string type; {@code COUNT(*)}, {@code COUNT} and
 * {@code SUM} of integer and decimal columns and of {@code +}, {@code -}, {@code *} and widening casts over
 * them, {@code MIN}/{@code MAX} of such columns. Every value is computed in longs at the exact scale, so
 * the aggregation is taken only when the columns' statistics prove that no intermediate value leaves a
 * long, that Spark's result types keep the exact scale (no rounding) and that no partial sum can overflow
 * the type Spark casts it to: where Spark would round, overflow or fail, Spark aggregates itself.
 */
final class GroupedAggregation implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    /** The columns the scan reads, in batch order. */
    private final StructType read;
    /** Per group column: its index in {@link #read}. */
    private final int[] keys;
    private final Agg[] aggs;
    private final StructType output;
    private final String text;
    private final int maxGroups;

    private GroupedAggregation(StructType read, int[] keys, Agg[] aggs, StructType output, String text,
            int maxGroups) {
        this.maxGroups = maxGroups;
        this.read = read;
        this.keys = keys;
        this.aggs = aggs;
        this.output = output;
        this.text = text;
    }

    /** @return the columns the scan must read */
    StructType read() {
        return read;
    }

    /** @return the scan's output: group columns, then the partial aggregates */
    StructType output() {
        return output;
    }

    /** @return the pushed aggregates and group columns, for EXPLAIN */
    String describe() {
        return text;
    }

    /**
     * The value bounds of a column over the scanned files, from their statistics.
     */
    interface Bounds {
        /**
         * @param column a data column
         * @param type its Spark type
         * @return its minimum and maximum unscaled values, or null when statistics do not know them (or it
         *     is no data column)
         */
        BigInteger[] of(String column, DataType type);
    }

    /**
     * Compiles Spark's aggregation, or says it cannot be computed exactly.
     *
     * @param aggregation what Spark pushes
     * @param columns the table's columns (data and partition)
     * @param bounds the data columns' value bounds
     * @param rows the rows the scan reads at most (bounds the partial sums)
     * @param allowPrecisionLoss Spark's {@code spark.sql.decimalOperations.allowPrecisionLoss}
     * @param maxGroups the groups a task holds before it hands them over ({@link #MAX_GROUPS} by default)
     * @return the compiled aggregation, or null
     */
    static GroupedAggregation compile(Aggregation aggregation, StructType columns, Bounds bounds, long rows,
            boolean allowPrecisionLoss, int maxGroups) {
        Compiler c = new Compiler(columns, bounds, allowPrecisionLoss);
        List<StructField> out = new ArrayList<>();
        List<String> groupText = new ArrayList<>();
        int[] keys = new int[aggregation.groupByExpressions().length];
        if (keys.length > 63) {
            return null; // a long marks the null keys
        }
        for (int i = 0; i < keys.length; i++) {
            Expression e = aggregation.groupByExpressions()[i];
            String name = c.name(e);
            if (name == null) {
                return null;
            }
            StructField f = c.field(name);
            if (!keyType(f.dataType())) {
                return null;
            }
            keys[i] = c.index(name);
            out.add(new StructField(f.name(), f.dataType(), true, Metadata.empty()));
            groupText.add(name);
        }
        AggregateFunc[] funcs = aggregation.aggregateExpressions();
        Agg[] aggs = new Agg[funcs.length];
        List<String> aggText = new ArrayList<>();
        for (int i = 0; i < funcs.length; i++) {
            aggs[i] = c.aggregate(funcs[i], rows);
            if (aggs[i] == null) {
                return null;
            }
            out.add(new StructField("agg_" + i, aggs[i].type(), true, Metadata.empty()));
            aggText.add(funcs[i].toString());
        }
        StructType read = new StructType(c.read.values().toArray(StructField[]::new));
        String text = "PushedAggregates: [" + String.join(", ", aggText) + "], PushedGroupBy: ["
                + String.join(", ", groupText) + "]";
        return new GroupedAggregation(read, keys, aggs, new StructType(out.toArray(StructField[]::new)), text,
                Math.max(1, maxGroups));
    }

    /**
     * Whether Spark, aggregating the rows itself, computes one of the aggregation's averages through
     * doubles where the pushed-down average would be exact, so that the two could differ:
     * <ul>
     *   <li>its optimizer (rule {@code DecimalAggregates}) averages a decimal expression of precision
     *       {@code p <= 11} as the double mean of its unscaled values divided by {@code 10^scale}, then rounds
     *       that to the result's scale, while the pushed-down average divides the pushed sum by the pushed
     *       count exactly: they round apart at ties (-8.2408125 is -8.240813 exactly, -8.240812 through the
     *       double);</li>
     *   <li>it sums an integer expression as doubles, which is exact only while every partial sum stays within
     *       2^53 (2^53 + 1 plus 1 is 2^53 in doubles); the pushed-down sum is an exact long, cast once.</li>
     * </ul>
     * Such an aggregation is left to Spark, so that its results do not depend on the push-down.
     *
     * @param aggregation the aggregation as Spark first offers it (averages not yet split into sums and counts)
     * @param columns the table's columns (data and partition)
     * @param bounds the data columns' value bounds
     * @param rows the rows the scan reads at most
     * @param allowPrecisionLoss Spark's {@code spark.sql.decimalOperations.allowPrecisionLoss}
     * @return true when an average may go through doubles, or its expression is not known
     */
    static boolean averagesThroughDoubles(Aggregation aggregation, StructType columns, Bounds bounds, long rows,
            boolean allowPrecisionLoss) {
        Compiler c = new Compiler(columns, bounds, allowPrecisionLoss);
        BigInteger n = BigInteger.valueOf(Math.max(rows, 1));
        for (AggregateFunc f : aggregation.aggregateExpressions()) {
            if (f instanceof Avg avg) {
                Node node = c.node(avg.column());
                if (node == null) {
                    return true;
                }
                if (node.type instanceof DecimalType d ? d.precision() + 4 <= MAX_DOUBLE_DIGITS
                        : node.lo.abs().max(node.hi.abs()).multiply(n).compareTo(EXACT_DOUBLES) > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The integers doubles hold exactly: up to 2^53. */
    private static final BigInteger EXACT_DOUBLES = BigInteger.ONE.shiftLeft(53);

    /** The decimal digits Spark's {@code DecimalAggregates} trusts a double with. */
    private static final int MAX_DOUBLE_DIGITS = 15;

    private static boolean keyType(DataType t) {
        return t instanceof BooleanType || t instanceof ByteType || t instanceof ShortType
                || t instanceof IntegerType || t instanceof LongType || t instanceof DateType
                || t instanceof TimestampType || t instanceof TimestampNTZType
                || t instanceof DecimalType d && d.precision() <= 18 || DataTypes.StringType.equals(t);
    }

    /** Whether a column's values are read as longs: integers and decimals of up to 18 digits. */
    private static boolean numeric(DataType t) {
        return t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType || t instanceof LongType
                || t instanceof DecimalType d && d.precision() <= 18;
    }

    /** Whether an expression of a type may be computed in longs (when its bounds allow): integers, decimals. */
    private static boolean computed(DataType t) {
        return t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType || t instanceof LongType
                || t instanceof DecimalType;
    }

    private static int scale(DataType t) {
        return t instanceof DecimalType d ? d.scale() : 0;
    }

    /** The largest magnitude a value of a type may have (unscaled for decimals). */
    private static BigInteger limit(DataType t) {
        return switch (t) {
            case ByteType b -> BigInteger.valueOf(Byte.MAX_VALUE);
            case ShortType s -> BigInteger.valueOf(Short.MAX_VALUE);
            case IntegerType i -> BigInteger.valueOf(Integer.MAX_VALUE);
            case LongType l -> LONG_MAX;
            case DecimalType d -> BigInteger.TEN.pow(d.precision()).subtract(BigInteger.ONE);
            default -> BigInteger.ZERO;
        };
    }

    private static boolean fits(BigInteger lo, BigInteger hi, BigInteger limit) {
        return lo.abs().compareTo(limit) <= 0 && hi.abs().compareTo(limit) <= 0;
    }

    /** Translates Spark's expressions, collecting the columns they read. */
    private static final class Compiler {
        private final StructType columns;
        private final Bounds bounds;
        private final boolean allowPrecisionLoss;
        final Map<String, StructField> read = new LinkedHashMap<>();

        Compiler(StructType columns, Bounds bounds, boolean allowPrecisionLoss) {
            this.columns = columns;
            this.bounds = bounds;
            this.allowPrecisionLoss = allowPrecisionLoss;
        }

        String name(Expression e) {
            if (!(e instanceof NamedReference ref) || ref.fieldNames().length != 1) {
                return null;
            }
            scala.Option<Object> i = columns.getFieldIndexCaseInsensitive(ref.fieldNames()[0]);
            return i.isDefined() ? columns.fields()[(Integer) i.get()].name() : null;
        }

        StructField field(String name) {
            return columns.fields()[columns.fieldIndex(name)];
        }

        int index(String name) {
            read.putIfAbsent(name, field(name));
            return new ArrayList<>(read.keySet()).indexOf(name);
        }

        Agg aggregate(AggregateFunc f, long rows) {
            BigInteger n = BigInteger.valueOf(Math.max(rows, 1));
            return switch (f) {
                case CountStar s -> new CountAgg(-1, null);
                case Count c when !c.isDistinct() -> {
                    String name = name(c.column());
                    if (name != null) {
                        yield new CountAgg(index(name), null);
                    }
                    Node node = node(c.column());
                    yield node == null ? null : new CountAgg(-1, node);
                }
                case Sum s when !s.isDistinct() -> {
                    Node node = node(s.column());
                    // Spark merges the partial sums cast to the summed expression's type: they must fit it
                    if (node == null || !fits(node.lo.multiply(n), node.hi.multiply(n), limit(node.type))) {
                        yield null;
                    }
                    yield new SumAgg(node);
                }
                case Min m -> extreme(m.column(), false);
                case Max m -> extreme(m.column(), true);
                default -> null;
            };
        }

        private Agg extreme(Expression e, boolean max) {
            String name = name(e);
            if (name == null) {
                return null;
            }
            DataType t = field(name).dataType();
            if (!(numeric(t) || t instanceof DateType || t instanceof TimestampType || t instanceof TimestampNTZType)) {
                return null;
            }
            // no bounds needed: the values are only compared
            return new ExtremeAgg(new Column(index(name), t, BigInteger.ZERO, BigInteger.ZERO), max);
        }

        /** @return the expression's node, or null when it is not computed exactly in longs */
        Node node(Expression e) {
            String name = name(e);
            if (name != null) {
                DataType t = field(name).dataType();
                BigInteger[] b = numeric(t) ? bounds.of(name, t) : null;
                return b == null ? null : new Column(index(name), t, b[0], b[1]);
            }
            return switch (e) {
                case Literal<?> lit -> literal(lit);
                case Cast cast -> cast(cast);
                case GeneralScalarExpression g when g.children().length == 2
                        && (g.name().equals("+") || g.name().equals("-") || g.name().equals("*")) ->
                    arithmetic(g.name().charAt(0), node(g.children()[0]), node(g.children()[1]));
                default -> null;
            };
        }

        private static Node literal(Literal<?> lit) {
            DataType t = lit.dataType();
            if (!computed(t) || lit.value() == null) {
                return null;
            }
            long v = switch (lit.value()) {
                case Decimal d when d.scale() == scale(t) && d.toJavaBigDecimal().unscaledValue().bitLength() < 63 ->
                    d.toJavaBigDecimal().unscaledValue().longValue();
                case Byte b -> b;
                case Short s -> s;
                case Integer i -> i;
                case Long l -> l;
                default -> Long.MIN_VALUE;
            };
            if (v == Long.MIN_VALUE) {
                return null;
            }
            BigInteger b = BigInteger.valueOf(v);
            return new Constant(t, v, b);
        }

        private Node cast(Cast cast) {
            Node child = node(cast.expression());
            DataType to = cast.dataType();
            if (child == null || !computed(to)) {
                return null;
            }
            if (child.type instanceof DecimalType && !(to instanceof DecimalType)) {
                return null; // truncation
            }
            int up = scale(to) - scale(child.type);
            if (up < 0) {
                return null; // rounding
            }
            BigInteger f = BigInteger.TEN.pow(up);
            BigInteger lo = child.lo.multiply(f);
            BigInteger hi = child.hi.multiply(f);
            // a value that does not fit makes Spark return null or fail
            return fits(lo, hi, limit(to)) && longs(lo, hi) ? new Rescale(child, to, f.longValueExact(), lo, hi) : null;
        }

        private Node arithmetic(char op, Node l, Node r) {
            if (l == null || r == null) {
                return null;
            }
            DataType type;
            long fl = 1;
            long fr = 1;
            if (l.type instanceof DecimalType a && r.type instanceof DecimalType b) {
                int p;
                int s;
                if (op == '*') {
                    s = a.scale() + b.scale();
                    p = a.precision() + b.precision() + 1;
                } else {
                    s = Math.max(a.scale(), b.scale());
                    p = Math.max(a.precision() - a.scale(), b.precision() - b.scale()) + s + 1;
                    fl = BigInteger.TEN.pow(s - a.scale()).longValueExact();
                    fr = BigInteger.TEN.pow(s - b.scale()).longValueExact();
                }
                DecimalType result = resultType(p, s);
                if (result == null || result.scale() != s) {
                    return null; // Spark rounds
                }
                type = result;
            } else if (l.type.equals(r.type) && !(l.type instanceof DecimalType)) {
                type = l.type;
            } else {
                return null;
            }
            BigInteger lo;
            BigInteger hi;
            BigInteger ll = l.lo.multiply(BigInteger.valueOf(fl));
            BigInteger lh = l.hi.multiply(BigInteger.valueOf(fl));
            BigInteger rl = r.lo.multiply(BigInteger.valueOf(fr));
            BigInteger rh = r.hi.multiply(BigInteger.valueOf(fr));
            switch (op) {
                case '+' -> {
                    lo = ll.add(rl);
                    hi = lh.add(rh);
                }
                case '-' -> {
                    lo = ll.subtract(rh);
                    hi = lh.subtract(rl);
                }
                default -> {
                    BigInteger[] p = {ll.multiply(rl), ll.multiply(rh), lh.multiply(rl), lh.multiply(rh)};
                    lo = Arrays.stream(p).min(BigInteger::compareTo).orElseThrow();
                    hi = Arrays.stream(p).max(BigInteger::compareTo).orElseThrow();
                }
            }
            if (!fits(lo, hi, limit(type)) || !longs(lo, hi) || !longs(ll, lh) || !longs(rl, rh)) {
                return null;
            }
            return new Arithmetic(op, l, r, fl, fr, type, lo, hi);
        }

        /** Spark's result type for a decimal operation of this exact precision and scale. */
        private DecimalType resultType(int precision, int scale) {
            if (precision <= DecimalType.MAX_PRECISION()) {
                return DataTypes.createDecimalType(precision, scale);
            }
            if (!allowPrecisionLoss) {
                return DataTypes.createDecimalType(DecimalType.MAX_PRECISION(),
                        Math.min(scale, DecimalType.MAX_SCALE()));
            }
            if (scale < 0) {
                return null;
            }
            int intDigits = precision - scale;
            int adjusted = Math.max(DecimalType.MAX_PRECISION() - intDigits, Math.min(scale, 6));
            return DataTypes.createDecimalType(DecimalType.MAX_PRECISION(), adjusted);
        }

        private static boolean longs(BigInteger lo, BigInteger hi) {
            return lo.compareTo(LONG_MIN) > 0 && hi.compareTo(LONG_MAX) < 0;
        }
    }

    // ---- expression nodes: each evaluates a batch into longs (unscaled at its type's scale) and nulls

    /** An expression computed in longs, with the bounds its values lie in. */
    private abstract static class Node implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        final DataType type;
        final BigInteger lo;
        final BigInteger hi;

        Node(DataType type, BigInteger lo, BigInteger hi) {
            this.type = type;
            this.lo = lo;
            this.hi = hi;
        }

        /** @return this node's buffers in a task, for a batch of n rows */
        final Buf buf(Buffers buffers, int n) {
            Buf b = buffers.computeIfAbsent(this, k -> new Buf());
            if (b.values.length < n) {
                b.values = new long[n];
                b.nulls = new boolean[n];
                b.filled = 0;
            }
            return b;
        }

        /** Evaluates a batch: its values (unscaled at the type's scale) and nulls. */
        abstract Buf eval(Buffers buffers, ColumnVector[] columns, int n);
    }

    /** A task's buffers per node: the compiled aggregation is shared, its buffers are not. */
    private static final class Buffers extends java.util.IdentityHashMap<Node, Buf> {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    /** A node's values and nulls for one batch. */
    private static final class Buf {
        long[] values = new long[0];
        boolean[] nulls = new boolean[0];
        /** Whether {@link #nulls} marks any row of the batch. */
        boolean anyNull;
        /** Rows a constant has filled. */
        int filled;
    }

    private static final class Column extends Node {
        @Serial
        private static final long serialVersionUID = 1L;
        private final int index;

        Column(int index, DataType type, BigInteger lo, BigInteger hi) {
            super(type, lo, hi);
            this.index = index;
        }

        @Override
        Buf eval(Buffers buffers, ColumnVector[] columns, int n) {
            Buf b = buf(buffers, n);
            ColumnVector v = columns[index];
            readLongs(v, type, b.values, n);
            b.anyNull = readNulls(v, b.nulls, n);
            return b;
        }
    }

    private static final class Constant extends Node {
        @Serial
        private static final long serialVersionUID = 1L;
        private final long value;

        Constant(DataType type, long value, BigInteger b) {
            super(type, b, b);
            this.value = value;
        }

        @Override
        Buf eval(Buffers buffers, ColumnVector[] columns, int n) {
            Buf b = buf(buffers, n);
            if (b.filled < n) {
                Arrays.fill(b.values, value);
                b.filled = b.values.length;
            }
            return b;
        }
    }

    private static final class Rescale extends Node {
        @Serial
        private static final long serialVersionUID = 1L;
        private final Node child;
        private final long factor;

        Rescale(Node child, DataType type, long factor, BigInteger lo, BigInteger hi) {
            super(type, lo, hi);
            this.child = child;
            this.factor = factor;
        }

        @Override
        Buf eval(Buffers buffers, ColumnVector[] columns, int n) {
            Buf c = child.eval(buffers, columns, n);
            Buf b = buf(buffers, n);
            for (int i = 0; i < n; i++) {
                b.values[i] = Math.multiplyExact(c.values[i], factor);
            }
            b.anyNull = c.anyNull;
            if (c.anyNull) {
                System.arraycopy(c.nulls, 0, b.nulls, 0, n);
            }
            return b;
        }
    }

    private static final class Arithmetic extends Node {
        @Serial
        private static final long serialVersionUID = 1L;
        private final char op;
        private final Node left;
        private final Node right;
        private final long leftFactor;
        private final long rightFactor;

        Arithmetic(char op, Node left, Node right, long leftFactor, long rightFactor, DataType type, BigInteger lo,
                BigInteger hi) {
            super(type, lo, hi);
            this.op = op;
            this.left = left;
            this.right = right;
            this.leftFactor = leftFactor;
            this.rightFactor = rightFactor;
        }

        @Override
        Buf eval(Buffers buffers, ColumnVector[] columns, int n) {
            Buf l = left.eval(buffers, columns, n);
            Buf r = right.eval(buffers, columns, n);
            Buf out = buf(buffers, n);
            long[] values = out.values;
            long[] a = l.values;
            long[] b = r.values;
            // the bounds proved these stay in longs; the exact operations guard against lying statistics
            switch (op) {
                case '+' -> {
                    for (int i = 0; i < n; i++) {
                        values[i] = Math.addExact(Math.multiplyExact(a[i], leftFactor), Math.multiplyExact(b[i], rightFactor));
                    }
                }
                case '-' -> {
                    for (int i = 0; i < n; i++) {
                        values[i] = Math.subtractExact(Math.multiplyExact(a[i], leftFactor),
                                Math.multiplyExact(b[i], rightFactor));
                    }
                }
                default -> {
                    for (int i = 0; i < n; i++) {
                        values[i] = Math.multiplyExact(a[i], b[i]);
                    }
                }
            }
            out.anyNull = l.anyNull || r.anyNull;
            if (out.anyNull) {
                for (int i = 0; i < n; i++) {
                    out.nulls[i] = l.anyNull && l.nulls[i] || r.anyNull && r.nulls[i];
                }
            }
            return out;
        }
    }

    /** Reads a numeric, date or timestamp column as longs (decimals unscaled); nulls read as anything. */
    static void readLongs(ColumnVector v, DataType type, long[] out, int n) {
        if (VortexVectors.readLongs(v, type instanceof DecimalType d ? d.scale() : 0, out, n)) {
            return;
        }
        switch (type) {
            case ByteType b -> {
                for (int i = 0; i < n; i++) {
                    out[i] = v.getByte(i);
                }
            }
            case ShortType s -> {
                for (int i = 0; i < n; i++) {
                    out[i] = v.getShort(i);
                }
            }
            case IntegerType t -> ints(v, out, n);
            case DateType t -> ints(v, out, n);
            case DecimalType d -> {
                if (v instanceof VortexVectors.DecimalVector dv && dv.longsAt(d.scale())) {
                    for (int i = 0; i < n; i++) {
                        out[i] = dv.unscaledLong(i);
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        out[i] = v.isNullAt(i) ? 0 : v.getDecimal(i, d.precision(), d.scale()).toUnscaledLong();
                    }
                }
            }
            case BooleanType b -> {
                for (int i = 0; i < n; i++) {
                    out[i] = v.getBoolean(i) ? 1 : 0;
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    out[i] = v.getLong(i);
                }
            }
        }
    }

    private static void ints(ColumnVector v, long[] out, int n) {
        for (int i = 0; i < n; i++) {
            out[i] = v.getInt(i);
        }
    }

    /** @return whether any row is null, marking them */
    static boolean readNulls(ColumnVector v, boolean[] nulls, int n) {
        if (!v.hasNull()) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            nulls[i] = v.isNullAt(i);
        }
        return true;
    }

    // ---- aggregates: per-group state in arrays indexed by group

    private abstract static class Agg implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        abstract DataType type();

        abstract State state();
    }

    /** One task's per-group values of one aggregate. */
    private abstract static class State {
        abstract void grow(int groups);

        abstract void add(Buffers buffers, ColumnVector[] columns, int[] groups, int n);

        abstract Object value(int group);
    }

    private static long[] grown(long[] a, int groups) {
        return a.length >= groups ? a : Arrays.copyOf(a, Math.max(groups, a.length * 2));
    }

    /** {@code COUNT(*)} (no column, no node), {@code COUNT(column)} or {@code COUNT(expression)}. */
    private static final class CountAgg extends Agg {
        @Serial
        private static final long serialVersionUID = 1L;
        private final int column;
        private final Node node;

        CountAgg(int column, Node node) {
            this.column = column;
            this.node = node;
        }

        @Override
        DataType type() {
            return DataTypes.LongType;
        }

        @Override
        State state() {
            return new State() {
                private long[] counts = new long[16];

                @Override
                void grow(int groups) {
                    counts = grown(counts, groups);
                }

                @Override
                void add(Buffers buffers, ColumnVector[] columns, int[] groups, int n) {
                    if (node != null) {
                        Buf b = node.eval(buffers, columns, n);
                        for (int i = 0; i < n; i++) {
                            counts[groups[i]] += b.anyNull && b.nulls[i] ? 0 : 1;
                        }
                    } else if (column >= 0 && columns[column].hasNull()) {
                        ColumnVector v = columns[column];
                        for (int i = 0; i < n; i++) {
                            counts[groups[i]] += v.isNullAt(i) ? 0 : 1;
                        }
                    } else {
                        for (int i = 0; i < n; i++) {
                            counts[groups[i]]++;
                        }
                    }
                }

                @Override
                Object value(int group) {
                    return counts[group];
                }
            };
        }
    }

    /** {@code SUM} in 128 bits per group, null for a group without a value. */
    private static final class SumAgg extends Agg {
        @Serial
        private static final long serialVersionUID = 1L;
        private final Node node;

        SumAgg(Node node) {
            this.node = node;
        }

        @Override
        DataType type() {
            return node.type;
        }

        @Override
        State state() {
            return new State() {
                private long[] low = new long[16];
                private long[] high = new long[16];
                private long[] counts = new long[16];

                @Override
                void grow(int groups) {
                    low = grown(low, groups);
                    high = grown(high, groups);
                    counts = grown(counts, groups);
                }

                @Override
                void add(Buffers buffers, ColumnVector[] columns, int[] groups, int n) {
                    Buf b = node.eval(buffers, columns, n);
                    long[] v = b.values;
                    boolean[] nulls = b.nulls;
                    boolean anyNull = b.anyNull;
                    for (int i = 0; i < n; i++) {
                        if (anyNull && nulls[i]) {
                            continue;
                        }
                        int g = groups[i];
                        long x = v[i];
                        long lo = low[g];
                        long sum = lo + x;
                        // the carry out of the low words, plus the sign extension of x
                        high[g] += (x >> 63) + (Long.compareUnsigned(sum, lo) < 0 ? 1 : 0);
                        low[g] = sum;
                        counts[g]++;
                    }
                }

                @Override
                Object value(int group) {
                    if (counts[group] == 0) {
                        return null;
                    }
                    long lo = low[group];
                    long hi = high[group];
                    if (node.type instanceof DecimalType d) {
                        if (hi == lo >> 63 && d.precision() <= Decimal.MAX_LONG_DIGITS()) {
                            return Decimal.createUnsafe(lo, d.precision(), d.scale());
                        }
                        BigInteger unscaled = hi == lo >> 63 ? BigInteger.valueOf(lo)
                                : BigInteger.valueOf(hi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
                        return Decimal.apply(new BigDecimal(unscaled, d.scale()), d.precision(), d.scale());
                    }
                    // bounded by the type's range when compiled
                    return boxed(node.type, lo);
                }
            };
        }
    }

    /** {@code MIN} or {@code MAX} of a column. */
    private static final class ExtremeAgg extends Agg {
        @Serial
        private static final long serialVersionUID = 1L;
        private final Column column;
        private final boolean max;

        ExtremeAgg(Column column, boolean max) {
            this.column = column;
            this.max = max;
        }

        @Override
        DataType type() {
            return column.type;
        }

        @Override
        State state() {
            DataType type = column.type;
            return new State() {
                private long[] best = new long[16];
                private boolean[] seen = new boolean[16];

                @Override
                void grow(int groups) {
                    best = grown(best, groups);
                    if (seen.length < groups) {
                        seen = Arrays.copyOf(seen, best.length);
                    }
                }

                @Override
                void add(Buffers buffers, ColumnVector[] columns, int[] groups, int n) {
                    Buf b = column.eval(buffers, columns, n);
                    long[] values = b.values;
                    for (int i = 0; i < n; i++) {
                        if (b.anyNull && b.nulls[i]) {
                            continue;
                        }
                        int g = groups[i];
                        long x = values[i];
                        if (!seen[g] || (max ? x > best[g] : x < best[g])) {
                            best[g] = x;
                            seen[g] = true;
                        }
                    }
                }

                @Override
                Object value(int group) {
                    if (!seen[group]) {
                        return null;
                    }
                    if (type instanceof DecimalType d) {
                        return Decimal.createUnsafe(best[group], d.precision(), d.scale());
                    }
                    return boxed(type, best[group]);
                }
            };
        }
    }

    /** A long in Spark's internal form of an integer, date or timestamp type. */
    private static Object boxed(DataType type, long v) {
        return switch (type) {
            case ByteType b -> (byte) v;
            case ShortType s -> (short) v;
            case IntegerType i -> (int) v;
            case DateType d -> (int) v;
            case BooleanType b -> v != 0;
            default -> v;
        };
    }

    // ---- the per-task computation

    /**
     * The groups a task holds by default before it hands them to Spark and starts afresh (option
     * {@code pushDownAggregateMaxGroups}): Spark's final aggregate
     * merges partial rows of the same group from anywhere, so this bounds a task's memory however many
     * groups its rows have (about 40 bytes per group and aggregate, plus the rows handed over).
     */
    static final int MAX_GROUPS = 1 << 18;

    /** @return a task's aggregation over the batches it reads */
    Task task() {
        return new Task();
    }

    /** One task's groups and aggregate states. */
    final class Task {
        /** Per group: its key values, then a mask of its null keys, {@link #width} longs each. */
        private long[] groupKeys;
        private final int width = keys.length + 1;
        private int groups;
        /** Open addressing: group index + 1 per slot, 0 for a free slot. */
        private int[] slots = new int[64];
        private final State[] states = new State[aggs.length];
        private final long[][] keyValues = new long[keys.length][];
        private long[] nullMasks = new long[0];
        private int[] groupOfRow = new int[0];
        /** Strings of more than 7 bytes, by the id their key holds. */
        private final Map<UTF8String, Long> stringIds = new HashMap<>();
        private final List<UTF8String> strings = new ArrayList<>();
        private final Buffers buffers = new Buffers();

        private Task() {
            groupKeys = new long[16 * width];
            for (int i = 0; i < aggs.length; i++) {
                states[i] = aggs[i].state();
                states[i].grow(16);
            }
            if (keys.length == 0) {
                // one group, which exists even when the task reads no row
                groups = 1;
            }
        }

        /** @return whether the task holds its most groups or more, and should hand them over */
        boolean full() {
            return groups >= maxGroups;
        }

        /** Adds a batch of the columns {@link #read()} names, in that order. */
        void add(ColumnarBatch batch) {
            int n = batch.numRows();
            if (n == 0) {
                return;
            }
            ColumnVector[] columns = new ColumnVector[batch.numCols()];
            for (int i = 0; i < columns.length; i++) {
                columns[i] = batch.column(i);
            }
            if (groupOfRow.length < n) {
                groupOfRow = new int[n];
                nullMasks = new long[n];
            }
            if (keys.length > 0) {
                Arrays.fill(nullMasks, 0, n, 0L);
                for (int k = 0; k < keys.length; k++) {
                    if (keyValues[k] == null || keyValues[k].length < n) {
                        keyValues[k] = new long[n];
                    }
                    keyColumn(columns[keys[k]], read.fields()[keys[k]].dataType(), keyValues[k], k, n);
                }
                for (int i = 0; i < n; i++) {
                    groupOfRow[i] = group(i);
                }
            }
            for (State s : states) {
                s.grow(groups);
                s.add(buffers, columns, groupOfRow, n);
            }
        }

        private void keyColumn(ColumnVector v, DataType type, long[] out, int k, int n) {
            if (DataTypes.StringType.equals(type)) {
                for (int i = 0; i < n; i++) {
                    out[i] = v.isNullAt(i) ? 0 : stringKey(v.getUTF8String(i));
                }
            } else {
                readLongs(v, type, out, n);
            }
            if (v.hasNull()) {
                long bit = 1L << k;
                for (int i = 0; i < n; i++) {
                    if (v.isNullAt(i)) {
                        out[i] = 0;
                        nullMasks[i] |= bit;
                    }
                }
            }
        }

        /**
         * A string as a long: up to 7 bytes inline (in the high seven bytes, the length in the low byte),
         * longer ones by an id with 0xFF in the low byte. Byte by byte: {@link UTF8String#getPrefix()} may
         * read 8 bytes from a shorter string, past the end of the memory a vector reads.
         */
        private long stringKey(UTF8String s) {
            int size = s.numBytes();
            if (size <= 7) {
                long key = size;
                for (int i = 0; i < size; i++) {
                    key |= (s.getByte(i) & 0xFFL) << (56 - 8 * i);
                }
                return key;
            }
            Long id = stringIds.get(s);
            if (id == null) {
                UTF8String copy = s.clone(); // the vector's memory belongs to the chunk
                id = (long) strings.size() << 8 | 0xFF;
                strings.add(copy);
                stringIds.put(copy, id);
            }
            return id;
        }

        private UTF8String string(long key) {
            int low = (int) (key & 0xFF);
            if (low == 0xFF) {
                return strings.get((int) (key >>> 8));
            }
            byte[] bytes = new byte[low];
            for (int i = 0; i < low; i++) {
                bytes[i] = (byte) (key >>> (56 - 8 * i));
            }
            return UTF8String.fromBytes(bytes);
        }

        private int group(int row) {
            long h = nullMasks[row];
            for (long[] kv : keyValues) {
                h = (h ^ kv[row]) * 0x9E3779B97F4A7C15L;
            }
            int mask = slots.length - 1;
            int slot = (int) (h ^ h >>> 29) & mask;
            while (true) {
                int g = slots[slot] - 1;
                if (g < 0) {
                    return insert(row, slot);
                }
                if (sameKey(g, row)) {
                    return g;
                }
                slot = slot + 1 & mask;
            }
        }

        private boolean sameKey(int g, int row) {
            int base = g * width;
            for (int k = 0; k < keys.length; k++) {
                if (groupKeys[base + k] != keyValues[k][row]) {
                    return false;
                }
            }
            return groupKeys[base + keys.length] == nullMasks[row];
        }

        private int insert(int row, int slot) {
            int g = groups++;
            if (groupKeys.length < groups * width) {
                groupKeys = Arrays.copyOf(groupKeys, groupKeys.length * 2);
            }
            int base = g * width;
            for (int k = 0; k < keys.length; k++) {
                groupKeys[base + k] = keyValues[k][row];
            }
            groupKeys[base + keys.length] = nullMasks[row];
            slots[slot] = g + 1;
            if (groups * 2 > slots.length) {
                rehash();
            }
            for (State s : states) {
                s.grow(groups);
            }
            return g;
        }

        private void rehash() {
            int[] next = new int[slots.length * 2];
            int mask = next.length - 1;
            for (int g = 0; g < groups; g++) {
                int base = g * width;
                long h = groupKeys[base + keys.length];
                for (int k = 0; k < keys.length; k++) {
                    h = (h ^ groupKeys[base + k]) * 0x9E3779B97F4A7C15L;
                }
                int slot = (int) (h ^ h >>> 29) & mask;
                while (next[slot] != 0) {
                    slot = slot + 1 & mask;
                }
                next[slot] = g + 1;
            }
            slots = next;
        }

        /** @return the task's rows: one per group, group columns then partial aggregates */
        List<InternalRow> rows() {
            List<InternalRow> out = new ArrayList<>(groups);
            for (int g = 0; g < groups; g++) {
                Object[] values = new Object[keys.length + aggs.length];
                long nullMask = groupKeys[g * width + keys.length];
                for (int k = 0; k < keys.length; k++) {
                    if ((nullMask & 1L << k) != 0) {
                        continue;
                    }
                    long key = groupKeys[g * width + k];
                    DataType type = read.fields()[keys[k]].dataType();
                    values[k] = switch (type) {
                        case DecimalType d -> Decimal.createUnsafe(key, d.precision(), d.scale());
                        default -> DataTypes.StringType.equals(type) ? string(key) : boxed(type, key);
                    };
                }
                for (int a = 0; a < aggs.length; a++) {
                    values[keys.length + a] = states[a].value(g);
                }
                out.add(new GenericInternalRow(values));
            }
            return out;
        }
    }
}
