package io.jvortex.internal.encodings.alp;

import io.jvortex.spi.PatchedRows;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.Comparison;
import io.jvortex.spi.EncodedForm;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Floats as ALP integers before scaling, with their comparison kernel: row {@code i} is
 * {@code patchValues[k]} when {@code patchPositions[k] == i}, else {@code ints[i] * f10 * if10}
 * computed in the float type (f32: {@code (float) ints[i] * (float) f10 * (float) if10}).
 *
 * @param ints the encoded integers (i32 for f32, i64 for f64) with the rows' validity
 * @param f32 whether the values are f32
 * @param f10 {@code 10^f} of the float type (an f32 table entry widened exactly for f32), positive
 * @param if10 {@code 10^-e} of the float type, positive
 * @param patchPositions patched rows, strictly increasing, below {@code ints.length()}
 * @param patchValues their values (of the float type), or null when there are none
 */
public record AlpInts(PrimitiveArray ints, boolean f32, double f10, double if10, int[] patchPositions,
                      PrimitiveArray patchValues) implements EncodedForm.Kernel {
    private static final io.jvortex.array.Allocator HEAP =
            bytes -> MemorySegment.ofArray(new long[(int) ((bytes + 7) >>> 3)]).asSlice(0, bytes);

    /** Checks the parts. */
    public AlpInts {
        if (!(f32 && ints.ptype() == PType.I32 || !f32 && ints.ptype() == PType.I64) || !(f10 > 0) || !(if10 > 0)) {
            throw new IllegalArgumentException("ALP of " + (f32 ? PType.F32 : PType.F64) + " over " + ints.ptype());
        }
        if (patchPositions.length != (patchValues == null ? 0 : patchValues.length())) {
            throw new IllegalArgumentException(patchPositions.length + " patch positions for "
                    + (patchValues == null ? 0 : patchValues.length()) + " values");
        }
    }

    /** @return the decoded type, F32 or F64 */
    public PType floatType() {
        return f32 ? PType.F32 : PType.F64;
    }

    @Override
    public int length() {
        return ints.length();
    }

    @Override
    public Validity validity() {
        return ints.validity();
    }

    @Override
    public AlpInts slice(int start, int length) {
        PatchedRows patches = PatchedRows.slice(patchPositions, patchValues, start, length);
        return new AlpInts(ints.slice(start, length), f32, f10, if10, patches.positions(), patches.values());
    }


    /** One ALP value, exactly as the decoder computes it. */
    private double alpValue(long e) {
        if (f32) {
            return (float) (int) e * (float) f10 * (float) if10;
        }
        return (double) e * f10 * if10;
    }

    /** Decodes the rows (for leaves other than comparisons). */
    @Override
    public PrimitiveArray decode() {
        int n = ints.length();
        long[] e = new long[n];
        Offsets.widen(ints, 0, n, e);
        MemorySegment out = HEAP.allocate((long) n * (f32 ? 4 : 8));
        for (int i = 0; i < n; i++) {
            if (f32) {
                out.setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i, (float) alpValue(e[i]));
            } else {
                out.setAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, i, alpValue(e[i]));
            }
        }
        int width = f32 ? 4 : 8;
        int[] positions = patchPositions;
        for (int k = 0; k < positions.length; k++) {
            MemorySegment.copy(patchValues.values(), (long) k * width, out, (long) positions[k] * width, width);
        }
        return new PrimitiveArray(new DType.Primitive(floatType(), ints.dtype().nullable()), out, n,
                ints.validity());
    }

    /**
     * The smallest encoded integer whose decoded value's total-order key is at least ({@code strict}:
     * above) {@code key}, or null when none is. Decoding multiplies by positive constants, so it is
     * monotone (non-decreasing) in the integer, and never underflows to zero or yields NaN for the
     * reference's exponent ranges: the integers selected by a comparison form a contiguous range.
     */
    private Long threshold(long key, boolean strict) {
        long lo = f32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long hi = f32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
        if (!atLeast(hi, key, strict)) {
            return null;
        }
        while (lo < hi) {
            long mid = (lo >> 1) + (hi >> 1) + (lo & hi & 1); // floor((lo + hi) / 2) without overflow
            if (atLeast(mid, key, strict)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private boolean atLeast(long e, long key, boolean strict) {
        long k = Comparison.floatKey(alpValue(e));
        return strict ? k > key : k >= key;
    }

    /**
     * Compares ALP integers with the integer thresholds of the literal (see {@link #threshold});
     * patched rows are compared on their own values.
     */
    @Override
    public long[] compare(Comparison comparison) {
        int n = ints.length();
        long key = Comparison.floatKey(comparison.literal().asDouble());
        Long atLeast = threshold(key, false);
        Long above = threshold(key, true);
        long[] e = new long[n];
        Offsets.widen(ints, 0, n, e);
        long[] ge = new long[Comparison.words(n)];
        long[] gt = new long[Comparison.words(n)];
        if (atLeast != null) {
            Comparison.compareKeys(e, n, atLeast, Comparison.Op.GE, ge);
        }
        if (above != null) {
            Comparison.compareKeys(e, n, above, Comparison.Op.GE, gt);
        }
        long[] mask = Comparison.ones(n);
        long[] out = new long[Comparison.words(n)];
        for (int w = 0; w < out.length; w++) {
            out[w] = switch (comparison.op()) {
                case LT -> ~ge[w];
                case GE -> ge[w];
                case LE -> ~gt[w];
                case GT -> gt[w];
                case EQ -> ge[w] & ~gt[w];
                case NE -> ~ge[w] | gt[w];
            } & mask[w];
        }
        return comparison.withPatches(out, patchPositions, patchValues);
    }
}
