package io.jvortex.expr;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Take;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.Comparison;
import io.jvortex.spi.EncodedForm;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Evaluates a {@link BoundPredicate} over decoded columns with SQL three-valued logic, a word (64
 * rows) at a time: every node yields two bitsets, rows that are certainly true and rows that are
 * certainly false (null rows are in neither); the selection is the true set.
 *
 * <p>Leaves dispatch once per chunk on the column's physical form and loop over primitive arrays or
 * memory segments: integers, booleans, dates, times and timestamps as {@code long} keys (u64 with its
 * sign bit flipped), floats as IEEE-754 total-order keys (NaN above infinity, {@code -0.0 < 0.0},
 * the reference's order), decimals as unscaled integers, strings as unsigned byte order.
 *
 * <p>A column given as a dictionary ({@link Values.Dict}) is never expanded: each predicate over
 * that column alone is evaluated once on the dictionary's values (and once for a null row) and its
 * outcome mapped through the codes; the outcome per dictionary is cached while the same values array
 * is passed again. A constant column ({@link Values.Constant}) is evaluated on its one value and the
 * outcome broadcast. A column in an encoded form with its own comparison kernel
 * ({@link Values.Encoded}: packed or ALP integers) is compared with a literal by that kernel, in the
 * encoded domain; the evaluator names no encoding. One instance per scan; not thread-safe.
 */
public final class Evaluator {

    /** How a column's rows are supplied. */
    public sealed interface Values {
        /** @return rows */
        int length();

        /**
         * Decoded rows.
         *
         * @param array the rows
         */
        record Plain(Canonical array) implements Values {
            @Override
            public int length() {
                return array.length();
            }
        }

        /**
         * Rows that all hold one value (a constant-encoded segment).
         *
         * @param row the value, as a one-row array
         * @param length rows
         */
        record Constant(Canonical row, int length) implements Values {
            /** Checks the row. */
            public Constant {
                if (row.length() != 1) {
                    throw new IllegalArgumentException("a constant is given as one row, got " + row.length());
                }
            }
        }

        /**
         * Rows as codes into a dictionary: row {@code i} is {@code values[codes[i]]}, null where the
         * code is null.
         *
         * @param values the dictionary
         * @param codes unsigned integer codes
         */
        record Dict(Canonical values, PrimitiveArray codes) implements Values {
            @Override
            public int length() {
                return codes.length();
            }
        }

        /**
         * Rows as runs (a run-end segment): rows {@code [ends[k-1], ends[k])} hold {@code values[k]}.
         *
         * @param values one value per run
         * @param ends each run's exclusive end row, non-decreasing, the last one {@code length}
         * @param length rows
         */
        record Runs(Canonical values, int[] ends, int length) implements Values {
            /** Checks the runs. */
            public Runs {
                if (values.length() != ends.length || (ends.length == 0 ? length != 0 : ends[ends.length - 1] != length)) {
                    throw new IllegalArgumentException(values.length() + " run values and " + ends.length
                            + " ends do not cover " + length + " rows");
                }
            }
        }

        /**
         * Rows in an encoded form whose encoding compares them itself ({@link EncodedForm.Kernel}:
         * packed integers, ALP integers): comparisons with a literal run in the encoded domain, other
         * leaves decode the rows once.
         *
         * @param form the rows
         */
        record Encoded(EncodedForm.Kernel form) implements Values {
            @Override
            public int length() {
                return form.length();
            }
        }
    }

    /** Supplies the columns a predicate reads for one chunk. */
    @FunctionalInterface
    public interface Columns {
        /**
         * @param column a column of the predicate
         * @return its rows for the chunk
         */
        Values get(Expr.Column column);
    }

    private record Tv(long[] t, long[] f) {
    }

    private record DictOutcome(Canonical values, Tv overValues, int nullOutcome) {
    }

    private final BoundPredicate predicate;
    private final Map<Expr, DictOutcome> dictCache = new IdentityHashMap<>();
    private Columns columns;
    private final Map<Expr.Column, Values> current = new java.util.HashMap<>();

    /**
     * @param predicate the predicate to evaluate
     */
    public Evaluator(BoundPredicate predicate) {
        this.predicate = java.util.Objects.requireNonNull(predicate, "predicate");
    }

    /** @return the predicate */
    public BoundPredicate predicate() {
        return predicate;
    }

    /**
     * @param columns the chunk's columns
     * @param length the chunk's rows
     * @return the rows where the predicate is true
     */
    public Selection select(Columns columns, int length) {
        this.columns = columns;
        current.clear();
        try {
            Tv tv = eval(predicate.expr(), length);
            return new Selection(tv.t, length);
        } finally {
            this.columns = null;
            current.clear();
        }
    }

    /**
     * Evaluates a predicate over plain decoded arrays (convenience for tests and one-off use).
     *
     * @param predicate the predicate
     * @param columns each column's rows
     * @param length rows
     * @return the selected rows
     */
    public static Selection select(BoundPredicate predicate, Map<Expr.Column, Canonical> columns, int length) {
        return new Evaluator(predicate).select(c -> {
            Canonical a = columns.get(c);
            if (a == null) {
                throw new IllegalArgumentException("no rows given for column '" + c.name() + "'");
            }
            return new Values.Plain(a);
        }, length);
    }

    private Values values(Expr.Column c) {
        return current.computeIfAbsent(c, k -> {
            Values v = columns.get(k);
            if (v == null) {
                throw new IllegalArgumentException("no rows given for column '" + k.name() + "'");
            }
            return v;
        });
    }

    // ---------------------------------------------------------------------------------------------
    // tree

    private Tv eval(Expr e, int n) {
        Expr.Column single = singleColumn(e);
        if (single != null && values(single) instanceof Values.Dict d) {
            return viaDictionary(e, single, d, n);
        }
        if (single != null && values(single) instanceof Values.Constant k) {
            Tv one = new Evaluator(predicate).evalWith(e, single, new Values.Plain(k.row()), 1);
            long[] all = ones(n);
            long[] none = new long[all.length];
            return new Tv((one.t[0] & 1) != 0 ? all : none, (one.f[0] & 1) != 0 ? ones(n) : new long[all.length]);
        }
        if (single != null && values(single) instanceof Values.Runs r) {
            return viaRuns(e, single, r, n);
        }
        return switch (e) {
            case Expr.Literal l -> constant(l.value(), n);
            case Expr.Column c -> {
                Canonical a = plain(c);
                long[] raw = boolBits(storage(a), n);
                yield leaf(raw, validWords(a.validity(), n), n);
            }
            case Expr.And a -> {
                Tv l = eval(a.left(), n);
                Tv r = eval(a.right(), n);
                for (int i = 0; i < l.t.length; i++) {
                    l.t[i] &= r.t[i];
                    l.f[i] |= r.f[i];
                }
                yield l;
            }
            case Expr.Or o -> {
                Tv l = eval(o.left(), n);
                Tv r = eval(o.right(), n);
                for (int i = 0; i < l.t.length; i++) {
                    l.t[i] |= r.t[i];
                    l.f[i] &= r.f[i];
                }
                yield l;
            }
            case Expr.Not x -> {
                Tv c = eval(x.child(), n);
                yield new Tv(c.f, c.t);
            }
            case Expr.IsNull x -> nullTest(x.child(), n, true);
            case Expr.IsNotNull x -> nullTest(x.child(), n, false);
            case Expr.Compare c when c.right() instanceof Expr.Column right -> {
                Canonical a = plain((Expr.Column) c.left());
                Canonical b = plain(right);
                long[] raw = compareColumns(a, b, c.op(), n);
                long[] valid = validWords(a.validity(), n);
                long[] validRight = validWords(b.validity(), n);
                long[] both = new long[valid.length];
                for (int i = 0; i < both.length; i++) {
                    both[i] = valid[i] & validRight[i];
                }
                yield leaf(raw, both, n);
            }
            case Expr.Compare c -> {
                if (values((Expr.Column) c.left()) instanceof Values.Encoded enc) {
                    Scalar literal = ((Expr.Literal) c.right()).value();
                    long[] raw = enc.form().compare(new Comparison(op(c.op()), literal,
                            rows -> compare(rows, c.op(), literal, rows.length())));
                    if (raw != null) {
                        yield leaf(raw, validWords(enc.form().validity(), n), n);
                    }
                }
                Canonical a = plain((Expr.Column) c.left());
                long[] raw = compare(a, c.op(), ((Expr.Literal) c.right()).value(), n);
                yield leaf(raw, validWords(a.validity(), n), n);
            }
            case Expr.In in -> {
                Canonical a = plain((Expr.Column) in.value());
                java.util.List<Expr> list = in.list();
                // a long list: its key set and its null item are found once, not for every chunk
                long[] raw = list.size() >= IN_SET_MIN ? inSet(a, list, n) : null;
                boolean hasNull;
                if (raw != null) {
                    hasNull = InLists.of(list).hasNull();
                } else {
                    hasNull = false;
                    raw = new long[words(n)];
                    for (Expr item : list) {
                        Scalar s = ((Expr.Literal) item).value();
                        if (s.isNull()) {
                            hasNull = true;
                            continue;
                        }
                        long[] eq = compare(a, Expr.Op.EQ, s, n);
                        for (int i = 0; i < raw.length; i++) {
                            raw[i] |= eq[i];
                        }
                    }
                }
                long[] valid = validWords(a.validity(), n);
                long[] t = new long[raw.length];
                long[] f = new long[raw.length];
                for (int i = 0; i < raw.length; i++) {
                    t[i] = raw[i] & valid[i];
                    f[i] = hasNull ? 0 : ~raw[i] & valid[i];
                }
                yield new Tv(t, f);
            }
            case Expr.Like l -> {
                Canonical a = plain((Expr.Column) l.value());
                long[] raw = Like.match(storage(a), l.pattern(), n);
                yield leaf(raw, validWords(a.validity(), n), n);
            }
            case Expr.StartsWith s -> {
                Canonical a = plain((Expr.Column) s.value());
                long[] raw = Like.startsWith(storage(a), s.prefix().getBytes(StandardCharsets.UTF_8), n);
                yield leaf(raw, validWords(a.validity(), n), n);
            }
            case Expr.Between b -> throw new IllegalArgumentException("BETWEEN must be bound first");
        };
    }

    private Tv nullTest(Expr child, int n, boolean isNull) {
        long[] isNullBits;
        long[] mask = ones(n);
        if (child instanceof Expr.Column c) {
            Validity v = switch (values(c)) {
                case Values.Encoded enc -> enc.form().validity();
                default -> plain(c).validity();
            };
            long[] valid = validWords(v, n);
            isNullBits = new long[valid.length];
            for (int i = 0; i < valid.length; i++) {
                isNullBits[i] = ~valid[i] & mask[i];
            }
        } else {
            Tv tv = eval(child, n);
            isNullBits = new long[tv.t.length];
            for (int i = 0; i < isNullBits.length; i++) {
                isNullBits[i] = ~(tv.t[i] | tv.f[i]) & mask[i];
            }
        }
        long[] other = new long[isNullBits.length];
        for (int i = 0; i < other.length; i++) {
            other[i] = ~isNullBits[i] & mask[i];
        }
        return isNull ? new Tv(isNullBits, other) : new Tv(other, isNullBits);
    }

    /** Buffers of rows a multi-column leaf expands from a dictionary, constant or runs: on the heap. */
    private static final io.jvortex.array.Allocator HEAP =
            bytes -> MemorySegment.ofArray(new long[Math.toIntExact((bytes + 7) >>> 3)]).asSlice(0, bytes);

    private static PrimitiveArray rowIndices(int[] rows) {
        return new PrimitiveArray(new DType.Primitive(PType.U32, false), MemorySegment.ofArray(rows), rows.length,
                Validity.ALL_VALID);
    }

    /** Keeps the expanded rows for the column's other leaves of this chunk. */
    private Canonical expanded(Expr.Column c, Canonical rows) {
        current.put(c, new Values.Plain(rows));
        return rows;
    }

    private Canonical plain(Expr.Column c) {
        return switch (values(c)) {
            case Values.Plain p -> p.array();
            // a leaf over two columns (a comparison of one with the other) needs every row of each
            case Values.Dict d -> expanded(c, Take.take(d.values(), d.codes(), HEAP));
            case Values.Constant k -> expanded(c, Take.take(k.row(), rowIndices(new int[k.length()]), HEAP));
            case Values.Runs r -> {
                int[] runOf = new int[r.length()];
                int start = 0;
                for (int k = 0; k < r.ends().length; k++) {
                    java.util.Arrays.fill(runOf, start, r.ends()[k], k);
                    start = r.ends()[k];
                }
                yield expanded(c, Take.take(r.values(), rowIndices(runOf), HEAP));
            }
            case Values.Encoded enc -> {
                Canonical decoded = enc.form().decode();
                current.put(c, new Values.Plain(decoded));
                yield decoded;
            }
        };
    }

    /**
     * Evaluates a single-column subtree once per run and fills each run's rows with its outcome.
     */
    private Tv viaRuns(Expr e, Expr.Column c, Values.Runs r, int n) {
        Evaluator inner = new Evaluator(predicate);
        Tv overRuns = inner.evalWith(e, c, new Values.Plain(r.values()), r.values().length());
        long[] t = new long[words(n)];
        long[] f = new long[words(n)];
        int[] ends = r.ends();
        int start = 0;
        for (int k = 0; k < ends.length && start < n; k++) {
            int end = Math.min(ends[k], n);
            if (end <= start) {
                continue;
            }
            if ((overRuns.t[k >>> 6] & (1L << k)) != 0) {
                fill(t, start, end);
            } else if ((overRuns.f[k >>> 6] & (1L << k)) != 0) {
                fill(f, start, end);
            }
            start = end;
        }
        return new Tv(t, f);
    }

    /** Sets bits {@code [from, to)}. */
    private static void fill(long[] words, int from, int to) {
        int w0 = from >>> 6;
        int w1 = (to - 1) >>> 6;
        long first = -1L << from;
        long last = -1L >>> (63 - ((to - 1) & 63));
        if (w0 == w1) {
            words[w0] |= first & last;
            return;
        }
        words[w0] |= first;
        for (int w = w0 + 1; w < w1; w++) {
            words[w] = -1L;
        }
        words[w1] |= last;
    }

    /** The one column a subtree reads, or null when it reads none or several. */
    private static Expr.Column singleColumn(Expr e) {
        Expr.Column[] found = new Expr.Column[1];
        boolean[] several = new boolean[1];
        collect(e, found, several);
        return several[0] ? null : found[0];
    }

    private static void collect(Expr e, Expr.Column[] found, boolean[] several) {
        switch (e) {
            case Expr.Column c -> {
                if (found[0] == null) {
                    found[0] = c;
                } else if (!found[0].equals(c)) {
                    several[0] = true;
                }
            }
            case Expr.Literal l -> {
            }
            case Expr.Compare c -> {
                collect(c.left(), found, several);
                collect(c.right(), found, several);
            }
            case Expr.And a -> {
                collect(a.left(), found, several);
                collect(a.right(), found, several);
            }
            case Expr.Or o -> {
                collect(o.left(), found, several);
                collect(o.right(), found, several);
            }
            case Expr.Not x -> collect(x.child(), found, several);
            case Expr.In in -> collect(in.value(), found, several);
            case Expr.IsNull x -> collect(x.child(), found, several);
            case Expr.IsNotNull x -> collect(x.child(), found, several);
            case Expr.Between b -> {
                collect(b.value(), found, several);
                collect(b.low(), found, several);
                collect(b.high(), found, several);
            }
            case Expr.Like l -> collect(l.value(), found, several);
            case Expr.StartsWith s -> collect(s.value(), found, several);
        }
    }

    /**
     * Evaluates a single-column subtree on the dictionary values once, then maps every row's code to
     * its value's outcome (a null code takes the outcome of a null value).
     */
    private Tv viaDictionary(Expr e, Expr.Column c, Values.Dict d, int n) {
        DictOutcome cached = dictCache.get(e);
        if (cached == null || cached.values != d.values()) {
            Canonical values = d.values();
            Evaluator inner = new Evaluator(predicate);
            Tv overValues = inner.evalWith(e, c, new Values.Plain(values), values.length());
            Canonical nullRow = io.jvortex.array.Canonicals.zeros(values.dtype().withNullable(true), 1,
                    Validity.ALL_INVALID, bytes -> MemorySegment.ofArray(new long[(int) ((bytes + 7) >>> 3)])
                            .asSlice(0, bytes));
            Tv overNull = inner.evalWith(e, c, new Values.Plain(nullRow), 1);
            int nullOutcome = (overNull.t[0] & 1) != 0 ? 1 : (overNull.f[0] & 1) != 0 ? -1 : 0;
            cached = new DictOutcome(values, overValues, nullOutcome);
            dictCache.put(e, cached);
        }
        long[] codes = new long[n];
        PrimitiveArray codeArray = d.codes();
        Offsets.widen(codeArray, 0, n, codes);
        long[] valid = validWords(codeArray.validity(), n);
        long[] vt = cached.overValues.t;
        long[] vf = cached.overValues.f;
        long[] t = new long[words(n)];
        long[] f = new long[words(n)];
        long nullT = cached.nullOutcome > 0 ? -1L : 0;
        long nullF = cached.nullOutcome < 0 ? -1L : 0;
        int dictSize = cached.values.length();
        for (int w = 0; w < t.length; w++) {
            long tw = 0;
            long fw = 0;
            int base = w << 6;
            int end = Math.min(64, n - base);
            for (int b = 0; b < end; b++) {
                long code = codes[base + b];
                if (code < 0 || code >= dictSize) {
                    if ((valid[w] & (1L << b)) != 0) {
                        throw new io.jvortex.error.VortexException("dictionary code " + code + " outside the "
                                + dictSize + " values");
                    }
                    continue;
                }
                int ci = (int) code;
                tw |= ((vt[ci >>> 6] >>> ci) & 1L) << b;
                fw |= ((vf[ci >>> 6] >>> ci) & 1L) << b;
            }
            long v = valid[w];
            t[w] = (tw & v) | (nullT & ~v);
            f[w] = (fw & v) | (nullF & ~v);
        }
        long[] mask = ones(n);
        for (int w = 0; w < t.length; w++) {
            t[w] &= mask[w];
            f[w] &= mask[w];
        }
        return new Tv(t, f);
    }

    private Tv evalWith(Expr e, Expr.Column c, Values v, int n) {
        current.clear();
        current.put(c, v);
        return eval(e, n);
    }

    // ---------------------------------------------------------------------------------------------
    // leaves

    private static Tv leaf(long[] raw, long[] valid, int n) {
        long[] t = new long[raw.length];
        long[] f = new long[raw.length];
        for (int i = 0; i < raw.length; i++) {
            t[i] = raw[i] & valid[i];
            f[i] = ~raw[i] & valid[i];
        }
        return new Tv(t, f);
    }

    private static Tv constant(Scalar s, int n) {
        long[] zeros = new long[words(n)];
        if (s.isNull()) {
            return new Tv(zeros, new long[zeros.length]);
        }
        return (Boolean) s.value() ? new Tv(ones(n), zeros) : new Tv(zeros, ones(n));
    }

    static int words(int n) {
        return Comparison.words(n);
    }

    static long[] ones(int n) {
        return Comparison.ones(n);
    }

    private static Canonical storage(Canonical a) {
        return a instanceof ExtensionArray e ? storage(e.storage()) : a;
    }

    /** Validity as words, bits past {@code n} zero. */
    static long[] validWords(Validity v, int n) {
        return switch (v) {
            case Validity.AllValid a -> ones(n);
            case Validity.AllInvalid a -> new long[words(n)];
            case Validity.Bitmap b -> bits(b.bits(), b.bitOffset(), n);
        };
    }

    /** Reads {@code n} bits starting at {@code bitOffset} into words. */
    static long[] bits(MemorySegment seg, long bitOffset, int n) {
        long[] out = new long[words(n)];
        long size = seg.byteSize();
        for (int w = 0; w < out.length; w++) {
            long start = bitOffset + ((long) w << 6);
            long byteIndex = start >>> 3;
            int shift = (int) (start & 7);
            int count = Math.min(64, n - (w << 6));
            long word;
            if (byteIndex + 9 <= size) {
                word = seg.get(ValueLayout.JAVA_LONG_UNALIGNED, byteIndex) >>> shift;
                if (shift != 0) {
                    word |= (seg.get(ValueLayout.JAVA_BYTE, byteIndex + 8) & 0xFFL) << (64 - shift);
                }
            } else {
                word = 0;
                for (int b = 0; b < count; b++) {
                    long bit = start + b;
                    word |= ((seg.get(ValueLayout.JAVA_BYTE, bit >>> 3) >>> (bit & 7)) & 1L) << b;
                }
            }
            out[w] = count == 64 ? word : word & ((1L << count) - 1);
        }
        return out;
    }

    private static long[] boolBits(Canonical a, int n) {
        if (!(a instanceof BoolArray b)) {
            throw new IllegalArgumentException("expected booleans, got " + a.dtype().display());
        }
        return bits(b.bits(), b.bitOffset(), n);
    }

    /** Raw comparison bits over every row (null rows hold garbage; callers mask with validity). */
    static long[] compare(Canonical column, Expr.Op op, Scalar literal, int n) {
        Canonical a = storage(column);
        long[] out = new long[words(n)];
        switch (a) {
            case PrimitiveArray p when p.ptype().isFloat() ->
                    compareBlocks(n, (from, len, keys) -> floatKeys(p, from, len, keys),
                            floatKey(literal.asDouble()), op, out);
            case PrimitiveArray p -> {
                boolean u64 = p.ptype() == PType.U64;
                compareBlocks(n, (from, len, keys) -> {
                    Offsets.widen(p, from, len, keys);
                    if (u64) {
                        for (int i = 0; i < len; i++) {
                            keys[i] ^= Long.MIN_VALUE;
                        }
                    }
                }, u64 ? literal.asLong() ^ Long.MIN_VALUE : literal.asLong(), op, out);
            }
            case BoolArray b -> {
                long[] bits = bits(b.bits(), b.bitOffset(), n);
                long[] keys = new long[n];
                for (int i = 0; i < n; i++) {
                    keys[i] = (bits[i >>> 6] >>> i) & 1L;
                }
                compareKeys(keys, n, ((Boolean) literal.value()) ? 1 : 0, op, out);
            }
            case DecimalArray d -> compareDecimal(d, (BigInteger) literal.value(), op, n, out);
            case VarBinViewArray v -> compareViews(v, literal.asBytes(), op, n, out);
            case VarBinArray v -> compareVarBin(v, literal.asBytes(), op, n, out);
            default -> throw new IllegalArgumentException("cannot compare values of " + a.dtype().display());
        }
        return out;
    }

    /**
     * Compares two columns row by row (types the binder checked: same family, same order), a block
     * of keys at a time for numbers.
     *
     * @return the rows where the comparison holds, nulls not masked
     */
    static long[] compareColumns(Canonical left, Canonical right, Expr.Op op, int n) {
        Canonical a = storage(left);
        Canonical b = storage(right);
        long[] out = new long[words(n)];
        switch (a) {
            case PrimitiveArray p when b instanceof PrimitiveArray q && p.ptype() == PType.I32
                    && q.ptype() == PType.I32 -> {
                // dates and 32-bit integers: compared as ints, a block at a time, without widening
                int[] ka = new int[Math.min(n, KEY_BLOCK)];
                int[] kb = new int[ka.length];
                for (int from = 0; from < n; from += KEY_BLOCK) {
                    int len = Math.min(KEY_BLOCK, n - from);
                    MemorySegment.copy(p.values(), ValueLayout.JAVA_INT_UNALIGNED, 4L * from, ka, 0, len);
                    MemorySegment.copy(q.values(), ValueLayout.JAVA_INT_UNALIGNED, 4L * from, kb, 0, len);
                    pairBits(ka, kb, len, op, out, from >>> 6);
                }
            }
            case PrimitiveArray p when b instanceof PrimitiveArray q -> {
                long[] ka = new long[Math.min(n, KEY_BLOCK)];
                long[] kb = new long[ka.length];
                for (int from = 0; from < n; from += KEY_BLOCK) {
                    int len = Math.min(KEY_BLOCK, n - from);
                    keys(p, from, len, ka);
                    keys(q, from, len, kb);
                    pairBits(ka, kb, len, op, out, from >>> 6);
                }
            }
            case BoolArray x when b instanceof BoolArray y -> {
                long[] bx = bits(x.bits(), x.bitOffset(), n);
                long[] by = bits(y.bits(), y.bitOffset(), n);
                int[] signs = new int[n];
                for (int i = 0; i < n; i++) {
                    signs[i] = Long.compare((bx[i >>> 6] >>> i) & 1L, (by[i >>> 6] >>> i) & 1L);
                }
                compareSigns(signs, n, op, out);
            }
            case DecimalArray d when b instanceof DecimalArray e && d.valueByteWidth() <= 8
                    && e.valueByteWidth() <= 8 -> {
                long[] ka = new long[n];
                long[] kb = new long[n];
                d.unscaledLongs(n, ka);
                e.unscaledLongs(n, kb);
                pairBits(ka, kb, n, op, out, 0);
            }
            case DecimalArray d when b instanceof DecimalArray e -> {
                // wider decimals (precision above 18) are rare: compared through BigInteger
                int[] signs = new int[n];
                for (int i = 0; i < n; i++) {
                    signs[i] = d.isValid(i) && e.isValid(i) ? d.getUnscaled(i).compareTo(e.getUnscaled(i)) : 0;
                }
                compareSigns(signs, n, op, out);
            }
            default -> {
                RowBytes x = RowBytes.of(a);
                RowBytes y = RowBytes.of(b);
                if (x == null || y == null) {
                    throw new IllegalArgumentException("cannot compare values of " + a.dtype().display() + " with "
                            + b.dtype().display());
                }
                int[] signs = new int[n];
                for (int i = 0; i < n; i++) {
                    signs[i] = compareBytes(x.buffer(i), x.offset(i), x.length(i), y.buffer(i), y.offset(i),
                            y.length(i));
                }
                compareSigns(signs, n, op, out);
            }
        }
        return out;
    }

    /**
     * Writes {@code x[i] op y[i]} for {@code i < len} as bits from word {@code word} of {@code out}:
     * each word gathered in a register and stored once; {@code >}, {@code >=} swap the operands and
     * {@code <>} inverts {@code =}.
     */
    private static void pairBits(long[] x, long[] y, int len, Expr.Op op, long[] out, int word) {
        long[] a = op == Expr.Op.GT || op == Expr.Op.GE ? y : x;
        long[] b = a == y ? x : y;
        for (int base = 0, w = word; base < len; base += 64, w++) {
            int end = Math.min(64, len - base);
            long bits = 0;
            switch (op) {
                case EQ, NE -> {
                    for (int j = 0; j < end; j++) {
                        bits |= (a[base + j] == b[base + j] ? 1L : 0L) << j;
                    }
                }
                case LT, GT -> {
                    for (int j = 0; j < end; j++) {
                        bits |= (a[base + j] < b[base + j] ? 1L : 0L) << j;
                    }
                }
                default -> {
                    for (int j = 0; j < end; j++) {
                        bits |= (a[base + j] <= b[base + j] ? 1L : 0L) << j;
                    }
                }
            }
            out[w] = op == Expr.Op.NE ? ~bits & (-1L >>> (64 - end)) : bits;
        }
    }

    /** {@link #pairBits(long[], long[], int, Expr.Op, long[], int)} over ints. */
    private static void pairBits(int[] x, int[] y, int len, Expr.Op op, long[] out, int word) {
        int[] a = op == Expr.Op.GT || op == Expr.Op.GE ? y : x;
        int[] b = a == y ? x : y;
        for (int base = 0, w = word; base < len; base += 64, w++) {
            int end = Math.min(64, len - base);
            long bits = 0;
            switch (op) {
                case EQ, NE -> {
                    for (int j = 0; j < end; j++) {
                        bits |= (a[base + j] == b[base + j] ? 1L : 0L) << j;
                    }
                }
                case LT, GT -> {
                    for (int j = 0; j < end; j++) {
                        bits |= (a[base + j] < b[base + j] ? 1L : 0L) << j;
                    }
                }
                default -> {
                    for (int j = 0; j < end; j++) {
                        bits |= (a[base + j] <= b[base + j] ? 1L : 0L) << j;
                    }
                }
            }
            out[w] = op == Expr.Op.NE ? ~bits & (-1L >>> (64 - end)) : bits;
        }
    }

    /** Order-preserving long keys of a primitive block: floats in IEEE total order, U64 sign-flipped. */
    private static void keys(PrimitiveArray p, int from, int len, long[] keys) {
        if (p.ptype().isFloat()) {
            floatKeys(p, from, len, keys);
            return;
        }
        Offsets.widen(p, from, len, keys);
        if (p.ptype() == PType.U64) {
            for (int i = 0; i < len; i++) {
                keys[i] ^= Long.MIN_VALUE;
            }
        }
    }

    /** Where each row's bytes are in a string or binary array. */
    private record RowBytes(MemorySegment views, MemorySegment[] buffers, long[] offsets, MemorySegment bytes) {
        static RowBytes of(Canonical a) {
            return switch (a) {
                case VarBinViewArray v -> new RowBytes(v.views(), v.dataBuffers().toArray(new MemorySegment[0]), null,
                        null);
                case VarBinArray v -> {
                    long[] offsets = new long[v.length() + 1];
                    Offsets.widen(v.offsets(), 0, v.length() + 1, offsets);
                    yield new RowBytes(null, null, offsets, v.bytes());
                }
                default -> null;
            };
        }

        int length(int i) {
            return views != null ? views.get(ValueLayout.JAVA_INT_UNALIGNED, 16L * i)
                    : (int) (offsets[i + 1] - offsets[i]);
        }

        MemorySegment buffer(int i) {
            if (views == null) {
                return bytes;
            }
            return length(i) <= VarBinViewArray.MAX_INLINE ? views
                    : buffers[views.get(ValueLayout.JAVA_INT_UNALIGNED, 16L * i + 8)];
        }

        long offset(int i) {
            if (views == null) {
                return offsets[i];
            }
            return length(i) <= VarBinViewArray.MAX_INLINE ? 16L * i + 4
                    : Integer.toUnsignedLong(views.get(ValueLayout.JAVA_INT_UNALIGNED, 16L * i + 12));
        }
    }

    /** Items from which an IN list over a primitive column probes a hash set instead of one pass per item. */
    static final int IN_SET_MIN = 8;

    /**
     * The rows of a primitive column equal to one of the items, as {@link #compare} with {@code EQ}
     * would find them item by item, in one pass that looks each row's key up in a hash set of the
     * items' keys (a runtime join filter brings thousands of items).
     *
     * @return the row bits, or null when the column is not primitive
     */
    private static long[] inSet(Canonical column, java.util.List<Expr> list, int n) {
        if (!(storage(column) instanceof PrimitiveArray p)) {
            return null;
        }
        boolean isFloat = p.ptype().isFloat();
        InLists.KeySet set = InLists.of(list).keys(isFloat);
        long[] out = new long[words(n)];
        long[] keys = new long[Math.min(n, KEY_BLOCK)];
        for (int from = 0; from < n; from += KEY_BLOCK) {
            int len = Math.min(KEY_BLOCK, n - from);
            if (isFloat) {
                floatKeys(p, from, len, keys);
            } else {
                Offsets.widen(p, from, len, keys);
            }
            for (int i = 0; i < len; i++) {
                if (set.contains(keys[i])) {
                    int row = from + i;
                    out[row >>> 6] |= 1L << row;
                }
            }
        }
        return out;
    }

    /** IEEE-754 total order as a signed long key (the reference's float order). */
    static long floatKey(double d) {
        return Comparison.floatKey(d);
    }

    /** Rows whose keys {@link #compare} builds and compares a block at a time, so they stay in L1. */
    private static final int KEY_BLOCK = 1024;

    /** Writes the keys of rows {@code [from, from + len)} to {@code keys[0, len)}. */
    @FunctionalInterface
    private interface BlockKeys {
        void fill(int from, int len, long[] keys);
    }

    /**
     * Compares {@code n} rows with the literal's key block by block, through one reused block of
     * keys instead of a long per row of the chunk.
     */
    private static void compareBlocks(int n, BlockKeys fill, long lit, Expr.Op op, long[] out) {
        long[] keys = new long[Math.min(n, KEY_BLOCK)];
        long[] words = new long[words(keys.length)];
        for (int from = 0; from < n; from += KEY_BLOCK) {
            int len = Math.min(KEY_BLOCK, n - from);
            fill.fill(from, len, keys);
            java.util.Arrays.fill(words, 0L);
            compareKeys(keys, len, lit, op, words);
            System.arraycopy(words, 0, out, from >>> 6, words(len));
        }
    }

    private static void floatKeys(PrimitiveArray p, int from, int n, long[] keys) {
        MemorySegment s = p.values().asSlice((long) from * p.ptype().byteWidth());
        switch (p.ptype()) {
            case F64 -> {
                for (int i = 0; i < n; i++) {
                    long bits = s.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i);
                    keys[i] = bits ^ ((bits >> 63) >>> 1);
                }
            }
            case F32 -> {
                for (int i = 0; i < n; i++) {
                    long bits = Double.doubleToRawLongBits(s.get(ValueLayout.JAVA_FLOAT_UNALIGNED, 4L * i));
                    keys[i] = bits ^ ((bits >> 63) >>> 1);
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    long bits = Double.doubleToRawLongBits(
                            Float.float16ToFloat(s.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i)));
                    keys[i] = bits ^ ((bits >> 63) >>> 1);
                }
            }
        }
    }

    private static void compareKeys(long[] keys, int n, long lit, Expr.Op op, long[] out) {
        Comparison.compareKeys(keys, n, lit, op(op), out);
    }

    /** The operator as encoded forms' kernels take it. */
    private static Comparison.Op op(Expr.Op op) {
        return switch (op) {
            case EQ -> Comparison.Op.EQ;
            case NE -> Comparison.Op.NE;
            case LT -> Comparison.Op.LT;
            case LE -> Comparison.Op.LE;
            case GT -> Comparison.Op.GT;
            case GE -> Comparison.Op.GE;
        };
    }

    private static void compareSigns(int[] signs, int n, Expr.Op op, long[] out) {
        for (int i = 0; i < n; i++) {
            int s = signs[i];
            boolean r = switch (op) {
                case EQ -> s == 0;
                case NE -> s != 0;
                case LT -> s < 0;
                case LE -> s <= 0;
                case GT -> s > 0;
                case GE -> s >= 0;
            };
            out[i >>> 6] |= (r ? 1L : 0L) << i;
        }
    }

    private static void compareDecimal(DecimalArray d, BigInteger lit, Expr.Op op, int n, long[] out) {
        int width = d.valueByteWidth();
        if (width <= 8 && lit.bitLength() < 64) {
            long[] keys = new long[n];
            d.unscaledLongs(n, keys);
            compareKeys(keys, n, lit.longValue(), op, out);
            return;
        }
        int[] signs = new int[n];
        if (width == 16 && lit.bitLength() < 128) {
            long litLo = lit.longValue();
            long litHi = lit.shiftRight(64).longValue();
            MemorySegment s = d.values();
            for (int i = 0; i < n; i++) {
                long lo = s.get(ValueLayout.JAVA_LONG_UNALIGNED, 16L * i);
                long hi = s.get(ValueLayout.JAVA_LONG_UNALIGNED, 16L * i + 8);
                int c = Long.compare(hi, litHi);
                signs[i] = c != 0 ? c : Long.compareUnsigned(lo, litLo);
            }
        } else {
            // 32-byte decimals (precision > 38) are rare: compare through BigInteger
            for (int i = 0; i < n; i++) {
                signs[i] = d.getUnscaled(i).compareTo(lit);
            }
        }
        compareSigns(signs, n, op, out);
    }

    private static void compareViews(VarBinViewArray v, byte[] lit, Expr.Op op, int n, long[] out) {
        MemorySegment views = v.views();
        MemorySegment[] buffers = v.dataBuffers().toArray(new MemorySegment[0]);
        MemorySegment litSeg = MemorySegment.ofArray(lit);
        int[] signs = new int[n];
        for (int i = 0; i < n; i++) {
            long view = 16L * i;
            int size = views.get(ValueLayout.JAVA_INT_UNALIGNED, view);
            if (size <= VarBinViewArray.MAX_INLINE) {
                signs[i] = compareBytes(views, view + 4, size, litSeg, lit.length);
            } else {
                MemorySegment buf = buffers[views.get(ValueLayout.JAVA_INT_UNALIGNED, view + 8)];
                long offset = Integer.toUnsignedLong(views.get(ValueLayout.JAVA_INT_UNALIGNED, view + 12));
                signs[i] = compareBytes(buf, offset, size, litSeg, lit.length);
            }
        }
        compareSigns(signs, n, op, out);
    }

    private static void compareVarBin(VarBinArray v, byte[] lit, Expr.Op op, int n, long[] out) {
        long[] offsets = new long[n + 1];
        Offsets.widen(v.offsets(), 0, n + 1, offsets);
        MemorySegment bytes = v.bytes();
        MemorySegment litSeg = MemorySegment.ofArray(lit);
        int[] signs = new int[n];
        for (int i = 0; i < n; i++) {
            signs[i] = compareBytes(bytes, offsets[i], (int) (offsets[i + 1] - offsets[i]), litSeg, lit.length);
        }
        compareSigns(signs, n, op, out);
    }

    /** Unsigned lexicographic comparison of {@code a[off, off+len)} with {@code b[0, blen)}. */
    static int compareBytes(MemorySegment a, long off, int len, MemorySegment b, int blen) {
        return compareBytes(a, off, len, b, 0, blen);
    }

    /** Unsigned lexicographic comparison of {@code a[off, off+len)} with {@code b[boff, boff+blen)}. */
    private static int compareBytes(MemorySegment a, long off, int len, MemorySegment b, long boff, int blen) {
        long m = MemorySegment.mismatch(a, off, off + len, b, boff, boff + blen);
        if (m < 0) {
            return 0;
        }
        if (m >= len || m >= blen) {
            return Integer.compare(len, blen);
        }
        return Integer.compare(a.get(ValueLayout.JAVA_BYTE, off + m) & 0xFF,
                b.get(ValueLayout.JAVA_BYTE, boff + m) & 0xFF);
    }

    static boolean isFloat(DType t) {
        DType s = t instanceof DType.Extension e ? e.storage() : t;
        return s instanceof DType.Primitive p && p.ptype().isFloat();
    }
}
