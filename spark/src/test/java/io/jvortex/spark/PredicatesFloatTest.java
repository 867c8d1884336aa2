package io.jvortex.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Batch;
import io.jvortex.api.VortexWriter;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.expr.Expr;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Comparisons of float and double columns with literals, as Spark's V2 predicates, translated and
 * evaluated by a jvortex scan, against Spark's order worked out here: every NaN equal to every other
 * and above every number, {@code -0.0} equal to {@code 0.0}, and SQL's three-valued logic (a null row is
 * unknown, also under {@code NOT}; {@code <=>} is never unknown). The rows hold both zeros, NaNs with and
 * without the sign bit, both infinities and a null, so every case of the translation is taken. No
 * Spark session: Spark rewrites {@code NOT} of a comparison before pushing it, so this is where the
 * translation's own {@code NOT} is checked.
 */
class PredicatesFloatTest {
    private static final double NEGATIVE_NAN = Double.longBitsToDouble(0xfff8_0000_0000_0000L);
    /** Row values of {@code x}; null is a null row. */
    private static final Double[] VALUES = {-0.0, 0.0, Double.NaN, NEGATIVE_NAN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 1.5, -1.5, 2.0, Double.MIN_VALUE, -Double.MIN_VALUE, null};
    private static final double[] LITERALS = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 1.5, -1.5, 0.75, Double.MIN_VALUE};
    private static final String[] OPS = {"=", "<>", "<", "<=", ">", ">=", "<=>"};

    @TempDir
    static Path dir;
    private static Path file;

    @BeforeAll
    static void write() {
        DType.Struct schema = new DType.Struct(List.of("id", "x", "f"), List.of(
                new DType.Primitive(PType.I64, false), new DType.Primitive(PType.F64, true),
                new DType.Primitive(PType.F32, true)), false);
        int n = VALUES.length;
        long[] ids = new long[n];
        double[] xs = new double[n];
        boolean[] nulls = new boolean[n];
        List<Float> fs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids[i] = i;
            nulls[i] = VALUES[i] == null;
            xs[i] = nulls[i] ? 0 : VALUES[i];
            fs.add(nulls[i] ? null : toFloat(VALUES[i]));
        }
        file = dir.resolve("floats.vortex");
        try (VortexWriter writer = VortexWriter.create(file, schema)) {
            writer.write(Batch.builder(schema).longs("id", ids).doubles("x", xs, nulls).values("f", fs).build());
        }
    }

    /** The float of a double, keeping a NaN's sign. */
    private static float toFloat(double d) {
        if (Double.isNaN(d)) {
            return Float.intBitsToFloat(Double.doubleToRawLongBits(d) < 0 ? 0xffc0_0000 : 0x7fc0_0000);
        }
        return (float) d;
    }

    /** Spark's order of two non-null doubles. */
    private static int sparkCompare(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
        }
        return a == b ? 0 : a < b ? -1 : 1;
    }

    /** Spark's outcome of {@code value op literal}: true, false or null (unknown). */
    private static Boolean spark(String op, Double value, double literal) {
        if (value == null) {
            return op.equals("<=>") ? Boolean.FALSE : null;
        }
        int c = sparkCompare(value, literal);
        return PredicateScans.holds(op, c);
    }

    private static Set<Long> expected(java.util.function.Function<Double, Boolean> outcome) {
        Set<Long> ids = new TreeSet<>();
        for (int i = 0; i < VALUES.length; i++) {
            if (Boolean.TRUE.equals(outcome.apply(VALUES[i]))) {
                ids.add((long) i);
            }
        }
        return ids;
    }

    private static Expression literal(double value, boolean f32) {
        return f32 ? new LiteralValue<>((float) value, DataTypes.FloatType)
                : new LiteralValue<>(value, DataTypes.DoubleType);
    }

    @Test
    void comparisonsKeepSparksRowsUnderNotAndFlipped() {
        int checked = 0;
        for (String column : List.of("x", "f")) {
            boolean f32 = column.equals("f");
            for (double lit : LITERALS) {
                // the literal as Spark holds it for this column (a float literal for a float column)
                double l = f32 ? (double) (float) lit : lit;
                for (String op : OPS) {
                    Predicate plain = new Predicate(op, new Expression[] {Expressions.column(column), literal(lit, f32)});
                    Predicate flipped = new Predicate(PredicateScans.flip(op),
                            new Expression[] {literal(lit, f32), Expressions.column(column)});
                    Predicate negated = new Predicate("NOT", new Expression[] {plain});
                    String what = column + " " + op + " " + lit;
                    java.util.function.Function<Double, Boolean> rows = v -> spark(op, v == null ? null
                            : f32 ? (double) toFloat(v) : v, l);
                    for (Predicate p : List.of(plain, flipped)) {
                        Expr e = Predicates.toExpr(p, Set.of(), Set.of("x", "f"));
                        assertThat(e).as(what).isNotNull();
                        assertThat(PredicateScans.scan(file, e)).as("%s as %s", what, e).isEqualTo(expected(rows));
                    }
                    Expr e = Predicates.toExpr(negated, Set.of(), Set.of("x", "f"));
                    assertThat(PredicateScans.scan(file, e)).as("NOT (%s) as %s", what, e).isEqualTo(expected(v -> PredicateScans.not(rows.apply(v))));
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(2 * LITERALS.length * OPS.length);
    }

    @Test
    void inListsKeepSparksRows() {
        double[][] lists = {{0.0, Double.NaN}, {-0.0}, {1.5, Double.NEGATIVE_INFINITY, 0.75}, {Double.NaN}};
        for (String column : List.of("x", "f")) {
            boolean f32 = column.equals("f");
            for (double[] list : lists) {
                Expression[] children = new Expression[list.length + 1];
                children[0] = Expressions.column(column);
                for (int i = 0; i < list.length; i++) {
                    children[i + 1] = literal(list[i], f32);
                }
                Predicate in = new Predicate("IN", children);
                java.util.function.Function<Double, Boolean> rows = v -> {
                    if (v == null) {
                        return null;
                    }
                    double value = f32 ? toFloat(v) : v;
                    for (double item : list) {
                        if (sparkCompare(value, f32 ? (float) item : item) == 0) {
                            return true;
                        }
                    }
                    return false;
                };
                String what = column + " IN " + java.util.Arrays.toString(list);
                assertThat(PredicateScans.scan(file, Predicates.toExpr(in, Set.of(), Set.of("x", "f")))).as(what)
                        .isEqualTo(expected(rows));
                assertThat(PredicateScans.scan(file, Predicates.toExpr(new Predicate("NOT", new Expression[] {in}), Set.of(),
                        Set.of("x", "f")))).as("NOT " + what).isEqualTo(expected(v -> PredicateScans.not(rows.apply(v))));
            }
        }
    }

    @Test
    void floatColumnsAreNotComparedWithEachOtherOrOutsideTheirSet() {
        Predicate columns = new Predicate("<", new Expression[] {Expressions.column("x"), Expressions.column("f")});
        assertThat(Predicates.toExpr(columns, Set.of(), Set.of("x", "f"))).isNull();
        Predicate unknown = new Predicate("=", new Expression[] {Expressions.column("x"), literal(1.5, false)});
        assertThat(Predicates.toExpr(unknown, Set.of(), Set.of("f"))).isNull();
    }
}
