package io.jvortex.internal.encodings.alprd;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.alp.AlpPatches;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.PatchesMetadata;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Encodes f32/f64 arrays as {@code vortex.alprd} (ALP for "real doubles", section 3.4 of the ALP paper, with the
 * reference's parameters): every value's bits are cut into a left part of {@code p ≤ 16} bits and a right part
 * of {@code bits - p} bits; the up to 8 most frequent left parts form a dictionary, the others become patches.
 * The cut is the one that minimises {@code right bits + code bits + 32 × exceptions / n} over the valid values.
 * Null rows store code 0 and right part 0 and are never patched.
 */
public final class AlpRdEncoder {
    /** Largest left part, in bits. */
    public static final int CUT_LIMIT = 16;
    /** Largest dictionary. */
    public static final int MAX_DICTIONARY = 8;

    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private AlpRdEncoder() {
    }

    /**
     * The split parameters.
     *
     * @param rightBitWidth bits kept in the right part
     * @param dictionary the left bit patterns, indexed by code (1 to 8 entries)
     */
    public record Dictionary(int rightBitWidth, int[] dictionary) {
        /** Copies the dictionary. */
        public Dictionary {
            dictionary = dictionary.clone();
        }

        /** @return a copy of the left bit patterns */
        @Override
        public int[] dictionary() {
            return dictionary.clone();
        }
    }

    /**
     * An ALP-RD array before its children are compressed.
     *
     * @param dictionary the split parameters
     * @param leftCodes u16 dictionary codes with the source's nullability and validity
     * @param rightParts u32 (f32) or u64 (f64) right parts, non-null
     * @param patchPositions strictly increasing rows whose left part is not in the dictionary
     * @param patchValues their left parts, u16, non-null
     */
    public record Encoded(Dictionary dictionary, PrimitiveArray leftCodes, PrimitiveArray rightParts,
                          int[] patchPositions, PrimitiveArray patchValues) {
        /** Copies the positions. */
        public Encoded {
            patchPositions = patchPositions.clone();
        }

        /** @return a copy of the patch positions */
        @Override
        public int[] patchPositions() {
            return patchPositions.clone();
        }

        /** @return the number of patches */
        public int patchCount() {
            return patchPositions.length;
        }
    }

    /**
     * Finds the dictionary on the array's valid values and encodes.
     *
     * @param values an f32 or f64 array
     * @return the encoded form
     */
    public static Encoded encode(PrimitiveArray values) {
        return encode(values, findBestDictionary(values));
    }

    /**
     * @param values an f32 or f64 array
     * @return the cut and dictionary minimising the estimated bits per value
     */
    public static Dictionary findBestDictionary(PrimitiveArray values) {
        int bits = floatBits(values);
        long[] raw = validBits(values);
        Dictionary best = null;
        double bestSize = Double.MAX_VALUE;
        for (int p = 1; p <= CUT_LIMIT; p++) {
            int rightBitWidth = bits - p;
            int[] counts = new int[1 << p];
            for (long v : raw) {
                counts[(int) (v >>> rightBitWidth)]++;
            }
            // Heaviest left parts first; equal counts in ascending bit-pattern order (deterministic).
            long[] ranked = new long[Math.min(counts.length, raw.length)];
            int distinct = 0;
            for (int left = 0; left < counts.length; left++) {
                if (counts[left] > 0) {
                    ranked[distinct++] = ((long) (Integer.MAX_VALUE - counts[left]) << 20) | left;
                }
            }
            Arrays.sort(ranked, 0, distinct);
            int size = Math.max(1, Math.min(MAX_DICTIONARY, distinct));
            int[] dict = new int[size];
            int exceptions = 0;
            for (int k = 0; k < distinct; k++) {
                int left = (int) (ranked[k] & 0xFFFFF);
                if (k < MAX_DICTIONARY) {
                    dict[k] = left;
                } else {
                    exceptions += counts[left];
                }
            }
            int leftBitWidth = bitWidth(size - 1);
            double estimate = rightBitWidth + leftBitWidth
                    + (raw.length == 0 ? 0.0 : exceptions * 32.0 / raw.length);
            if (estimate < bestSize) {
                bestSize = estimate;
                best = new Dictionary(rightBitWidth, dict);
            }
        }
        return best;
    }

    /**
     * @param values an f32 or f64 array
     * @param dictionary the split parameters (right bit width from {@code bits - 16} to {@code bits - 1})
     * @return the encoded form
     */
    public static Encoded encode(PrimitiveArray values, Dictionary dictionary) {
        int bits = floatBits(values);
        int rbw = dictionary.rightBitWidth();
        int[] dict = dictionary.dictionary;
        if (rbw < bits - CUT_LIMIT || rbw >= bits || dict.length == 0 || dict.length > MAX_DICTIONARY) {
            throw new IllegalArgumentException("right bit width " + rbw + " with " + dict.length
                    + " dictionary entries for " + bits + "-bit floats");
        }
        int n = values.length();
        boolean[] mask = validMask(values);
        boolean f32 = bits == 32;
        long[] in = new long[n];
        if (f32) {
            for (int i = 0; i < n; i++) {
                in[i] = Integer.toUnsignedLong(values.values().get(U32, 4L * i));
            }
        } else {
            MemorySegment.copy(values.values(), U64, 0, in, 0, n);
        }
        long rightMask = (1L << rbw) - 1;
        short[] codes = new short[n];
        long[] rights = new long[n];
        int[] positions = new int[16];
        short[] exceptions = new short[16];
        int patches = 0;
        for (int i = 0; i < n; i++) {
            if (mask != null && !mask[i]) {
                continue;
            }
            long v = in[i];
            rights[i] = v & rightMask;
            int left = (int) (v >>> rbw);
            int code = -1;
            for (int c = 0; c < dict.length; c++) {
                if (dict[c] == left) {
                    code = c;
                    break;
                }
            }
            if (code >= 0) {
                codes[i] = (short) code;
            } else {
                if (patches == positions.length) {
                    positions = Arrays.copyOf(positions, patches * 2);
                    exceptions = Arrays.copyOf(exceptions, patches * 2);
                }
                positions[patches] = i;
                exceptions[patches++] = (short) left;
            }
        }
        MemorySegment codeBytes = MemorySegment.ofArray(new byte[2 * n]);
        MemorySegment.copy(codes, 0, codeBytes, U16, 0, n);
        PrimitiveArray leftCodes = new PrimitiveArray(new DType.Primitive(PType.U16, values.dtype().nullable()),
                codeBytes, n, values.validity());
        MemorySegment rightBytes = MemorySegment.ofArray(new byte[(f32 ? 4 : 8) * n]);
        if (f32) {
            for (int i = 0; i < n; i++) {
                rightBytes.set(U32, 4L * i, (int) rights[i]);
            }
        } else {
            MemorySegment.copy(rights, 0, rightBytes, U64, 0, n);
        }
        PrimitiveArray rightParts = new PrimitiveArray(new DType.Primitive(f32 ? PType.U32 : PType.U64, false),
                rightBytes, n, Validity.ALL_VALID);
        MemorySegment excBytes = MemorySegment.ofArray(new byte[2 * patches]);
        MemorySegment.copy(exceptions, 0, excBytes, U16, 0, patches);
        PrimitiveArray patchValues = new PrimitiveArray(new DType.Primitive(PType.U16, false), excBytes, patches,
                Validity.ALL_VALID);
        return new Encoded(dictionary, leftCodes, rightParts, Arrays.copyOf(positions, patches), patchValues);
    }

    /**
     * Builds the {@code vortex.alprd} node (its patches never carry chunk offsets, as in the reference).
     *
     * @param encoded the encoded form
     * @param left the node of {@link Encoded#leftCodes()}
     * @param right the node of {@link Encoded#rightParts()}
     * @return the node
     */
    public static WriteNode node(Encoded encoded, WriteNode left, WriteNode right) {
        List<WriteNode> children = new ArrayList<>(4);
        children.add(left);
        children.add(right);
        PatchesMetadata patchesMetadata = null;
        if (encoded.patchCount() > 0) {
            AlpPatches.Written patches = AlpPatches.write(encoded.patchPositions, encoded.patchValues(),
                    encoded.leftCodes().length(), false);
            patchesMetadata = patches.metadata();
            children.addAll(patches.children());
        }
        AlpRdMetadata meta = new AlpRdMetadata(encoded.dictionary().rightBitWidth(),
                encoded.dictionary().dictionary, PType.U16, patchesMetadata);
        return WriteNode.of(AlpRdEncoding.ID, meta.serialize(), List.of(), children);
    }

    /**
     * Encodes without compressing the parts (for tests and tools).
     *
     * @param values an f32 or f64 array
     * @return the node with canonical children
     */
    public static WriteNode encodeCanonical(PrimitiveArray values) {
        Encoded encoded = encode(values);
        return node(encoded, CanonicalEncoder.encode(encoded.leftCodes()),
                CanonicalEncoder.encode(encoded.rightParts()));
    }

    private static int floatBits(PrimitiveArray values) {
        return switch (values.ptype()) {
            case F32 -> 32;
            case F64 -> 64;
            default -> throw new IllegalArgumentException("ALP-RD encodes f32 or f64, got " + values.dtype().display());
        };
    }

    /** The raw bits of the valid values, zero-extended. */
    private static long[] validBits(PrimitiveArray values) {
        int n = values.length();
        boolean[] mask = validMask(values);
        long[] out = new long[n];
        int k = 0;
        boolean f32 = values.ptype() == PType.F32;
        for (int i = 0; i < n; i++) {
            if (mask == null || mask[i]) {
                out[k++] = f32 ? Integer.toUnsignedLong(values.values().get(U32, 4L * i))
                        : values.values().get(U64, 8L * i);
            }
        }
        return k == n ? out : Arrays.copyOf(out, k);
    }

    /** Bits needed for {@code v}, at least 1 (the reference's {@code bit_width!}). */
    private static int bitWidth(int v) {
        return v == 0 ? 1 : 32 - Integer.numberOfLeadingZeros(v);
    }

    /** Row validity read once from the bitmap, or {@code null} when every row is valid. */
    private static boolean[] validMask(io.jvortex.array.Canonical array) {
        if (!array.dtype().nullable()) {
            return null;
        }
        return switch (array.validity()) {
            case Validity.AllValid v -> null;
            case Validity.AllInvalid v -> new boolean[array.length()];
            case Validity.Bitmap b -> {
                boolean[] mask = new boolean[array.length()];
                for (int i = 0; i < mask.length; i++) {
                    mask[i] = Validity.Bits.get(b.bits(), b.bitOffset() + i);
                }
                yield mask;
            }
        };
    }
}
