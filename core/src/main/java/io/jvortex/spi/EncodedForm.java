package io.jvortex.spi;

import io.jvortex.array.Canonical;
import io.jvortex.array.Validity;

/**
 * A node read without its last decoding steps, in a form a filter can evaluate directly (once per run,
 * or against a literal transformed into the encoded domain). Produced by encodings that implement
 * {@link EncodedFilter}; the scan slices it to row ranges and the evaluator compares it: {@link Runs}
 * once per run, a {@link Kernel} by the comparison kernel of the encoding that made it.
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
     * Rows the owning encoding compares itself, without the last decoding steps (packed integers
     * against the literal minus the reference, ALP integers against integer thresholds of the literal):
     * the encoding's kernel lives with the form, so the evaluator names no encoding. Immutable.
     */
    non-sealed interface Kernel extends EncodedForm {
        /** @return rows */
        int length();

        /** @return the rows' validity */
        Validity validity();

        /**
         * @param start first row
         * @param length rows
         * @return those rows in the same form
         */
        Kernel slice(int start, int length);

        /**
         * Compares every row with a literal in the encoded domain.
         *
         * @param comparison the operator and literal (the literal is never null-valued and has the
         *        rows' type), with the canonical kernel for rows the form keeps decoded
         * @return the raw bits (see {@link Comparison}), or null when this form cannot compare exactly
         *         (then the caller decodes and compares)
         */
        long[] compare(Comparison comparison);

        /** @return every row decoded, for leaves other than comparisons */
        Canonical decode();
    }
}
