package io.jvortex.internal.encodings.alp;

import io.jvortex.array.Canonical;
import io.jvortex.dtype.DType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.write.ArrayIds;
import io.jvortex.internal.write.ArraySerializer;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Test helpers for the float, decimal and temporal encoders: a node tree serialized into a flat segment and
 * decoded by our own decoders, the encoding ids in a tree, and validity shapes.
 */
public final class EncodedNodes {
    private EncodedNodes() {
    }

    /** How many rows are null. */
    public enum NullShape {
        /** Non-nullable dtype, every row valid. */
        NONE,
        /** Nullable, about a third null. */
        SOME,
        /** Nullable, every row null. */
        ALL
    }

    /**
     * Serializes a node tree as a flat segment and decodes it with the default registry.
     *
     * @param node the tree
     * @param dtype the array's dtype
     * @param length its length
     * @return the decoded array (memory owned by an automatic arena)
     */
    public static Canonical decode(WriteNode node, DType dtype, int length) {
        ArrayIds ids = new ArrayIds(List.of());
        ArraySerializer.Segment segment = ArraySerializer.serialize(node, ids);
        Arena arena = Arena.ofAuto();
        MemorySegment seg = arena.allocate(Math.max(1, segment.byteLength()), segment.alignment())
                .asSlice(0, segment.byteLength());
        MemorySegment.copy(MemorySegment.ofArray(segment.toByteArray()), 0, seg, 0, segment.byteLength());
        SerializedArray parsed = SerializedArray.parse(seg, 0, ids.ids(), "test", "root");
        return new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 31).decode(parsed.root(), dtype,
                length);
    }

    /**
     * @param node a tree
     * @return every encoding id in it, pre-order, without repeats
     */
    public static Set<String> ids(WriteNode node) {
        Set<String> out = new LinkedHashSet<>();
        collect(node, out);
        return out;
    }

    private static void collect(WriteNode node, Set<String> out) {
        out.add(node.encodingId());
        node.children().forEach(c -> collect(c, out));
    }

    /**
     * @param r the random source
     * @param length rows
     * @param shape the null shape
     * @return per-row validity, or {@code null} for {@link NullShape#NONE} (non-nullable)
     */
    public static boolean[] validity(SplittableRandom r, int length, NullShape shape) {
        if (shape == NullShape.NONE) {
            return null;
        }
        boolean[] valid = new boolean[length];
        for (int i = 0; i < length; i++) {
            valid[i] = shape == NullShape.SOME && r.nextInt(3) != 0;
        }
        return valid;
    }

    /** The lengths every encoder is tested at. */
    public static final int[] LENGTHS = {0, 1, 1023, 1024, 1025, 65537};

    /** Kinds of float data. */
    public enum FloatShape {
        /** Prices with two decimals, such as 12.34. */
        PRICES,
        /** Sensor readings: 20 plus Gaussian noise, full precision. */
        NOISE,
        /** Small integers. */
        INTEGERS,
        /** Prices mixed with -0.0, NaNs (with payloads), infinities, subnormals and extremes. */
        SPECIALS,
        /** Uniformly random bit patterns. */
        RANDOM_BITS
    }

    /** Values that ALP cannot represent, in f64. */
    private static final double[] SPECIAL_F64 = {
        -0.0, Double.NaN, Double.longBitsToDouble(0x7FF8_0000_0000_0123L), Double.longBitsToDouble(0xFFF0_0000_0000_0001L),
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -3 * Double.MIN_VALUE,
        Double.MIN_NORMAL / 3, Double.MAX_VALUE, -1e300, 1e-300, 1.0 / 3,
    };

    /** Values that ALP cannot represent, in f32. */
    private static final float[] SPECIAL_F32 = {
        -0.0f, Float.NaN, Float.intBitsToFloat(0x7FC0_0123), Float.intBitsToFloat(0xFF80_0001),
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -3 * Float.MIN_VALUE,
        Float.MIN_NORMAL / 3, Float.MAX_VALUE, -1e30f, 1e-30f, 1.0f / 3,
    };

    /**
     * @param value a value
     * @return whether it is one of the special f64 values {@link FloatShape#SPECIALS} mixes in
     */
    public static boolean special(double value) {
        for (double s : SPECIAL_F64) {
            if (Double.doubleToRawLongBits(s) == Double.doubleToRawLongBits(value)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param value a value
     * @return whether it is one of the special f32 values {@link FloatShape#SPECIALS} mixes in
     */
    public static boolean special(float value) {
        for (float s : SPECIAL_F32) {
            if (Float.floatToRawIntBits(s) == Float.floatToRawIntBits(value)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param r the random source
     * @param length rows
     * @param shape the kind of data
     * @return f64 values
     */
    public static double[] doubles(SplittableRandom r, int length, FloatShape shape) {
        double[] out = new double[length];
        for (int i = 0; i < length; i++) {
            out[i] = switch (shape) {
                case PRICES -> r.nextLong(100, 100_000) / 100.0;
                case NOISE -> 20 + 3 * r.nextGaussian();
                case INTEGERS -> r.nextInt(-1000, 1000);
                case SPECIALS -> r.nextInt(8) == 0 ? SPECIAL_F64[r.nextInt(SPECIAL_F64.length)]
                        : r.nextLong(100, 100_000) / 100.0;
                case RANDOM_BITS -> Double.longBitsToDouble(r.nextLong());
            };
        }
        return out;
    }

    /**
     * @param r the random source
     * @param length rows
     * @param shape the kind of data
     * @return f32 values
     */
    public static float[] floats(SplittableRandom r, int length, FloatShape shape) {
        float[] out = new float[length];
        for (int i = 0; i < length; i++) {
            out[i] = switch (shape) {
                case PRICES -> r.nextInt(100, 100_000) / 100.0f;
                case NOISE -> (float) (20 + 3 * r.nextGaussian());
                case INTEGERS -> r.nextInt(-1000, 1000);
                case SPECIALS -> r.nextInt(8) == 0 ? SPECIAL_F32[r.nextInt(SPECIAL_F32.length)]
                        : r.nextInt(100, 100_000) / 100.0f;
                case RANDOM_BITS -> Float.intBitsToFloat(r.nextInt());
            };
        }
        return out;
    }
}
