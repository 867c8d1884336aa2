package io.jvortex.internal.encodings.alp;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
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
 * Encodes f32/f64 arrays as {@code vortex.alp} (the ALP paper, with the reference's formulas): each value
 * {@code v} becomes the integer {@code round(v * 10^e * 10^-f)}; values that do not decode back bit for bit
 * ({@code -0.0}, NaN, infinities, subnormals, values with too many digits) become patches and their integer
 * slot takes the array's first encodable value, which keeps the integer range tight.
 *
 * <p>The exponents are chosen as the reference chooses them: on about 32 values spread evenly over the
 * array, the pair ({@code (0, 0)} or {@code f < e}) that minimises the estimated bit-packed size plus 10 (f64)
 * or 6 (f32) bytes per patch, ties going to the smaller {@code e - f} (so integral values keep {@code (0, 0)},
 * as the reference 0.91 does). Unlike the reference, only valid rows are sampled,
 * null rows never become patches (their integer slot also takes the fill value), and pairs that tie on
 * those 32 values are scored again on up to {@value #TIE_SAMPLE_SIZE} values: 32 two-decimal prices can
 * round-trip through both {@code (2, 0)} and {@code (16, 14)} while the second patches an eighth of the
 * array, and the reference then keeps whichever it met first.
 */
public final class AlpEncoder {
    /** Values the exponent search looks at. */
    public static final int SAMPLE_SIZE = 32;

    /** Values that settle a tie between exponent pairs that fit the first sample equally well. */
    public static final int TIE_SAMPLE_SIZE = 1024;

    private static final double SWEET_F64 = (double) (1L << 52) + (double) (1L << 51);
    private static final float SWEET_F32 = (float) (1 << 23) + (float) (1 << 22);
    private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble F64 =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private AlpEncoder() {
    }

    /**
     * The exponent pair: encoding multiplies by {@code 10^e} then {@code 10^-f}; decoding multiplies by
     * {@code 10^f} then {@code 10^-e}.
     *
     * @param e the exponent
     * @param f the factor
     */
    public record Exponents(int e, int f) {
    }

    /**
     * An ALP-encoded array before its integer child is compressed.
     *
     * @param exponents the exponents
     * @param encoded i32 (f32) or i64 (f64) values with the source's nullability and validity
     * @param patchPositions strictly increasing rows that did not round-trip (valid rows only)
     * @param patchValues their exact values, with the source's dtype, all valid
     */
    public record Encoded(Exponents exponents, PrimitiveArray encoded, int[] patchPositions,
                          PrimitiveArray patchValues) {
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
     * Chooses exponents and encodes.
     *
     * @param values an f32 or f64 array
     * @return the encoded form
     */
    public static Encoded encode(PrimitiveArray values) {
        return encode(values, findBestExponents(values));
    }

    /**
     * @param values an f32 or f64 array
     * @return the exponents that minimise the estimated encoded size of a sample of its valid values
     */
    public static Exponents findBestExponents(PrimitiveArray values) {
        return switch (floatType(values)) {
            case F32 -> {
                float[] valid = validF32(values);
                yield bestF32(spread(valid, SAMPLE_SIZE), spread(valid, TIE_SAMPLE_SIZE));
            }
            default -> {
                double[] valid = validF64(values);
                yield bestF64(spread(valid, SAMPLE_SIZE), spread(valid, TIE_SAMPLE_SIZE));
            }
        };
    }

    /**
     * @param values an f32 or f64 array
     * @param exponents the exponents (e, f at most 10 for f32 and 18 for f64)
     * @return the encoded form
     */
    public static Encoded encode(PrimitiveArray values, Exponents exponents) {
        PType type = floatType(values);
        int max = type == PType.F32 ? AlpEncoding.MAX_EXPONENT_F32 : AlpEncoding.MAX_EXPONENT_F64;
        if (exponents.e() < 0 || exponents.f() < 0 || exponents.e() > max || exponents.f() > max) {
            throw new IllegalArgumentException("exponents " + exponents + " outside 0.." + max);
        }
        return type == PType.F32 ? encodeF32(values, exponents) : encodeF64(values, exponents);
    }

    /**
     * Builds the {@code vortex.alp} node.
     *
     * @param encoded the encoded form
     * @param encodedChild the node of {@link Encoded#encoded()} (compressed or canonical)
     * @param chunkOffsets whether the patches carry chunk offsets (as the reference writes them since 0.54)
     * @return the node
     */
    public static WriteNode node(Encoded encoded, WriteNode encodedChild, boolean chunkOffsets) {
        List<WriteNode> children = new ArrayList<>(4);
        children.add(encodedChild);
        PatchesMetadata patchesMetadata = null;
        if (encoded.patchCount() > 0) {
            AlpPatches.Written patches = AlpPatches.write(encoded.patchPositions, encoded.patchValues(),
                    encoded.encoded().length(), chunkOffsets);
            patchesMetadata = patches.metadata();
            children.addAll(patches.children());
        }
        AlpMetadata meta = new AlpMetadata(encoded.exponents().e(), encoded.exponents().f(), patchesMetadata);
        return WriteNode.of(AlpEncoding.ID, meta.serialize(), List.of(), children);
    }

    /**
     * Encodes without compressing the integers (for tests and tools).
     *
     * @param values an f32 or f64 array
     * @return the node with a canonical integer child and chunk offsets
     */
    public static WriteNode encodeCanonical(PrimitiveArray values) {
        Encoded encoded = encode(values);
        return node(encoded, CanonicalEncoder.encode(encoded.encoded()), true);
    }

    private static PType floatType(PrimitiveArray values) {
        PType t = values.ptype();
        if (t != PType.F32 && t != PType.F64) {
            throw new IllegalArgumentException("ALP encodes f32 or f64, got " + values.dtype().display());
        }
        return t;
    }

    /** An estimated encoded size for exponents {@code (e, f)}. */
    @FunctionalInterface
    private interface SizeEstimate {
        long bytes(int e, int f);
    }

    /**
     * The reference's search over {@code (0, 0)} and every {@code f < e < maxExponent}, ties on the sample
     * settled by {@code wide} (the first pair met winning ties there too).
     *
     * @param wide the estimate over the wider sample, or null when it holds no more values
     */
    private static Exponents best(int maxExponent, SizeEstimate sample, SizeEstimate wide) {
        // (0, 0) is scored first: integral data keeps its integers instead of gaining a decimal digit
        List<Exponents> tied = new ArrayList<>();
        tied.add(new Exponents(0, 0));
        long bestSize = sample.bytes(0, 0);
        for (int e = maxExponent - 1; e >= 0; e--) {
            for (int f = 0; f < e; f++) {
                long size = sample.bytes(e, f);
                int digits = tied.getFirst().e() - tied.getFirst().f();
                if (size < bestSize || size == bestSize && e - f < digits) {
                    bestSize = size;
                    tied.clear();
                    tied.add(new Exponents(e, f));
                } else if (size == bestSize && e - f == digits) {
                    tied.add(new Exponents(e, f));
                }
            }
        }
        if (tied.size() == 1 || wide == null) {
            return tied.getFirst();
        }
        Exponents best = tied.getFirst();
        long wideBest = wide.bytes(best.e(), best.f());
        for (Exponents candidate : tied.subList(1, tied.size())) {
            long size = wide.bytes(candidate.e(), candidate.f());
            if (size < wideBest) {
                wideBest = size;
                best = candidate;
            }
        }
        return best;
    }

    // ---------------------------------------------------------------- f64

    private static long encodeF64(double v, double f10e, double if10f) {
        double x = v * f10e * if10f;
        return (long) ((x + SWEET_F64) - SWEET_F64);
    }

    /** The array's valid values, in order. */
    private static double[] validF64(PrimitiveArray values) {
        int n = values.length();
        double[] all = new double[n];
        MemorySegment.copy(values.values(), F64, 0, all, 0, n);
        double[] valid = all;
        boolean[] mask = validMask(values);
        if (mask != null) {
            int k = 0;
            valid = new double[n];
            for (int i = 0; i < n; i++) {
                if (mask[i]) {
                    valid[k++] = all[i];
                }
            }
            valid = Arrays.copyOf(valid, k);
        }
        return valid;
    }

    /** About {@code size} values spread evenly over {@code valid} (all of them when there are no more). */
    private static double[] spread(double[] valid, int size) {
        if (valid.length <= size) {
            return valid;
        }
        int step = valid.length / size;
        double[] sample = new double[(valid.length + step - 1) / step];
        for (int i = 0, k = 0; i < valid.length; i += step) {
            sample[k++] = valid[i];
        }
        return sample;
    }

    /**
     * @param sample the values that choose the pair
     * @param wide more values, spread over the same array, that settle ties
     * @return the chosen pair
     */
    static Exponents bestF64(double[] sample, double[] wide) {
        return best(AlpEncoding.MAX_EXPONENT_F64, (e, f) -> estimateF64(sample, e, f),
                wide.length > sample.length ? (e, f) -> estimateF64(wide, e, f) : null);
    }

    /** The reference's size estimate: bit-packed width of the kept range plus 10 bytes per patch. */
    static long estimateF64(double[] sample, int e, int f) {
        double f10e = AlpEncoding.F10_F64[e];
        double if10f = AlpEncoding.IF10_F64[f];
        double f10f = AlpEncoding.F10_F64[f];
        double if10e = AlpEncoding.IF10_F64[e];
        long keptMin = Long.MAX_VALUE;
        long keptMax = Long.MIN_VALUE;
        long allMin = Long.MAX_VALUE;
        long allMax = Long.MIN_VALUE;
        int patches = 0;
        for (double v : sample) {
            long enc = encodeF64(v, f10e, if10f);
            allMin = Math.min(allMin, enc);
            allMax = Math.max(allMax, enc);
            if (Double.doubleToRawLongBits((double) enc * f10f * if10e) == Double.doubleToRawLongBits(v)) {
                keptMin = Math.min(keptMin, enc);
                keptMax = Math.max(keptMax, enc);
            } else {
                patches++;
            }
        }
        int bits = sample.length == 0 ? 64
                : patches == sample.length ? rangeBits(allMin, allMax, 64) : rangeBits(keptMin, keptMax, 64);
        return ((long) sample.length * bits + 7) / 8 + (long) patches * (8 + 2);
    }

    private static Encoded encodeF64(PrimitiveArray values, Exponents exp) {
        int n = values.length();
        double[] in = new double[n];
        MemorySegment.copy(values.values(), F64, 0, in, 0, n);
        double f10e = AlpEncoding.F10_F64[exp.e()];
        double if10f = AlpEncoding.IF10_F64[exp.f()];
        double f10f = AlpEncoding.F10_F64[exp.f()];
        double if10e = AlpEncoding.IF10_F64[exp.e()];
        long[] out = new long[n];
        // Rows that take the fill value: patches and nulls.
        boolean[] filled = new boolean[n];
        int[] positions = new int[16];
        double[] patchValues = new double[16];
        int patches = 0;
        boolean haveFill = false;
        long fill = 0;
        boolean[] mask = validMask(values);
        for (int i = 0; i < n; i++) {
            if (mask != null && !mask[i]) {
                filled[i] = true;
                continue;
            }
            double v = in[i];
            long enc = encodeF64(v, f10e, if10f);
            if (Double.doubleToRawLongBits((double) enc * f10f * if10e) == Double.doubleToRawLongBits(v)) {
                out[i] = enc;
                if (!haveFill) {
                    haveFill = true;
                    fill = enc;
                }
            } else {
                if (patches == positions.length) {
                    positions = Arrays.copyOf(positions, patches * 2);
                    patchValues = Arrays.copyOf(patchValues, patches * 2);
                }
                positions[patches] = i;
                patchValues[patches++] = v;
                filled[i] = true;
            }
        }
        for (int i = 0; i < n; i++) {
            if (filled[i]) {
                out[i] = fill;
            }
        }
        MemorySegment encodedBytes = MemorySegment.ofArray(new byte[8 * n]);
        MemorySegment.copy(out, 0, encodedBytes, I64, 0, n);
        PrimitiveArray encoded = new PrimitiveArray(new DType.Primitive(PType.I64, values.dtype().nullable()),
                encodedBytes, n, values.validity());
        MemorySegment patchBytes = MemorySegment.ofArray(new byte[8 * patches]);
        MemorySegment.copy(patchValues, 0, patchBytes, F64, 0, patches);
        PrimitiveArray patchArray = new PrimitiveArray(values.dtype(), patchBytes, patches, Validity.ALL_VALID);
        return new Encoded(exp, encoded, Arrays.copyOf(positions, patches), patchArray);
    }

    // ---------------------------------------------------------------- f32

    private static int encodeF32(float v, float f10e, float if10f) {
        float x = v * f10e * if10f;
        return (int) ((x + SWEET_F32) - SWEET_F32);
    }

    /** The array's valid values, in order. */
    private static float[] validF32(PrimitiveArray values) {
        int n = values.length();
        float[] all = new float[n];
        MemorySegment.copy(values.values(), F32, 0, all, 0, n);
        float[] valid = all;
        boolean[] mask = validMask(values);
        if (mask != null) {
            int k = 0;
            valid = new float[n];
            for (int i = 0; i < n; i++) {
                if (mask[i]) {
                    valid[k++] = all[i];
                }
            }
            valid = Arrays.copyOf(valid, k);
        }
        return valid;
    }

    /** About {@code size} values spread evenly over {@code valid} (all of them when there are no more). */
    private static float[] spread(float[] valid, int size) {
        if (valid.length <= size) {
            return valid;
        }
        int step = valid.length / size;
        float[] sample = new float[(valid.length + step - 1) / step];
        for (int i = 0, k = 0; i < valid.length; i += step) {
            sample[k++] = valid[i];
        }
        return sample;
    }

    /**
     * @param sample the values that choose the pair
     * @param wide more values, spread over the same array, that settle ties
     * @return the chosen pair
     */
    static Exponents bestF32(float[] sample, float[] wide) {
        return best(AlpEncoding.MAX_EXPONENT_F32, (e, f) -> estimateF32(sample, e, f),
                wide.length > sample.length ? (e, f) -> estimateF32(wide, e, f) : null);
    }

    /** The reference's size estimate: bit-packed width of the kept range plus 6 bytes per patch. */
    static long estimateF32(float[] sample, int e, int f) {
        float f10e = AlpEncoding.F10_F32[e];
        float if10f = AlpEncoding.IF10_F32[f];
        float f10f = AlpEncoding.F10_F32[f];
        float if10e = AlpEncoding.IF10_F32[e];
        int keptMin = Integer.MAX_VALUE;
        int keptMax = Integer.MIN_VALUE;
        int allMin = Integer.MAX_VALUE;
        int allMax = Integer.MIN_VALUE;
        int patches = 0;
        for (float v : sample) {
            int enc = encodeF32(v, f10e, if10f);
            allMin = Math.min(allMin, enc);
            allMax = Math.max(allMax, enc);
            if (Float.floatToRawIntBits((float) enc * f10f * if10e) == Float.floatToRawIntBits(v)) {
                keptMin = Math.min(keptMin, enc);
                keptMax = Math.max(keptMax, enc);
            } else {
                patches++;
            }
        }
        int bits = sample.length == 0 ? 32
                : patches == sample.length ? rangeBits(allMin, allMax, 32) : rangeBits(keptMin, keptMax, 32);
        return ((long) sample.length * bits + 7) / 8 + (long) patches * (4 + 2);
    }

    private static Encoded encodeF32(PrimitiveArray values, Exponents exp) {
        int n = values.length();
        float[] in = new float[n];
        MemorySegment.copy(values.values(), F32, 0, in, 0, n);
        float f10e = AlpEncoding.F10_F32[exp.e()];
        float if10f = AlpEncoding.IF10_F32[exp.f()];
        float f10f = AlpEncoding.F10_F32[exp.f()];
        float if10e = AlpEncoding.IF10_F32[exp.e()];
        int[] out = new int[n];
        boolean[] filled = new boolean[n];
        int[] positions = new int[16];
        float[] patchValues = new float[16];
        int patches = 0;
        boolean haveFill = false;
        int fill = 0;
        boolean[] mask = validMask(values);
        for (int i = 0; i < n; i++) {
            if (mask != null && !mask[i]) {
                filled[i] = true;
                continue;
            }
            float v = in[i];
            int enc = encodeF32(v, f10e, if10f);
            if (Float.floatToRawIntBits((float) enc * f10f * if10e) == Float.floatToRawIntBits(v)) {
                out[i] = enc;
                if (!haveFill) {
                    haveFill = true;
                    fill = enc;
                }
            } else {
                if (patches == positions.length) {
                    positions = Arrays.copyOf(positions, patches * 2);
                    patchValues = Arrays.copyOf(patchValues, patches * 2);
                }
                positions[patches] = i;
                patchValues[patches++] = v;
                filled[i] = true;
            }
        }
        for (int i = 0; i < n; i++) {
            if (filled[i]) {
                out[i] = fill;
            }
        }
        MemorySegment encodedBytes = MemorySegment.ofArray(new byte[4 * n]);
        MemorySegment.copy(out, 0, encodedBytes, I32, 0, n);
        PrimitiveArray encoded = new PrimitiveArray(new DType.Primitive(PType.I32, values.dtype().nullable()),
                encodedBytes, n, values.validity());
        MemorySegment patchBytes = MemorySegment.ofArray(new byte[4 * patches]);
        MemorySegment.copy(patchValues, 0, patchBytes, F32, 0, patches);
        PrimitiveArray patchArray = new PrimitiveArray(values.dtype(), patchBytes, patches, Validity.ALL_VALID);
        return new Encoded(exp, encoded, Arrays.copyOf(positions, patches), patchArray);
    }

    /**
     * Bits a frame-of-reference bit-packing of {@code [min, max]} needs, or {@code full} when the range
     * overflows the integer type (as the reference's {@code checked_sub} does).
     */
    private static int rangeBits(long min, long max, int full) {
        long d = max - min;
        if (((max ^ min) & (max ^ d)) < 0) {
            return full;
        }
        return d == 0 ? 0 : 64 - Long.numberOfLeadingZeros(d);
    }

    private static int rangeBits(int min, int max, int full) {
        int d = max - min;
        if (((max ^ min) & (max ^ d)) < 0) {
            return full;
        }
        return d == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(d);
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
