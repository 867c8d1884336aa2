package io.jvortex.internal.encodings.bitpacked;

import io.jvortex.spi.PatchedRows;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.PType;
import io.jvortex.spi.Comparison;
import io.jvortex.spi.EncodedForm;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;

/**
 * Integers before their last steps (bit-packing, and frame of reference over it), with their comparison
 * kernel: row {@code i} is {@code patchValues[k]} when {@code patchPositions[k] == i}, else
 * {@code unsigned(packed[i]) + reference} (the packed value read as an unsigned {@code bitWidth}-bit
 * number; the sum wraps in the type's width).
 *
 * @param packed the unpacked values with the rows' validity (contents at patched rows unspecified)
 * @param reference the frame-of-reference reference (0 for plain bit-packing), as the type's bits
 * @param bitWidth bits per packed value (the widest block's when blocks differ)
 * @param patchPositions patched rows, strictly increasing, below {@code packed.length()}
 * @param patchValues their final values (reference included), null when there are no patches
 */
public record PackedInts(PrimitiveArray packed, long reference, int bitWidth, int[] patchPositions,
                         PrimitiveArray patchValues) implements EncodedForm.Kernel {
    /** Rows compared per block: one FastLanes chunk. */
    static final int BLOCK = 1024;
    static final io.jvortex.array.Allocator HEAP =
            bytes -> MemorySegment.ofArray(new long[(int) ((bytes + 7) >>> 3)]).asSlice(0, bytes);

    /** Checks the parts. */
    public PackedInts {
        if (!packed.ptype().isInteger() || bitWidth < 0 || bitWidth > packed.ptype().bitWidth()) {
            throw new IllegalArgumentException("bit width " + bitWidth + " for " + packed.dtype().display());
        }
        if (patchPositions.length != (patchValues == null ? 0 : patchValues.length())) {
            throw new IllegalArgumentException(patchPositions.length + " patch positions for "
                    + (patchValues == null ? 0 : patchValues.length()) + " values");
        }
    }

    @Override
    public int length() {
        return packed.length();
    }

    @Override
    public Validity validity() {
        return packed.validity();
    }

    @Override
    public PackedInts slice(int start, int length) {
        PatchedRows patches = PatchedRows.slice(patchPositions, patchValues, start, length);
        return new PackedInts(packed.slice(start, length), reference, bitWidth, patches.positions(), patches.values());
    }

    /** Decodes the rows: adds the reference and patches. */
    @Override
    public PrimitiveArray decode() {
        int n = packed.length();
        int width = packed.ptype().byteWidth();
        long[] v = new long[n];
        Offsets.widen(packed, 0, n, v);
        long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
        for (int i = 0; i < n; i++) {
            v[i] = (v[i] & mask) + reference;
        }
        int[] positions = patchPositions;
        if (positions.length > 0) {
            long[] patch = new long[positions.length];
            Offsets.widen(patchValues, 0, positions.length, patch);
            for (int k = 0; k < positions.length; k++) {
                v[positions[k]] = patch[k];
            }
        }
        MemorySegment out = HEAP.allocate((long) n * width);
        for (int i = 0; i < n; i++) {
            switch (width) {
                case 1 -> out.set(ValueLayout.JAVA_BYTE, i, (byte) v[i]);
                case 2 -> out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, (short) v[i]);
                case 4 -> out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, (int) v[i]);
                default -> out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, v[i]);
            }
        }
        return new PrimitiveArray(packed.dtype(), out, n, packed.validity());
    }

    /** A value of an integer type as the mathematical integer its {@code width}-bit pattern means. */
    private static BigInteger exact(long bits, PType ptype) {
        int w = ptype.bitWidth();
        if (ptype.isSigned()) {
            return BigInteger.valueOf(w == 64 ? bits : (bits << (64 - w)) >> (64 - w));
        }
        long masked = w == 64 ? bits : bits & ((1L << w) - 1);
        return new BigInteger(Long.toUnsignedString(masked));
    }

    /**
     * Compares packed rows without adding the reference: {@code p + ref op lit} is
     * {@code p op lit - ref} as long as no unpatched row can wrap, which holds when
     * {@code ref + 2^bitWidth - 1} fits the type. Patched rows are compared on their own values.
     *
     * @return raw comparison bits, or null when wrapping is possible (the caller decodes instead)
     */
    @Override
    public long[] compare(Comparison comparison) {
        long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
        return compareBlocks(comparison, packed.ptype(), reference, bitWidth, packed.length(), (from, len, keys) -> {
            Offsets.widen(packed, from, len, keys);
            for (int i = 0; i < len; i++) {
                keys[i] &= mask;
            }
        }, patchPositions, patchValues);
    }

    private static final java.lang.invoke.VarHandle LE_LONG =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /**
     * {@link Comparison#compareKeys} for keys and a literal in {@code [0, 2^62)}, where no difference
     * overflows: each row's outcome is the sign bit of one difference, written as a 0/1 byte in a loop
     * the JIT vectorizes, and every eight bytes become eight bits by one multiplication (byte
     * {@code m} of the little-endian long lands on bit {@code 56 + m}; the partial products never
     * collide, so nothing carries into the top byte).
     *
     * @param keys the rows' keys, each in {@code [0, 2^62)}
     * @param n rows, at most {@link #BLOCK}
     * @param lit the literal, in {@code [0, 2^62)}
     * @param op the operator
     * @param flags scratch of {@link #BLOCK} bytes
     * @param words receives the bits of the rows, {@code words(n)} words (overwritten)
     */
    static void compareSmall(long[] keys, int n, long lit, Comparison.Op op, byte[] flags, long[] words) {
        switch (op) {
            case LT -> {
                for (int j = 0; j < n; j++) {
                    flags[j] = (byte) ((keys[j] - lit) >>> 63);
                }
            }
            case LE -> {
                long above = lit + 1;
                for (int j = 0; j < n; j++) {
                    flags[j] = (byte) ((keys[j] - above) >>> 63);
                }
            }
            case GT -> {
                for (int j = 0; j < n; j++) {
                    flags[j] = (byte) ((lit - keys[j]) >>> 63);
                }
            }
            case GE -> {
                long below = lit - 1;
                for (int j = 0; j < n; j++) {
                    flags[j] = (byte) ((below - keys[j]) >>> 63);
                }
            }
            case EQ -> {
                for (int j = 0; j < n; j++) {
                    flags[j] = (byte) (((keys[j] ^ lit) - 1) >>> 63);
                }
            }
            case NE -> {
                for (int j = 0; j < n; j++) {
                    flags[j] = (byte) (1 - (((keys[j] ^ lit) - 1) >>> 63));
                }
            }
        }
        int wordCount = Comparison.words(n);
        java.util.Arrays.fill(flags, n, wordCount << 6, (byte) 0);
        for (int w = 0; w < wordCount; w++) {
            long bits = 0;
            for (int k = 0; k < 8; k++) {
                long eight = (long) LE_LONG.get(flags, (w << 6) + (k << 3));
                bits |= ((eight * 0x0102_0408_1020_4080L) >>> 56) << (k << 3);
            }
            words[w] = bits;
        }
    }

    /** Writes the packed values of a block of rows as keys; called once per block, not per row. */
    @FunctionalInterface
    interface BlockKeys {
        /**
         * @param from the block's first row (a multiple of {@link #BLOCK})
         * @param length its rows, at most {@link #BLOCK}
         * @param keys receives the rows' packed values in {@code [0, length)}, each read as an unsigned
         *        {@code bitWidth}-bit number (contents at patched rows unspecified); {@link #BLOCK} long
         */
        void fill(int from, int length, long[] keys);
    }

    /**
     * The comparison kernel of packed integers, whatever holds them: decides from the reference and
     * the literal whether every unpacked row falls on one side, else compares block by block the keys
     * {@code keys} writes against {@code literal - reference}, so the keys stay in L1 and no row-sized
     * array is allocated per call.
     *
     * @param comparison the operator and literal
     * @param ptype the rows' integer type
     * @param reference the frame-of-reference reference, as the type's bits
     * @param bitWidth bits per packed value
     * @param n rows
     * @param keys the packed values of the rows, block by block
     * @param patchPositions patched rows, strictly increasing, below {@code n}
     * @param patchValues their final values, null when there are none
     * @return raw comparison bits, or null when wrapping is possible (the caller decodes instead)
     */
    static long[] compareBlocks(Comparison comparison, PType ptype, long reference, int bitWidth, int n,
                                BlockKeys keys, int[] patchPositions, PrimitiveArray patchValues) {
        Comparison.Op op = comparison.op();
        int b = bitWidth;
        int w = ptype.bitWidth();
        BigInteger ref = exact(reference, ptype);
        BigInteger maxPacked = BigInteger.ONE.shiftLeft(b).subtract(BigInteger.ONE);
        BigInteger typeMax = ptype.isSigned() ? BigInteger.ONE.shiftLeft(w - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE);
        if (ref.add(maxPacked).compareTo(typeMax) > 0) {
            return null;
        }
        BigInteger d = exact(comparison.literal().asLong(), ptype).subtract(ref);
        long[] out = new long[Comparison.words(n)];
        if (d.signum() < 0 || d.compareTo(maxPacked) > 0) {
            // every unpatched row is above (d < 0) or below (d > max) the literal
            boolean above = d.signum() < 0;
            boolean r = switch (op) {
                case EQ -> false;
                case NE -> true;
                case LT, LE -> !above;
                case GT, GE -> above;
            };
            if (r) {
                out = Comparison.ones(n);
            }
        } else if (n > 0) {
            long lit = b == 64 ? d.longValue() ^ Long.MIN_VALUE : d.longValue();
            long[] block = new long[BLOCK];
            long[] words = new long[BLOCK >>> 6];
            byte[] flags = b <= 62 ? new byte[BLOCK] : null;
            for (int from = 0; from < n; from += BLOCK) {
                int len = Math.min(BLOCK, n - from);
                keys.fill(from, len, block);
                if (flags != null) {
                    compareSmall(block, len, lit, op, flags, words);
                } else {
                    if (b == 64) {
                        for (int i = 0; i < len; i++) {
                            block[i] ^= Long.MIN_VALUE;
                        }
                    }
                    java.util.Arrays.fill(words, 0L);
                    Comparison.compareKeys(block, len, lit, op, words);
                }
                System.arraycopy(words, 0, out, from >>> 6, Comparison.words(len));
            }
        }
        return comparison.withPatches(out, patchPositions, patchValues);
    }
}
