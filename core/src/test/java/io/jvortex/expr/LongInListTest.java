package io.jvortex.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * IN lists long enough to be evaluated through a hash set of keys and pruned by a binary search of
 * their sorted items (the lists a runtime join filter brings), against the same lists cut into short IN
 * lists joined by OR, which take the item-by-item paths.
 */
class LongInListTest {
    private static final List<PType> TYPES = List.of(PType.I8, PType.I32, PType.I64, PType.U64, PType.F32, PType.F64);

    /** Values that collide often, plus the edges: the set's empty marker, signed zeros, NaN, u64 above 2^63. */
    private static long rawValue(PType t, SplittableRandom random) {
        int pick = random.nextInt(10);
        return switch (t) {
            case I8 -> pick == 0 ? Byte.MIN_VALUE : random.nextInt(-20, 20);
            case I32 -> pick == 0 ? Integer.MIN_VALUE : pick == 1 ? Integer.MAX_VALUE : random.nextInt(-500, 500);
            case I64, U64 -> pick == 0 ? Long.MIN_VALUE : pick == 1 ? -1L : pick == 2 ? Long.MAX_VALUE
                    : random.nextLong(-500, 500);
            case F32 -> Float.floatToRawIntBits(pick == 0 ? -0.0f : pick == 1 ? Float.NaN
                    : random.nextInt(-300, 300) / 4.0f);
            case F64 -> Double.doubleToRawLongBits(pick == 0 ? -0.0 : pick == 1 ? Double.NaN
                    : random.nextInt(-300, 300) / 4.0);
            default -> throw new IllegalArgumentException(t.toString());
        };
    }

    private static Scalar scalar(PType t, long raw) {
        DType d = new DType.Primitive(t, true);
        return switch (t) {
            case F32 -> new Scalar(d, Float.intBitsToFloat((int) raw));
            case F64 -> new Scalar(d, Double.longBitsToDouble(raw));
            default -> new Scalar(d, raw);
        };
    }

    private static Canonical column(PType t, long[] raw, boolean[] valid) {
        int width = t.byteWidth();
        MemorySegment values = MemorySegment.ofArray(new byte[raw.length * width]);
        byte[] bits = new byte[(raw.length + 7) / 8];
        for (int i = 0; i < raw.length; i++) {
            switch (width) {
                case 1 -> values.set(ValueLayout.JAVA_BYTE, i, (byte) raw[i]);
                case 4 -> values.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, (int) raw[i]);
                default -> values.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, raw[i]);
            }
            if (valid[i]) {
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return new PrimitiveArray(new DType.Primitive(t, true), values, raw.length,
                new Validity.Bitmap(MemorySegment.ofArray(bits), 0));
    }

    /** The same test as one IN list, and as short IN lists under a balanced OR. */
    private static Expr asShortLists(Expr.Column c, List<Expr> items, int from, int to) {
        if (to - from < Evaluator.IN_SET_MIN) {
            return Expr.in(c, items.subList(from, to));
        }
        int mid = (from + to) >>> 1;
        return Expr.or(asShortLists(c, items, from, mid), asShortLists(c, items, mid, to));
    }

    @Test
    void longListsSelectWhatShortListsSelect() {
        SplittableRandom random = TestSupport.random("LongInListTest.select");
        Expr.Column x = Expr.col("x");
        for (int round = 0; round < 300; round++) {
            PType t = TYPES.get(random.nextInt(TYPES.size()));
            int n = random.nextInt(1, 3000);
            long[] raw = new long[n];
            boolean[] valid = new boolean[n];
            for (int i = 0; i < n; i++) {
                raw[i] = rawValue(t, random);
                valid[i] = random.nextInt(8) != 0;
            }
            List<Expr> items = new ArrayList<>();
            int size = Evaluator.IN_SET_MIN + random.nextInt(round % 10 == 0 ? 2000 : 40);
            for (int i = 0; i < size; i++) {
                items.add(new Expr.Literal(scalar(t, rawValue(t, random))));
            }
            boolean nullItem = random.nextInt(5) == 0;
            if (nullItem) {
                items.add(random.nextInt(items.size()), new Expr.Literal(Scalar.nullOf(new DType.Primitive(t, true))));
            }
            DType.Struct schema = new DType.Struct(List.of("x"), List.of(new DType.Primitive(t, true)), false);
            Map<Expr.Column, Canonical> columns = Map.of(x, column(t, raw, valid));
            Expr in = Expr.in(x, items);
            Expr shortLists = asShortLists(x, items, 0, items.size());
            String what = t + " rows " + n + " items " + items.size() + " null item " + nullItem;

            int[] selected = Evaluator.select(in.bind(schema), columns, n).indices();
            assertThat(selected).as(what).containsExactly(Evaluator.select(shortLists.bind(schema), columns, n).indices());
            assertThat(Evaluator.select(Expr.not(in).bind(schema), columns, n).indices()).as("NOT " + what)
                    .containsExactly(Evaluator.select(Expr.not(shortLists).bind(schema), columns, n).indices());
            // and directly: valid rows whose value is an item, bit for bit
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (valid[i] && contains(t, items, raw[i])) {
                    expected.add(i);
                }
            }
            assertThat(selected).as(what).containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
        }
    }

    private static boolean contains(PType t, List<Expr> items, long raw) {
        for (Expr item : items) {
            Scalar s = ((Expr.Literal) item).value();
            if (s.isNull()) {
                continue;
            }
            boolean same = switch (t) {
                case F32 -> Float.floatToRawIntBits((Float) s.value()) == (int) raw;
                case F64 -> Double.doubleToRawLongBits((Double) s.value()) == raw;
                case I8 -> (byte) (long) (Long) s.value() == (byte) raw;
                case I32 -> (int) (long) (Long) s.value() == (int) raw;
                default -> (Long) s.value() == raw;
            };
            if (same) {
                return true;
            }
        }
        return false;
    }

    @Test
    void longListsPruneWhatShortListsPrune() {
        SplittableRandom random = TestSupport.random("LongInListTest.prune");
        Expr.Column x = Expr.col("x");
        List<PType> types = new ArrayList<>(TYPES);
        types.add(null); // utf8
        int pruned = 0;
        for (int round = 0; round < 3000; round++) {
            PType t = types.get(random.nextInt(types.size()));
            DType d = t == null ? new DType.Utf8(true) : new DType.Primitive(t, true);
            List<Expr> items = new ArrayList<>();
            int size = Evaluator.IN_SET_MIN + random.nextInt(60);
            for (int i = 0; i < size; i++) {
                items.add(new Expr.Literal(value(t, d, random)));
            }
            if (random.nextInt(6) == 0) {
                items.add(new Expr.Literal(Scalar.nullOf(d)));
            }
            Scalar a = value(t, d, random);
            Scalar b = value(t, d, random);
            boolean swap = t == null ? java.util.Arrays.compareUnsigned(a.asBytes(), b.asBytes()) > 0
                    : Pruning.order(a, b, t.isFloat(), false) > 0;
            Scalar min = swap ? b : a;
            Scalar max = swap ? a : b;
            if (random.nextInt(10) == 0) {
                min = null;
            }
            if (random.nextInt(10) == 0) {
                max = null;
            }
            long nans = t != null && t.isFloat() ? random.nextInt(3) - 1 : 0;
            long nulls = random.nextInt(10) == 0 ? 100 : random.nextInt(3);
            Pruning.ColumnStats stats = new Pruning.ColumnStats(min, random.nextBoolean(), max, random.nextBoolean(),
                    nulls, nans, 100, true);
            DType.Struct schema = new DType.Struct(List.of("x"), List.of(d), false);
            boolean viaLongList = Pruning.cannotMatch(Expr.in(x, items).bind(schema), c -> stats);
            boolean viaShortLists = Pruning.cannotMatch(asShortLists(x, items, 0, items.size()).bind(schema),
                    c -> stats);
            assertThat(viaLongList).as("%s items %s stats %s", d, items, stats).isEqualTo(viaShortLists);
            pruned += viaLongList ? 1 : 0;
        }
        assertThat(pruned).as("rounds that prune").isBetween(300, 2700);
    }

    private static Scalar value(PType t, DType d, SplittableRandom random) {
        if (t == null) {
            return new Scalar(d, ("k" + random.nextInt(200)).getBytes(StandardCharsets.UTF_8));
        }
        long raw = rawValue(t, random);
        if (t.isFloat()) {
            return scalar(t, raw);
        }
        return new Scalar(d, t == PType.I8 ? (long) (byte) raw : t == PType.I32 ? (long) (int) raw : raw);
    }
}
