package io.jvortex.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The falsification rules on hand-made statistics: what may be pruned, and what must not be. */
class PruningTest {
    private static final DType.Struct SCHEMA = new DType.Struct(List.of("f", "i", "s", "b"),
            List.of(new DType.Primitive(PType.F64, true), new DType.Primitive(PType.I64, true), new DType.Utf8(true),
                    new DType.Bool(true)), false);

    private static Scalar f(double v) {
        return new Scalar(new DType.Primitive(PType.F64, true), v);
    }

    private static Scalar i(long v) {
        return new Scalar(new DType.Primitive(PType.I64, true), v);
    }

    private static Scalar s(String v) {
        return new Scalar(new DType.Utf8(true), v.getBytes(StandardCharsets.UTF_8));
    }

    private static boolean prunes(String where, Pruning.ColumnStats stats) {
        BoundPredicate p = Expr.parse(where).bind(SCHEMA);
        return Pruning.cannotMatch(p, c -> stats);
    }

    private static Pruning.ColumnStats exact(Scalar min, Scalar max, long nulls, long nans) {
        return new Pruning.ColumnStats(min, true, max, true, nulls, nans, 100, true);
    }

    @Test
    void comparisonsAgainstMinAndMax() {
        Pruning.ColumnStats z = exact(i(10), i(20), 0, 0);
        assertThat(prunes("i > 20", z)).isTrue();
        assertThat(prunes("i > 19", z)).isFalse();
        assertThat(prunes("i >= 21", z)).isTrue();
        assertThat(prunes("i >= 20", z)).isFalse();
        assertThat(prunes("i < 10", z)).isTrue();
        assertThat(prunes("i <= 9", z)).isTrue();
        assertThat(prunes("i <= 10", z)).isFalse();
        assertThat(prunes("i = 21 OR i = 9", z)).isTrue();
        assertThat(prunes("i = 15", z)).isFalse();
        assertThat(prunes("i IN (1, 2, 30)", z)).isTrue();
        assertThat(prunes("i IN (1, 15)", z)).isFalse();
        assertThat(prunes("i BETWEEN 21 AND 30", z)).isTrue();
        assertThat(prunes("i > 15 AND i < 12", z)).isFalse();
        assertThat(prunes("i > 25 AND i < 30", z)).isTrue();
        assertThat(prunes("NOT (i <= 20)", z)).isTrue();
        assertThat(prunes("NOT (i > 5)", z)).isTrue();
        assertThat(prunes("i != 10", exact(i(10), i(10), 0, 0))).isTrue();
        assertThat(prunes("i != 10", new Pruning.ColumnStats(i(10), false, i(10), true, 0, 0, 100, true))).isFalse();
        assertThat(prunes("i NOT IN (1, NULL)", z)).isTrue();
    }

    @Test
    void nullCounts() {
        assertThat(prunes("i IS NULL", exact(i(1), i(2), 0, 0))).isTrue();
        assertThat(prunes("i IS NULL", exact(i(1), i(2), 3, 0))).isFalse();
        assertThat(prunes("i IS NULL", new Pruning.ColumnStats(i(1), true, i(2), true, 0, 0, 100, false)))
                .as("a nullable parent adds nulls the child's statistics do not count").isFalse();
        assertThat(prunes("i IS NOT NULL", exact(null, null, 100, 0))).isTrue();
        assertThat(prunes("i = 5", exact(null, null, 100, 0))).as("all null").isTrue();
        assertThat(prunes("i IS NULL", exact(i(1), i(2), -1, 0))).as("unknown null count").isFalse();
    }

    @Test
    void floatsPruneOnlyWithoutNans() {
        assertThat(prunes("f > 5", exact(f(1), f(2), 0, 0))).isTrue();
        assertThat(prunes("f > 5", exact(f(1), f(2), 0, 3))).as("NaN sorts above every number").isFalse();
        assertThat(prunes("f > 5", exact(f(1), f(2), 0, -1))).as("NaN count unknown").isFalse();
        assertThat(prunes("f < 1", exact(f(1), f(2), 0, 0))).isTrue();
        // -0.0 < 0.0 in the comparison, but statistics may not tell the zeros apart
        assertThat(Pruning.cannotMatch(Expr.col("f").gt(Expr.lit(-0.0)).bind(SCHEMA),
                c -> exact(f(-1), f(-0.0), 0, 0))).isFalse();
        assertThat(prunes("f < 0.0", exact(f(0.0), f(1), 0, 0))).isFalse();
        assertThat(prunes("f != 1.0", exact(f(1), f(1), 0, 0))).isFalse();
    }

    @Test
    void stringBoundsAreBoundsNotValues() {
        Pruning.ColumnStats truncated = new Pruning.ColumnStats(s("b"), false, s("d"), false, 0, 0, 100, true);
        assertThat(prunes("s > 'd'", truncated)).isTrue();
        assertThat(prunes("s < 'b'", truncated)).isTrue();
        assertThat(prunes("s = 'c'", truncated)).isFalse();
        assertThat(prunes("s = 'e'", truncated)).isTrue();
        assertThat(prunes("s != 'b'", new Pruning.ColumnStats(s("b"), false, s("b"), false, 0, 0, 100, true)))
                .isFalse();
        assertThat(prunes("starts_with(s, 'e')", truncated)).isTrue();
        assertThat(prunes("starts_with(s, 'a')", truncated)).isTrue();
        assertThat(prunes("starts_with(s, 'c')", truncated)).isFalse();
        assertThat(prunes("starts_with(s, 'bz')", truncated)).isFalse();
        assertThat(prunes("s LIKE 'a%'", truncated)).isTrue();
        assertThat(prunes("s LIKE 'c%x'", truncated)).isFalse();
        assertThat(prunes("s LIKE 'zz'", truncated)).isTrue();
        assertThat(prunes("s LIKE '%zz'", truncated)).isFalse();
        assertThat(prunes("s > 'a'", new Pruning.ColumnStats(null, false, null, false, 0, 0, 100, true)))
                .as("no bounds").isFalse();
    }

    @Test
    void booleansAndConstants() {
        Scalar no = new Scalar(new DType.Bool(true), false);
        Scalar yes = new Scalar(new DType.Bool(true), true);
        assertThat(prunes("b", exact(no, no, 0, 0))).isTrue();
        assertThat(prunes("b", exact(no, yes, 0, 0))).isFalse();
        assertThat(prunes("NOT b", exact(yes, yes, 0, 0))).isTrue();
        assertThat(prunes("b = TRUE", exact(no, no, 0, 0))).isTrue();
        assertThat(prunes("FALSE", exact(no, yes, 0, 0))).isTrue();
        assertThat(prunes("NULL", exact(no, yes, 0, 0))).isTrue();
        assertThat(prunes("TRUE", exact(no, no, 0, 0))).isFalse();
        assertThat(prunes("i = 2.5", exact(i(0), i(9), 0, 0))).as("never true for an integer").isTrue();
    }
}
