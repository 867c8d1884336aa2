package io.jvortex.expr;

import static io.jvortex.expr.Expr.col;
import static io.jvortex.expr.Expr.lit;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * SQL three-valued logic: the evaluator against Kleene's definition (false &lt; null &lt; true;
 * AND = min, OR = max, NOT = reversal) on every combination of three nullable booleans.
 */
class ThreeValuedLogicTest {
    private static final int F = 0;
    private static final int N = 1;
    private static final int T = 2;
    private static final List<String> NAMES = List.of("a", "b", "c");
    private static final DType.Struct SCHEMA = new DType.Struct(List.of("a", "b", "c", "x"),
            List.of(new DType.Bool(true), new DType.Bool(true), new DType.Bool(true),
                    new DType.Primitive(PType.I64, true)), false);
    private static final int ROWS = 27;

    /** Row r holds a = r % 3, b = r / 3 % 3, c = r / 9 in {F, N, T}. */
    private static int truth(int column, int row) {
        return column == 0 ? row % 3 : column == 1 ? row / 3 % 3 : row / 9;
    }

    private static Canonical boolColumn(int column) {
        byte[] bits = new byte[8];
        byte[] valid = new byte[8];
        for (int r = 0; r < ROWS; r++) {
            int v = truth(column, r);
            if (v == T) {
                bits[r >>> 3] |= (byte) (1 << (r & 7));
            }
            if (v != N) {
                valid[r >>> 3] |= (byte) (1 << (r & 7));
            }
        }
        return new BoolArray(new DType.Bool(true), MemorySegment.ofArray(bits), 0, ROWS,
                new Validity.Bitmap(MemorySegment.ofArray(valid), 0));
    }

    private static int kleene(Expr e, int row) {
        return switch (e) {
            case Expr.Column c -> truth(NAMES.indexOf(c.name()), row);
            case Expr.Literal l -> l.value().isNull() ? N : (Boolean) l.value().value() ? T : F;
            case Expr.And a -> Math.min(kleene(a.left(), row), kleene(a.right(), row));
            case Expr.Or o -> Math.max(kleene(o.left(), row), kleene(o.right(), row));
            case Expr.Not n -> T - kleene(n.child(), row);
            case Expr.IsNull n -> kleene(n.child(), row) == N ? T : F;
            case Expr.IsNotNull n -> kleene(n.child(), row) == N ? F : T;
            default -> throw new IllegalArgumentException(e.toString());
        };
    }

    private static Expr randomTree(SplittableRandom random, int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            int k = random.nextInt(8);
            return k < 6 ? col(NAMES.get(k % 3)) : k == 6 ? lit(random.nextBoolean()) : Expr.nullLit();
        }
        return switch (random.nextInt(5)) {
            case 0 -> new Expr.And(randomTree(random, depth - 1), randomTree(random, depth - 1));
            case 1 -> new Expr.Or(randomTree(random, depth - 1), randomTree(random, depth - 1));
            case 2 -> new Expr.Not(randomTree(random, depth - 1));
            case 3 -> new Expr.IsNull(randomTree(random, depth - 1));
            default -> random.nextBoolean() ? new Expr.IsNotNull(randomTree(random, depth - 1))
                    : new Expr.And(randomTree(random, depth - 1), randomTree(random, depth - 1));
        };
    }

    private static Map<Expr.Column, Canonical> columns() {
        Map<Expr.Column, Canonical> m = new HashMap<>();
        for (int i = 0; i < 3; i++) {
            m.put(col(NAMES.get(i)), boolColumn(i));
        }
        return m;
    }

    @Test
    void connectivesFollowKleeneLogic() {
        Map<Expr.Column, Canonical> columns = columns();
        List<String> basics = List.of("a AND b", "a OR b", "NOT a", "NOT (a AND b)", "NOT (a OR b)", "a IS NULL",
                "(a AND b) IS NULL", "(a OR c) IS NOT NULL", "NOT NOT a", "a AND NULL", "a OR NULL", "NOT NULL",
                "a AND TRUE", "a OR FALSE");
        for (String text : basics) {
            check(Expr.parse(text), columns);
        }
    }

    @Test
    void randomTreesFollowKleeneLogic() {
        SplittableRandom random = TestSupport.random("ThreeValuedLogicTest.randomTrees");
        Map<Expr.Column, Canonical> columns = columns();
        for (int i = 0; i < 500; i++) {
            check(randomTree(random, 5), columns);
        }
    }

    private static void check(Expr e, Map<Expr.Column, Canonical> columns) {
        BoundPredicate bound = e.bind(SCHEMA);
        Selection s = Evaluator.select(bound, columns, ROWS);
        for (int r = 0; r < ROWS; r++) {
            assertThat(s.isSelected(r)).as("%s at a=%d b=%d c=%d", e.sql(), truth(0, r), truth(1, r), truth(2, r))
                    .isEqualTo(kleene(e, r) == T);
        }
    }

    @Test
    void comparisonsAndInWithNulls() {
        // x = 1, 2, null
        MemorySegment values = MemorySegment.ofArray(new long[] {1, 2, 99});
        byte[] valid = {0b011};
        Canonical x = new PrimitiveArray(new DType.Primitive(PType.I64, true), values, 3,
                new Validity.Bitmap(MemorySegment.ofArray(valid), 0));
        Map<Expr.Column, Canonical> columns = Map.of(col("x"), x);
        assertThat(select("x IN (1, NULL)", columns)).containsExactly(0);
        assertThat(select("NOT (x IN (1, NULL))", columns)).isEmpty();
        assertThat(select("NOT (x IN (1, 5))", columns)).containsExactly(1);
        assertThat(select("x != 1", columns)).containsExactly(1);
        assertThat(select("NOT (x = 1)", columns)).containsExactly(1);
        assertThat(select("x = NULL OR x IS NULL", columns)).containsExactly(2);
        assertThat(select("NOT (x = NULL)", columns)).isEmpty();
        assertThat(select("x NOT BETWEEN 2 AND 3", columns)).containsExactly(0);
        assertThat(values.get(ValueLayout.JAVA_LONG, 16)).isEqualTo(99);
    }

    private static int[] select(String text, Map<Expr.Column, Canonical> columns) {
        return Evaluator.select(Expr.parse(text).bind(SCHEMA), columns, 3).indices();
    }
}
