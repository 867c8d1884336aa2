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
import io.jvortex.internal.encodings.alp.AlpInts;
import io.jvortex.internal.encodings.bitpacked.PackedInts;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Predicates evaluated on packed integers (frame of reference over bit-packing, with patches) and on
 * runs select the same rows as on the decoded values, for every integer width and signedness,
 * references that may or may not wrap, and literals around the packed range's edges.
 */
class PackedAndRunFormsTest {
    private static final PType[] INTS = {PType.I8, PType.I16, PType.I32, PType.I64, PType.U8, PType.U16, PType.U32,
        PType.U64};

    /** The long a {@code ptype} value with these low bits widens to (sign- or zero-extended). */
    private static long normalize(long bits, PType ptype) {
        int w = ptype.bitWidth();
        if (w == 64) {
            return bits;
        }
        return ptype.isSigned() ? (bits << (64 - w)) >> (64 - w) : bits & ((1L << w) - 1);
    }

    private static PrimitiveArray array(PType ptype, long[] values, boolean[] valid) {
        int width = ptype.byteWidth();
        MemorySegment seg = MemorySegment.ofArray(new long[values.length + 1]).asSlice(0, (long) values.length * width);
        for (int i = 0; i < values.length; i++) {
            switch (width) {
                case 1 -> seg.set(ValueLayout.JAVA_BYTE, i, (byte) values[i]);
                case 2 -> seg.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, (short) values[i]);
                case 4 -> seg.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, (int) values[i]);
                default -> seg.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, values[i]);
            }
        }
        Validity validity = Validity.ALL_VALID;
        if (valid != null) {
            byte[] bits = new byte[(values.length + 7) / 8 + 8];
            for (int i = 0; i < values.length; i++) {
                if (valid[i]) {
                    bits[i >>> 3] |= (byte) (1 << (i & 7));
                }
            }
            validity = new Validity.Bitmap(MemorySegment.ofArray(bits), 0);
        }
        return new PrimitiveArray(new DType.Primitive(ptype, true), seg, values.length, validity);
    }

    private static Expr predicate(SplittableRandom random, int depth, long[] interesting) {
        if (depth > 0 && random.nextInt(3) == 0) {
            return switch (random.nextInt(3)) {
                case 0 -> new Expr.And(predicate(random, depth - 1, interesting),
                        predicate(random, depth - 1, interesting));
                case 1 -> new Expr.Or(predicate(random, depth - 1, interesting),
                        predicate(random, depth - 1, interesting));
                default -> new Expr.Not(predicate(random, depth - 1, interesting));
            };
        }
        long literal = interesting[random.nextInt(interesting.length)];
        return switch (random.nextInt(8)) {
            case 0 -> random.nextBoolean() ? col("x").isNull() : col("x").isNotNull();
            case 1 -> col("x").in(Expr.lit(literal), Expr.lit(interesting[random.nextInt(interesting.length)]));
            default -> new Expr.Compare(Expr.Op.values()[random.nextInt(6)], col("x"), Expr.lit(literal));
        };
    }

    @Test
    void packedIntegersSelectLikeTheDecodedValues() {
        SplittableRandom random = TestSupport.random("PackedAndRunFormsTest.packed");
        for (int round = 0; round < 600; round++) {
            PType ptype = INTS[random.nextInt(INTS.length)];
            int w = ptype.bitWidth();
            int b = random.nextInt(w + 1);
            long mask = b == 64 ? -1L : (1L << b) - 1;
            long ref = normalize(random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(2001) - 1000, ptype);
            // sometimes longer than the kernel's 1024-row block, ending anywhere in the last one
            int n = random.nextInt(5) == 0 ? 1000 + random.nextInt(2200) : random.nextInt(300);
            long[] packed = new long[n];
            long[] decoded = new long[n];
            boolean[] valid = new boolean[n];
            int[] patchAt = new int[n];
            long[] patchValue = new long[n];
            int patches = 0;
            for (int i = 0; i < n; i++) {
                packed[i] = random.nextLong() & mask;
                valid[i] = random.nextInt(7) != 0;
                decoded[i] = normalize(packed[i] + ref, ptype);
                if (random.nextInt(10) == 0) {
                    patchAt[patches] = i;
                    patchValue[patches] = normalize(random.nextLong(), ptype);
                    decoded[i] = patchValue[patches];
                    packed[i] = random.nextLong(); // ignored at patched rows
                    patches++;
                }
            }
            int[] positions = java.util.Arrays.copyOf(patchAt, patches);
            PrimitiveArray patchValues = patches == 0 ? null
                    : array(ptype, java.util.Arrays.copyOf(patchValue, patches), null);
            PrimitiveArray packedArray = array(ptype, packed, valid);
            PrimitiveArray decodedArray = array(ptype, decoded, valid);
            long[] interesting = {ref, ref - 1, ref + 1, ref + mask, ref + mask + 1, ref + (mask >>> 1),
                n > 0 ? decoded[random.nextInt(n)] : 0, n > 0 ? decoded[random.nextInt(n)] : 0, random.nextLong(),
                patches > 0 ? patchValue[0] : -1, 0, -1, Long.MAX_VALUE, Long.MIN_VALUE};
            DType.Struct schema = new DType.Struct(List.of("x"), List.of(new DType.Primitive(ptype, true)), false);
            for (int p = 0; p < 6; p++) {
                BoundPredicate bound = predicate(random, 2, interesting).bind(schema);
                Selection plain = new Evaluator(bound).select(c -> new Evaluator.Values.Plain(decodedArray), n);
                Selection viaPacked = new Evaluator(bound).select(c -> new Evaluator.Values.Encoded(new PackedInts(packedArray,
                        ref, b, positions, patchValues)), n);
                assertThat(viaPacked.indices()).as(ptype + " b=" + b + " ref=" + ref + ": " + bound)
                        .isEqualTo(plain.indices());
            }
        }
    }

    @Test
    void runsSelectLikeTheExpandedValues() {
        SplittableRandom random = TestSupport.random("PackedAndRunFormsTest.runs");
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 300; round++) {
                int runs = random.nextInt(40);
                int n = 0;
                int[] ends = new int[runs];
                long[] values = new long[runs];
                boolean[] valid = new boolean[runs];
                for (int k = 0; k < runs; k++) {
                    n += random.nextInt(4) == 0 ? 0 : random.nextInt(150);
                    ends[k] = n;
                    values[k] = random.nextInt(8) - 2;
                    valid[k] = random.nextInt(5) != 0;
                }
                int rows = n;
                long[] runIndex = new long[rows];
                int start = 0;
                for (int k = 0; k < runs; k++) {
                    for (int i = start; i < ends[k]; i++) {
                        runIndex[i] = k;
                    }
                    start = ends[k];
                }
                PrimitiveArray runValues = array(PType.I64, values, valid);
                Canonical expanded = Take.take(runValues, array(PType.I64, runIndex, null), TestSupport.allocator(arena));
                DType.Struct schema = new DType.Struct(List.of("x"), List.of(new DType.Primitive(PType.I64, true)),
                        false);
                long[] interesting = {-2, -1, 0, 1, 2, 3, 4, 5, 6};
                for (int p = 0; p < 6; p++) {
                    BoundPredicate bound = predicate(random, 3, interesting).bind(schema);
                    Selection plain = new Evaluator(bound).select(c -> new Evaluator.Values.Plain(expanded), rows);
                    Selection viaRuns = new Evaluator(bound).select(c -> new Evaluator.Values.Runs(runValues, ends,
                            rows), rows);
                    assertThat(viaRuns.indices()).as(bound.toString()).isEqualTo(plain.indices());
                }
            }
        }
    }

    private static final float[] F10_F32 = {1f, 10f, 100f, 1000f, 10000f, 100000f, 1000000f, 10000000f,
        100000000f, 1000000000f, 10000000000f};
    private static final float[] IF10_F32 = {1f, 0.1f, 0.01f, 0.001f, 0.0001f, 0.00001f, 0.000001f, 0.0000001f,
        0.00000001f, 0.000000001f, 0.0000000001f};

    @Test
    void alpIntegersSelectLikeTheDecodedFloats() {
        SplittableRandom random = TestSupport.random("PackedAndRunFormsTest.alp");
        for (int round = 0; round < 500; round++) {
            boolean f32 = random.nextBoolean();
            int maxExp = f32 ? 10 : 18;
            int e = random.nextInt(maxExp + 1);
            int f = random.nextInt(e + 1);
            double f10 = f32 ? F10_F32[f] : Math.pow(10, f);
            double if10 = f32 ? IF10_F32[e] : Double.parseDouble("1e-" + e);
            int n = random.nextInt(300);
            long[] ints = new long[n];
            boolean[] valid = new boolean[n];
            double[] decoded = new double[n];
            int[] patchAt = new int[n];
            double[] patchValue = new double[n];
            int patches = 0;
            long spread = random.nextBoolean() ? 50 : f32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                ints[i] = random.nextLong(-spread, spread);
                valid[i] = random.nextInt(8) != 0;
                decoded[i] = f32 ? (float) ints[i] * (float) f10 * (float) if10 : (double) ints[i] * f10 * if10;
                if (random.nextInt(10) == 0) {
                    patchValue[patches] = switch (random.nextInt(4)) {
                        case 0 -> Double.NaN;
                        case 1 -> -0.0;
                        case 2 -> random.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                        default -> f32 ? (float) random.nextGaussian() : random.nextGaussian();
                    };
                    decoded[i] = patchValue[patches];
                    patchAt[patches++] = i;
                }
            }
            PType floatType = f32 ? PType.F32 : PType.F64;
            PrimitiveArray intArray = array(f32 ? PType.I32 : PType.I64, ints, valid);
            PrimitiveArray decodedArray = floats(floatType, decoded, valid);
            int[] positions = java.util.Arrays.copyOf(patchAt, patches);
            PrimitiveArray patchValues = patches == 0 ? null
                    : floats(floatType, java.util.Arrays.copyOf(patchValue, patches), null);
            DType.Struct schema = new DType.Struct(List.of("x"), List.of(new DType.Primitive(floatType, true)), false);
            for (int p = 0; p < 6; p++) {
                double lit = switch (random.nextInt(7)) {
                    case 0 -> n > 0 ? decoded[random.nextInt(n)] : 0.0;
                    case 1 -> n > 0 ? Math.nextUp(decoded[random.nextInt(n)]) : 1.0;
                    case 2 -> n > 0 ? Math.nextDown(decoded[random.nextInt(n)]) : -1.0;
                    case 3 -> random.nextBoolean() ? 0.0 : -0.0;
                    case 4 -> random.nextBoolean() ? Double.NaN : Double.NEGATIVE_INFINITY;
                    default -> random.nextGaussian() * spread * if10 * f10;
                };
                if (f32) {
                    lit = (float) lit;
                }
                Expr.Op op = Expr.Op.values()[random.nextInt(6)];
                Expr expr = random.nextInt(4) == 0 ? new Expr.Not(new Expr.Compare(op, col("x"), Expr.lit(lit)))
                        : new Expr.Compare(op, col("x"), Expr.lit(lit));
                BoundPredicate bound = expr.bind(schema);
                Selection plain = new Evaluator(bound).select(c -> new Evaluator.Values.Plain(decodedArray), n);
                Selection viaAlp = new Evaluator(bound).select(c -> new Evaluator.Values.Encoded(new AlpInts(intArray,
                        floatType == PType.F32, f10, if10, positions, patchValues)), n);
                assertThat(viaAlp.indices()).as(floatType + " e=" + e + " f=" + f + ": " + bound + " lit " + lit)
                        .isEqualTo(plain.indices());
            }
        }
    }

    private static PrimitiveArray floats(PType ptype, double[] values, boolean[] valid) {
        long[] bits = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = ptype == PType.F32 ? Float.floatToRawIntBits((float) values[i])
                    : Double.doubleToRawLongBits(values[i]);
        }
        PrimitiveArray raw = array(ptype == PType.F32 ? PType.I32 : PType.I64, bits, valid);
        return new PrimitiveArray(new DType.Primitive(ptype, true), raw.values(), values.length, raw.validity());
    }
}
