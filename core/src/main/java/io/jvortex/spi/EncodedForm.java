package io.jvortex.spi;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;

/**
 * A node read without its last decoding steps, in a form a filter can evaluate directly (once per run,
 * or against a literal transformed into the encoded domain). Produced by encodings that implement
 * {@link EncodedFilter}; the scan slices it to row ranges and the evaluator compares it. A closed set:
 * a new form needs a kernel in the evaluator.
 */
public sealed interface EncodedForm {
    /**
     * Runs of values without expanding them.
     *
     * @param values the run values, one per run
     * @param ends each run's exclusive end in logical rows, non-decreasing, clamped to {@code [0, length]}
     */
    record Runs(Canonical values, int[] ends) implements EncodedForm {
    }

    /**
     * Integers before their last steps: row {@code i} is {@code patchValues[k]} when
     * {@code patchPositions[k] == i}, else {@code unsigned(packed[i]) + reference} (the packed value read
     * as an unsigned {@code bitWidth}-bit number; the sum wraps in the type's width).
     *
     * @param packed the unpacked values with the rows' validity (contents at patched rows unspecified)
     * @param reference the frame-of-reference reference (0 for plain bit-packing), as the type's bits
     * @param bitWidth bits per packed value (the widest block's when blocks differ)
     * @param patchPositions patched rows, strictly increasing
     * @param patchValues their final values (reference included), null when there are no patches
     */
    record PackedInts(PrimitiveArray packed, long reference, int bitWidth, int[] patchPositions,
                      PrimitiveArray patchValues) implements EncodedForm {
    }

    /**
     * Floats as ALP integers before scaling: row {@code i} is {@code patchValues[k]} when
     * {@code patchPositions[k] == i}, else {@code ints[i] * f10 * if10} in the float type.
     *
     * @param ints the encoded integers (i32 for f32, i64 for f64) with the rows' validity
     * @param f32 whether the values are f32
     * @param f10 {@code 10^f} of the float type (an f32 table entry widened exactly for f32)
     * @param if10 {@code 10^-e} of the float type
     * @param patchPositions patched rows, strictly increasing
     * @param patchValues their values, or null when there are none
     */
    record AlpInts(PrimitiveArray ints, boolean f32, double f10, double if10, int[] patchPositions,
                   PrimitiveArray patchValues) implements EncodedForm {
    }
}
