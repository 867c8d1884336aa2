package io.jvortex.internal.encodings.contract;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.dtype.PType;
import io.jvortex.spi.WriteNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/** Seeded plain data for the contract's node factories: values, validity, and forced schemes. */
final class Data {
    /** The integer types. */
    static final PType[] INTS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16, PType.I32,
                                 PType.I64};

    /** Kinds of integer data. */
    enum IntKind { RANDOM, SMALL, SMALL_WITH_OUTLIERS, NEGATIVE_SMALL, NARROW_RANGE, RUNS, DOMINANT, LOW_CARDINALITY,
        SEQUENCE, CONSTANT }

    private Data() {
    }

    /**
     * @param r random source
     * @param length rows
     * @param nulls the shape
     * @return per-row validity, {@code null} for {@link NullShape#NONE}
     */
    static boolean[] valid(SplittableRandom r, int length, NullShape nulls) {
        if (nulls == NullShape.NONE) {
            return null;
        }
        boolean[] v = new boolean[length];
        if (nulls == NullShape.SOME) {
            int density = 10 + r.nextInt(81);
            for (int i = 0; i < length; i++) {
                v[i] = r.nextInt(100) < density;
            }
            if (length >= 2) {
                int a = r.nextInt(length);
                int b = (a + 1 + r.nextInt(length - 1)) % length;
                v[a] = true;
                v[b] = false;
            }
        }
        return v;
    }

    /** @return whether a case of this shape gets a nullable dtype (NONE: either) */
    static boolean nullable(SplittableRandom r, NullShape nulls) {
        return nulls != NullShape.NONE || r.nextBoolean();
    }

    static PType anyInt(SplittableRandom r) {
        return INTS[r.nextInt(INTS.length)];
    }

    static long min(PType t) {
        return t.isSigned() ? (t.bitWidth() == 64 ? Long.MIN_VALUE : -(1L << (t.bitWidth() - 1))) : 0;
    }

    static long max(PType t) {
        int bits = t.bitWidth();
        return t.isSigned() ? (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1) : (bits == 64 ? -1L : (1L << bits) - 1);
    }

    /** @return integer values of a kind, in range for the type */
    static long[] ints(SplittableRandom r, PType t, int length, IntKind kind) {
        int bits = t.bitWidth();
        long[] v = new long[length];
        long[] pool = new long[1 + r.nextInt(12)];
        for (int k = 0; k < pool.length; k++) {
            pool[k] = clamp(t, r.nextLong());
        }
        int w = 1 + r.nextInt(Math.min(bits - 1, 20));
        long base = clamp(t, r.nextLong());
        long step = 1 + r.nextInt(3);
        for (int i = 0; i < length; i++) {
            v[i] = switch (kind) {
                case RANDOM -> clamp(t, r.nextLong());
                case SMALL -> r.nextLong() & ((1L << w) - 1);
                case SMALL_WITH_OUTLIERS -> r.nextInt(50) == 0 ? max(t) : r.nextLong() & ((1L << w) - 1);
                case NEGATIVE_SMALL -> t.isSigned() ? r.nextInt(41) - 20 : r.nextInt(41);
                case NARROW_RANGE -> (t.isSigned() ? -100 : bits == 8 ? 100 : 1000) + r.nextInt(100);
                case RUNS -> i > 0 && r.nextInt(16) != 0 ? v[i - 1] : pool[r.nextInt(pool.length)];
                case DOMINANT -> r.nextInt(20) == 0 ? clamp(t, r.nextLong()) : base;
                case LOW_CARDINALITY -> pool[r.nextInt(pool.length)];
                case SEQUENCE -> (long) i * step;
                case CONSTANT -> base;
            };
        }
        if (kind == IntKind.SEQUENCE && length > 0 && Long.compareUnsigned((long) (length - 1) * step, max(t)) > 0) {
            // too long for the type: callers that need a true sequence pick a wide enough type
            for (int i = 0; i < length; i++) {
                v[i] = i % (bits == 8 ? 100 : 30_000);
            }
        }
        return v;
    }

    /** @return {@code x} truncated to the type, sign- or zero-extended as the type reads */
    static long clamp(PType t, long x) {
        int bits = t.bitWidth();
        if (bits == 64) {
            return x;
        }
        return t.isSigned() ? (x << (64 - bits)) >> (64 - bits) : x & ((1L << bits) - 1);
    }

    static PrimitiveArray ints(SplittableRandom r, PType t, int length, IntKind kind, NullShape nulls) {
        return TestArrays.primitive(t, nullable(r, nulls), ints(r, t, length, kind), valid(r, length, nulls));
    }

    /** @return doubles of a kind: prices with two decimals, noise, or mixed with specials */
    static double[] doubles(SplittableRandom r, int length, int kind) {
        double[] d = new double[length];
        for (int i = 0; i < length; i++) {
            d[i] = switch (kind) {
                case 0 -> Math.round(r.nextDouble() * 100_000) / 100.0;
                case 1 -> 20 + r.nextGaussian();
                default -> r.nextInt(30) == 0 ? new double[] {-0.0, Double.NaN, Double.POSITIVE_INFINITY,
                    Double.MIN_VALUE, 1e300, 1.0 / 3}[r.nextInt(6)] : Math.round(r.nextDouble() * 1000) / 10.0;
            };
        }
        return d;
    }

    /** @return an f64 or f32 array of {@link #doubles} */
    static PrimitiveArray floats(SplittableRandom r, int length, int kind, NullShape nulls) {
        boolean f32 = r.nextInt(3) == 0;
        double[] d = doubles(r, length, kind);
        long[] bits = new long[length];
        for (int i = 0; i < length; i++) {
            bits[i] = f32 ? Float.floatToRawIntBits((float) d[i]) : Double.doubleToRawLongBits(d[i]);
        }
        return TestArrays.primitive(f32 ? PType.F32 : PType.F64, nullable(r, nulls), bits, valid(r, length, nulls));
    }

    static BoolArray bools(SplittableRandom r, int length, NullShape nulls) {
        boolean[] values = new boolean[length];
        int density = r.nextInt(101);
        for (int i = 0; i < length; i++) {
            values[i] = r.nextInt(100) < density;
        }
        return TestArrays.bools(values, valid(r, length, nulls));
    }

    private static final String[] WORDS = {"alpha", "beta", "gamma", "http://example.com/", "vortex", "é", "日本",
        "", "columnar", "the quick brown fox"};

    /** @return strings with shared words (compressible), {@code null} for null rows */
    static String[] strings(SplittableRandom r, int length, NullShape nulls) {
        boolean[] valid = valid(r, length, nulls);
        int distinct = 1 + r.nextInt(length < 50 ? 5 : 300);
        String[] pool = new String[distinct];
        for (int k = 0; k < distinct; k++) {
            StringBuilder sb = new StringBuilder();
            int parts = r.nextInt(5);
            for (int p = 0; p < parts; p++) {
                sb.append(WORDS[r.nextInt(WORDS.length)]);
                if (r.nextBoolean()) {
                    sb.append(r.nextInt(1000));
                }
            }
            pool[k] = sb.toString();
        }
        String[] out = new String[length];
        for (int i = 0; i < length; i++) {
            out[i] = valid != null && !valid[i] ? null : pool[r.nextInt(distinct)];
        }
        return out;
    }

    /** @return unscaled decimals below {@code 10^min(precision, 18)}, {@code null} for null rows */
    static BigInteger[] decimals(SplittableRandom r, int precision, int length, NullShape nulls) {
        boolean[] valid = valid(r, length, nulls);
        BigInteger[] out = new BigInteger[length];
        long bound = (long) Math.pow(10, Math.min(precision, 18));
        boolean small = r.nextBoolean();
        for (int i = 0; i < length; i++) {
            long x = small ? r.nextLong(Math.min(bound, 1000)) - Math.min(bound, 1000) / 2 : r.nextLong(bound);
            out[i] = valid != null && !valid[i] ? null : BigInteger.valueOf(r.nextBoolean() ? x : -x);
        }
        return out;
    }

    /** @return the rows of an array in the contract's canonical form */
    static List<Object> rows(Canonical array) {
        return TestSupport.rows(array);
    }

    static List<Object> nulls(int length) {
        List<Object> out = new ArrayList<>(length);
        for (int i = 0; i < length; i++) {
            out.add(null);
        }
        return out;
    }

    /** @return per-row validity as a {@link Validity} (bitmap with a bit offset), all valid for {@code null} */
    static Validity validity(boolean[] valid) {
        return TestArrays.validity(valid);
    }

    // ---- forcing one scheme

    /** A scheme that only records the compression context it is judged in. */
    private static final class ContextProbe implements Scheme {
        private static final io.jvortex.internal.compress.SchemeId PROBE_ID =
                new io.jvortex.internal.compress.SchemeId("contract.probe");
        private CompressContext ctx;

        @Override
        public io.jvortex.internal.compress.SchemeId id() {
            return PROBE_ID;
        }

        @Override
        public String encodingId() {
            return "vortex.primitive";
        }

        @Override
        public boolean accepts(Canonical array) {
            return true;
        }

        @Override
        public io.jvortex.internal.compress.Verdict judge(Canonical array, ArrayFacts facts, CompressContext c) {
            if (ctx == null) {
                ctx = c;
            }
            return SKIP;
        }

        @Override
        public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext c) {
            return null;
        }
    }

    /**
     * A top-of-cascade compression context of the default schemes (children cascade through them)
     * over the permitted ids.
     */
    static CompressContext context(Predicate<String> allowed) {
        ContextProbe probe = new ContextProbe();
        List<Scheme> schemes = new ArrayList<>(BuiltinSchemes.defaults());
        schemes.add(probe);
        new Compressor(schemes, allowed).compressWith(TestArrays.i64(1), probe);
        return probe.ctx;
    }

    /**
     * Encodes with one scheme, skipping its judgement (so also arrays it would not choose).
     *
     * @param scheme the scheme
     * @param array the array
     * @param allowed the permitted ids
     * @return its node, or {@code null} when the scheme does not apply after all
     */
    static WriteNode force(Scheme scheme, Canonical array, Predicate<String> allowed) {
        return scheme.compress(array, new ArrayFacts(array), context(allowed));
    }

    /** Every id the compressor may use except {@code excluded}. */
    static Predicate<String> allExcept(String... excluded) {
        List<String> ex = List.of(excluded);
        return id -> !ex.contains(id);
    }
}
