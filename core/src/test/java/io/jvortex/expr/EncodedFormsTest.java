package io.jvortex.expr;

import static io.jvortex.expr.Expr.col;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Take;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A predicate evaluated on dictionary codes (once per value, mapped through the codes) and on a
 * constant (once, broadcast) selects the same rows as on the expanded values.
 */
class EncodedFormsTest {
    private static final DType.Struct SCHEMA = new DType.Struct(List.of("x", "y"),
            List.of(new DType.Primitive(PType.I64, true), new DType.Primitive(PType.I64, true)), false);

    private static PrimitiveArray longs(long[] values, boolean[] valid) {
        byte[] bits = new byte[(values.length + 7) / 8 + 8];
        for (int i = 0; i < values.length; i++) {
            if (valid[i]) {
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return new PrimitiveArray(new DType.Primitive(PType.I64, true), MemorySegment.ofArray(values.clone()),
                values.length, new Validity.Bitmap(MemorySegment.ofArray(bits), 0));
    }

    private static Expr randomPredicate(SplittableRandom random, int depth) {
        if (depth > 0 && random.nextBoolean()) {
            return switch (random.nextInt(3)) {
                case 0 -> new Expr.And(randomPredicate(random, depth - 1), randomPredicate(random, depth - 1));
                case 1 -> new Expr.Or(randomPredicate(random, depth - 1), randomPredicate(random, depth - 1));
                default -> new Expr.Not(randomPredicate(random, depth - 1));
            };
        }
        Expr.Column c = col(random.nextInt(4) == 0 ? "y" : "x");
        return switch (random.nextInt(5)) {
            case 0 -> random.nextBoolean() ? c.isNull() : c.isNotNull();
            case 1 -> c.in(Expr.lit(random.nextInt(6)), random.nextBoolean() ? Expr.nullLit() : Expr.lit(3));
            default -> new Expr.Compare(Expr.Op.values()[random.nextInt(6)], c, Expr.lit(random.nextInt(7) - 1));
        };
    }

    @Test
    void dictionaryAndConstantFormsSelectLikeTheExpandedValues() {
        SplittableRandom random = TestSupport.random("EncodedFormsTest");
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 300; round++) {
                int dictSize = 1 + random.nextInt(6);
                long[] dict = new long[dictSize];
                boolean[] dictValid = new boolean[dictSize];
                for (int i = 0; i < dictSize; i++) {
                    dict[i] = random.nextInt(6);
                    dictValid[i] = random.nextInt(5) != 0;
                }
                int n = random.nextInt(200);
                long[] codes = new long[n];
                boolean[] codeValid = new boolean[n];
                long[] ys = new long[n];
                boolean[] yValid = new boolean[n];
                for (int i = 0; i < n; i++) {
                    codes[i] = random.nextInt(dictSize);
                    codeValid[i] = random.nextInt(6) != 0;
                    ys[i] = random.nextInt(6);
                    yValid[i] = random.nextInt(4) != 0;
                }
                PrimitiveArray values = longs(dict, dictValid);
                PrimitiveArray codeArray = longs(codes, codeValid);
                Canonical expanded = Take.take(values, codeArray, TestSupport.allocator(arena));
                PrimitiveArray y = longs(ys, yValid);
                Canonical constant = Take.take(values, longs(new long[n], fill(n, codeValid.length > 0
                        && codeValid[0])), TestSupport.allocator(arena));
                for (int p = 0; p < 5; p++) {
                    BoundPredicate bound = randomPredicate(random, 3).bind(SCHEMA);
                    Selection plain = new Evaluator(bound).select(c -> new Evaluator.Values.Plain(
                            c.name().equals("x") ? expanded : y), n);
                    Selection viaDict = new Evaluator(bound).select(c -> c.name().equals("x")
                            ? new Evaluator.Values.Dict(values, codeArray) : new Evaluator.Values.Plain(y), n);
                    assertThat(viaDict.indices()).as(bound.toString()).isEqualTo(plain.indices());
                    if (n > 0) {
                        Selection plainConstant = new Evaluator(bound).select(c -> new Evaluator.Values.Plain(
                                c.name().equals("x") ? constant : y), n);
                        Selection viaConstant = new Evaluator(bound).select(c -> c.name().equals("x")
                                ? new Evaluator.Values.Constant(constant.slice(0, 1), n)
                                : new Evaluator.Values.Plain(y), n);
                        assertThat(viaConstant.indices()).as(bound.toString()).isEqualTo(plainConstant.indices());
                    }
                }
            }
        }
    }

    @Test
    void aDictionaryCodeOutsideTheValuesIsACorruptFile() {
        PrimitiveArray values = longs(new long[] {1, 2}, new boolean[] {true, true});
        PrimitiveArray codes = longs(new long[] {0, 5, 1}, new boolean[] {true, true, true});
        BoundPredicate bound = Expr.parse("x > 1").bind(SCHEMA);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Evaluator(bound)
                        .select(c -> new Evaluator.Values.Dict(values, codes), 3))
                .isInstanceOf(io.jvortex.error.VortexException.class)
                .hasMessageContaining("dictionary code 5 outside the 2 values");
        PrimitiveArray nullCode = longs(new long[] {0, 5, 1}, new boolean[] {true, false, true});
        assertThat(new Evaluator(bound).select(c -> new Evaluator.Values.Dict(values, nullCode), 3).indices())
                .as("a null code may hold anything").containsExactly(2);
    }

    private static boolean[] fill(int n, boolean value) {
        boolean[] out = new boolean[n];
        java.util.Arrays.fill(out, value);
        return out;
    }
}
