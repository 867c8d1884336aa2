package io.jvortex.internal.encodings.sequence;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.dtype.PType;
import io.jvortex.spi.WriteNode;
import java.util.List;

/**
 * The reference's {@code vortex.int.sequence}: an integer array without nulls that is exactly
 * {@code base + i · multiplier} with a non-zero multiplier of the array's own type (so unsigned
 * sequences ascend; for u64 the step must also fit a signed 64-bit value, as the multiplier is
 * written as one) and no step overflowing the type. Judged on the whole array only (never on
 * samples); its estimate, like the reference's, is two values.
 */
public final class SequenceScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.INT_SEQUENCE;

    /** Creates the scheme. */
    public SequenceScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return SequenceEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof PrimitiveArray p && p.ptype().isInteger();
    }

    @Override
    public Verdict judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        if (ctx.sampling() || facts.nullCount() > 0) {
            return SKIP;
        }
        PrimitiveArray p = (PrimitiveArray) array;
        return multiplier(p) == null ? SKIP : Verdict.size(2L * p.ptype().byteWidth());
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        PrimitiveArray p = (PrimitiveArray) array;
        if (facts.nullCount() > 0) {
            return null;
        }
        Long multiplier = multiplier(p);
        if (multiplier == null) {
            return null;
        }
        return node(p, p.getLong(0), multiplier);
    }

    /**
     * Whether readers before 0.91 accept the sequence: their constructor computes the last value in
     * the type itself as {@code (len - 1) · multiplier + base} and rejects the array when {@code len - 1}
     * or the product does not fit the type (e.g. an i8 sequence of 129 values, although its values fit).
     *
     * @param t the integer type
     * @param length the number of values
     * @param multiplier the step
     * @return whether {@code (length - 1) · multiplier} fits the type
     */
    public static boolean lastValueComputable(PType t, int length, long multiplier) {
        long steps = length - 1L;
        if (t == PType.U64) {
            return Math.unsignedMultiplyHigh(steps, multiplier) == 0;
        }
        if (t == PType.I64) {
            try {
                Math.multiplyExact(steps, multiplier);
                return true;
            } catch (ArithmeticException e) {
                return false;
            }
        }
        long lo = t.isSigned() ? -(1L << (t.bitWidth() - 1)) : 0;
        long hi = t.isSigned() ? (1L << (t.bitWidth() - 1)) - 1 : (1L << t.bitWidth()) - 1;
        long product = steps * multiplier; // exact: |steps| < 2^31 and |multiplier| < 2^32 here
        return steps <= hi && product >= lo && product <= hi;
    }

    /**
     * @param p the array (for its dtype)
     * @param base the first value
     * @param multiplier the step
     * @return the {@code vortex.sequence} node
     */
    public static WriteNode node(PrimitiveArray p, long base, long multiplier) {
        // The 0.91 writer stores the multiplier as a signed 64-bit value whatever the type (base in the
        // type's own form: uint64_value for unsigned types).
        byte[] metadata = new SequenceEncoding.SequenceMetadata(base, multiplier, false).serialize(p.ptype());
        return WriteNode.of(SequenceEncoding.ID, metadata, List.of(), List.of());
    }

    /**
     * @param p an integer array without nulls
     * @return the multiplier when the array is an arithmetic progression the reference accepts (0
     *         for a single value), else {@code null}
     */
    static Long multiplier(PrimitiveArray p) {
        Long m = progression(p);
        return m == null || m == 0 || lastValueComputable(p.ptype(), p.length(), m) ? m : null;
    }

    private static Long progression(PrimitiveArray p) {
        int n = p.length();
        if (n == 0) {
            return null;
        }
        if (n == 1) {
            return 0L;
        }
        // Most arrays fail on their first three values: a progression has equal differences (in
        // wrapping arithmetic too), so look before converting the whole array.
        if (n >= 3 && p.getLong(2) - p.getLong(1) != p.getLong(1) - p.getLong(0)) {
            return null;
        }
        long[] v = Primitives.toLongs(p);
        PType t = p.ptype();
        long m;
        if (t == PType.U64) {
            if (Long.compareUnsigned(v[1], v[0]) <= 0) {
                return null;
            }
            m = v[1] - v[0];
            if (m < 0) {
                // a step above 2^63 - 1 has no signed 64-bit multiplier
                return null;
            }
            for (int i = 1; i < n; i++) {
                long next = v[i - 1] + m;
                if (Long.compareUnsigned(next, v[i - 1]) < 0 || next != v[i]) {
                    return null;
                }
            }
            return m;
        }
        if (t == PType.I64) {
            try {
                m = Math.subtractExact(v[1], v[0]);
                for (int i = 1; i < n; i++) {
                    if (Math.addExact(v[i - 1], m) != v[i]) {
                        return null;
                    }
                }
            } catch (ArithmeticException e) {
                return null;
            }
            return m == 0 ? null : m;
        }
        // Narrower types: exact in long arithmetic; the step and every value must fit the type.
        long lo = t.isSigned() ? -(1L << (t.bitWidth() - 1)) : 0;
        long hi = t.isSigned() ? (1L << (t.bitWidth() - 1)) - 1 : (1L << t.bitWidth()) - 1;
        m = v[1] - v[0];
        if (m == 0 || m < lo || m > hi) {
            return null;
        }
        for (int i = 1; i < n; i++) {
            if (v[i - 1] + m != v[i]) {
                return null;
            }
        }
        return m;
    }
}
