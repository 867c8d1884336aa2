package io.jvortex.spi;

import io.jvortex.array.Canonical;
import io.jvortex.scalar.Scalar;
import java.util.Objects;
import java.util.function.Function;

/**
 * A comparison of every row with a literal, handed to an {@link EncodedForm.Kernel} so that the
 * encoding that owns the form evaluates it in its encoded domain. Results are raw row bitsets: bit
 * {@code i & 63} of word {@code i >>> 6} is set where row {@code i} compares true; bits of null rows are
 * unspecified (the evaluator masks them with the validity), bits past the last row are zero.
 *
 * <p>Also holds the key comparison the evaluator's canonical kernels and the encodings' kernels share:
 * rows as {@code long} keys against a key literal, and the IEEE-754 total-order key of a float.
 */
public final class Comparison {
    /** A comparison operator (the same six as {@code io.jvortex.expr.Expr.Op}). */
    public enum Op {
        /** {@code =} */
        EQ,
        /** {@code !=} */
        NE,
        /** {@code <} */
        LT,
        /** {@code <=} */
        LE,
        /** {@code >} */
        GT,
        /** {@code >=} */
        GE
    }

    private final Op op;
    private final Scalar literal;
    private final Function<Canonical, long[]> canonical;

    /**
     * @param op the operator, rows on its left
     * @param literal the literal on its right (never null-valued)
     * @param canonical the canonical kernel: compares decoded rows (e.g. an encoding's patch values) with
     *        the same operator and literal, giving their raw bitset
     */
    public Comparison(Op op, Scalar literal, Function<Canonical, long[]> canonical) {
        this.op = Objects.requireNonNull(op, "op");
        this.literal = Objects.requireNonNull(literal, "literal");
        this.canonical = Objects.requireNonNull(canonical, "canonical");
    }

    /** @return the operator */
    public Op op() {
        return op;
    }

    /** @return the literal */
    public Scalar literal() {
        return literal;
    }

    /**
     * @param rows decoded rows
     * @return their raw comparison bits, by the canonical kernel
     */
    public long[] compareDecoded(Canonical rows) {
        return canonical.apply(rows);
    }

    /**
     * Replaces the comparison bits of patched rows by the canonical comparison of their patch values.
     *
     * @param out raw bits of every row, updated in place
     * @param positions patched rows, strictly increasing
     * @param patchValues their values (ignored when there are no positions)
     * @return {@code out}
     */
    public long[] withPatches(long[] out, int[] positions, Canonical patchValues) {
        if (positions.length > 0) {
            long[] patched = compareDecoded(patchValues);
            for (int k = 0; k < positions.length; k++) {
                int row = positions[k];
                long bit = 1L << row;
                if ((patched[k >>> 6] & (1L << k)) != 0) {
                    out[row >>> 6] |= bit;
                } else {
                    out[row >>> 6] &= ~bit;
                }
            }
        }
        return out;
    }

    /**
     * @param n rows
     * @return words of a bitset over them
     */
    public static int words(int n) {
        return (n + 63) >>> 6;
    }

    /**
     * @param n rows
     * @return a bitset with every row's bit set (none past {@code n})
     */
    public static long[] ones(int n) {
        long[] out = new long[words(n)];
        java.util.Arrays.fill(out, -1L);
        if ((n & 63) != 0) {
            out[out.length - 1] = (1L << n) - 1;
        }
        return out;
    }

    /**
     * IEEE-754 total order as a signed long key (the reference's float order: NaN above infinity,
     * {@code -0.0 < 0.0}).
     *
     * @param d a value
     * @return its key
     */
    public static long floatKey(double d) {
        long bits = Double.doubleToRawLongBits(d);
        return bits ^ ((bits >> 63) >>> 1);
    }

    /**
     * Sets the bit of every row whose key compares true with the literal key (signed order).
     *
     * @param keys the rows' keys
     * @param n rows
     * @param lit the literal's key
     * @param op the operator
     * @param out the bitset, bits only ever set
     */
    public static void compareKeys(long[] keys, int n, long lit, Op op, long[] out) {
        // Each word's 64 bits are gathered in a register and stored once: a read-modify-write of the
        // output word per row made this loop the filter's bottleneck.
        switch (op) {
            case EQ -> {
                for (int base = 0, w = 0; base < n; base += 64, w++) {
                    long bits = 0;
                    for (int j = 0, end = Math.min(64, n - base); j < end; j++) {
                        bits |= (keys[base + j] == lit ? 1L : 0L) << j;
                    }
                    out[w] |= bits;
                }
            }
            case NE -> {
                for (int base = 0, w = 0; base < n; base += 64, w++) {
                    long bits = 0;
                    for (int j = 0, end = Math.min(64, n - base); j < end; j++) {
                        bits |= (keys[base + j] != lit ? 1L : 0L) << j;
                    }
                    out[w] |= bits;
                }
            }
            case LT -> {
                for (int base = 0, w = 0; base < n; base += 64, w++) {
                    long bits = 0;
                    for (int j = 0, end = Math.min(64, n - base); j < end; j++) {
                        bits |= (keys[base + j] < lit ? 1L : 0L) << j;
                    }
                    out[w] |= bits;
                }
            }
            case LE -> {
                for (int base = 0, w = 0; base < n; base += 64, w++) {
                    long bits = 0;
                    for (int j = 0, end = Math.min(64, n - base); j < end; j++) {
                        bits |= (keys[base + j] <= lit ? 1L : 0L) << j;
                    }
                    out[w] |= bits;
                }
            }
            case GT -> {
                for (int base = 0, w = 0; base < n; base += 64, w++) {
                    long bits = 0;
                    for (int j = 0, end = Math.min(64, n - base); j < end; j++) {
                        bits |= (keys[base + j] > lit ? 1L : 0L) << j;
                    }
                    out[w] |= bits;
                }
            }
            case GE -> {
                for (int base = 0, w = 0; base < n; base += 64, w++) {
                    long bits = 0;
                    for (int j = 0, end = Math.min(64, n - base); j < end; j++) {
                        bits |= (keys[base + j] >= lit ? 1L : 0L) << j;
                    }
                    out[w] |= bits;
                }
            }
        }
    }
}
