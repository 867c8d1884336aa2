package io.jvortex.internal.encodings.alp;

import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.bitpacked.BitPackedEncoding;
import io.jvortex.internal.encodings.bitpacked.FastLanesBitPacking;
import io.jvortex.internal.encodings.frameofreference.FrameOfReferenceEncoding;
import io.jvortex.internal.encodings.zigzag.ZigZagEncoding;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.Patches;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * {@code vortex.alp}: floats decoded from integers as {@code (F) encoded * 10^f * 10^-e}, then patched.
 * See the package documentation for the physical form.
 */
public final class AlpEncoding implements Encoding, io.jvortex.spi.PointAccess, io.jvortex.spi.EncodedFilter {
    /** The encoding id. */
    public static final String ID = "vortex.alp";

    /** Largest {@code e}/{@code f} for f32 (the reference's {@code f32::MAX_EXPONENT}). */
    public static final int MAX_EXPONENT_F32 = 10;
    /** Largest {@code e}/{@code f} for f64 (the reference's {@code f64::MAX_EXPONENT}). */
    public static final int MAX_EXPONENT_F64 = 18;

    // The reference's tables, written as the same decimal literals so each entry is the literal
    // rounded once to the float type (a float literal is not the double literal rounded to float).
    static final float[] F10_F32 = {
        1.0f, 10.0f, 100.0f, 1000.0f, 10000.0f, 100000.0f, 1000000.0f, 10000000.0f, 100000000.0f,
        1000000000.0f, 10000000000.0f,
    };
    static final float[] IF10_F32 = {
        1.0f, 0.1f, 0.01f, 0.001f, 0.0001f, 0.00001f, 0.000001f, 0.0000001f, 0.00000001f, 0.000000001f,
        0.0000000001f,
    };
    static final double[] F10_F64 = {
        1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 10000000.0, 100000000.0, 1000000000.0,
        10000000000.0, 100000000000.0, 1000000000000.0, 10000000000000.0, 100000000000000.0,
        1000000000000000.0, 10000000000000000.0, 100000000000000000.0, 1000000000000000000.0,
        10000000000000000000.0, 100000000000000000000.0, 1000000000000000000000.0,
        10000000000000000000000.0, 100000000000000000000000.0,
    };
    static final double[] IF10_F64 = {
        1.0, 0.1, 0.01, 0.001, 0.0001, 0.00001, 0.000001, 0.0000001, 0.00000001, 0.000000001,
        0.0000000001, 0.00000000001, 0.000000000001, 0.0000000000001, 0.00000000000001,
        0.000000000000001, 0.0000000000000001, 0.00000000000000001, 0.000000000000000001,
        0.0000000000000000001, 0.00000000000000000001, 0.000000000000000000001,
        0.0000000000000000000001, 0.00000000000000000000001,
    };

    private static final int CHUNK = 1024;
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble F64 =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Creates the (stateless) encoding. */
    public AlpEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        return decodeOrTake(node, dtype, length, null, ctx);
    }

    /** Only the requested encoded integers, decoded and patched. */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        return decodeOrTake(node, dtype, length, indices, ctx);
    }

    /** A node's checked type, width and metadata (exponents in range, patches within the length). */
    private record Header(DType.Primitive dtype, boolean f32, AlpMetadata meta, Patches patches) {
    }

    private static Header header(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        boolean f32 = switch (p.ptype()) {
            case F32 -> true;
            case F64 -> false;
            default -> throw node.error(ID + " holds f32 or f64, got " + p.display());
        };
        AlpMetadata meta = AlpMetadata.parse(node.metadata());
        int maxExponent = f32 ? MAX_EXPONENT_F32 : MAX_EXPONENT_F64;
        if (meta.exponentE() > maxExponent || meta.exponentF() > maxExponent) {
            throw node.error("exponents e=" + meta.exponentE() + ", f=" + meta.exponentF() + " outside 0.."
                    + maxExponent + " for " + p.ptype().displayName());
        }
        Patches patches = meta.patches() == null ? null : Patches.of(node, meta.patches(), ctx);
        if (patches != null && patches.count() > length) {
            throw node.error("has " + patches.count() + " patches, expected at most the array length " + length);
        }
        ctx.expectBuffers(node, 0);
        int children = 1 + (patches == null ? 0 : patches.childCount());
        ctx.expectChildren(node, children, children);
        return new Header(p, f32, meta, patches);
    }

    /** The integers and patches, unscaled: see {@link #encoded}. */
    @Override
    public io.jvortex.spi.EncodedForm encodedForm(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        return encoded(node, dtype, length, ctx);
    }

    /**
     * Decodes a node's integers and patches but does not scale them.
     *
     * @param node a {@code vortex.alp} node
     * @param dtype its float type
     * @param length its row count
     * @param ctx decoding services
     * @return the encoded form, or null when a child is of an unknown encoding
     */
    public static AlpInts encoded(ArrayNode node, DType dtype, int length,
                                                                   DecodeContext ctx) {
        Header h = header(node, dtype, length, ctx);
        DType.Primitive p = h.dtype();
        boolean f32 = h.f32();
        AlpMetadata meta = h.meta();
        Patches patches = h.patches();
        Canonical child = ctx.decodeChild(node, 0, new DType.Primitive(f32 ? PType.I32 : PType.I64, p.nullable()),
                length);
        if (!(child instanceof PrimitiveArray ints)) {
            return null;
        }
        int[] positions = new int[0];
        PrimitiveArray values = null;
        if (patches != null) {
            Patches.Decoded decoded = patches.decode(node, 1, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray v)) {
                return null;
            }
            positions = decoded.positions();
            values = v;
        }
        return f32 ? new AlpInts(ints, true, F10_F32[meta.exponentF()], IF10_F32[meta.exponentE()], positions, values)
                : new AlpInts(ints, false, F10_F64[meta.exponentF()], IF10_F64[meta.exponentE()], positions, values);
    }

    private static Canonical decodeOrTake(ArrayNode node, DType dtype, int length, int[] indices,
                                          DecodeContext ctx) {
        Header h = header(node, dtype, length, ctx);
        DType.Primitive p = h.dtype();
        boolean f32 = h.f32();
        AlpMetadata meta = h.meta();
        Patches patches = h.patches();

        PType intType = f32 ? PType.I32 : PType.I64;
        DType.Primitive intDType = new DType.Primitive(intType, p.nullable());
        if (indices == null && !f32) {
            PrimitiveArray fused = decodeFused(node, intDType, length, p, meta, ctx);
            if (fused != null) {
                if (patches != null) {
                    Patches.Decoded decoded = patches.decode(node, 1, p, length, ctx);
                    if (decoded.values() instanceof OpaqueArray opaque) {
                        return new OpaqueArray(opaque.encodingId(), dtype, length);
                    }
                    Patches.applyFixedWidth(decoded, fused.values(), 8);
                }
                return fused;
            }
        }
        int outLength = indices == null ? length : indices.length;
        Canonical child = indices == null ? ctx.decodeChild(node, 0, intDType, length)
                : ctx.takeChild(node, 0, intDType, length, indices);
        if (child instanceof OpaqueArray opaque) {
            return new OpaqueArray(opaque.encodingId(), dtype, outLength);
        }
        if (!(child instanceof PrimitiveArray encoded)) {
            throw node.error("encoded child decoded to " + child.getClass().getSimpleName() + ", expected primitive");
        }
        // Allocate (within the budget) before the patches: their position table is at most this size.
        int width = p.ptype().byteWidth();
        MemorySegment out = ctx.allocateUninitialized((long) outLength * width);
        Patches.Decoded decodedPatches = null;
        if (patches != null) {
            decodedPatches = patches.decode(node, 1, p, length, ctx);
            if (decodedPatches.values() instanceof OpaqueArray opaque) {
                return new OpaqueArray(opaque.encodingId(), dtype, outLength);
            }
        }
        if (f32) {
            decodeF32(encoded.values(), out, outLength, F10_F32[meta.exponentF()], IF10_F32[meta.exponentE()]);
        } else {
            decodeF64(encoded.values(), out, outLength, F10_F64[meta.exponentF()], IF10_F64[meta.exponentE()]);
        }
        if (decodedPatches != null) {
            if (indices == null) {
                Patches.applyFixedWidth(decodedPatches, out, width);
            } else {
                Patches.applyFixedWidthAt(decodedPatches, indices, out, width);
            }
        }
        return new PrimitiveArray(p, out, outLength, encoded.validity());
    }

    /**
     * Decodes f64 values in one pass with the integers when they are bit-packed, directly or under
     * zigzag or a frame of reference: each block of integers is scaled while it is on the heap, and
     * every double is written once (three passes over the whole array become one).
     *
     * @return the unpatched doubles, or null when the child is of another shape
     */
    private static PrimitiveArray decodeFused(ArrayNode node, DType.Primitive intDType, int length,
                                              DType.Primitive p, AlpMetadata meta, DecodeContext ctx) {
        double f10 = F10_F64[meta.exponentF()];
        double if10 = IF10_F64[meta.exponentE()];
        double[] doubles = new double[CHUNK];
        FastLanesBitPacking.LongBlockOp scale = (block, from, n, out, at) -> {
            // into a double[] (a conversion loop the JIT vectorizes), then one bulk copy out
            for (int i = 0; i < n; i++) {
                doubles[i] = (double) block[from + i] * f10 * if10;
            }
            MemorySegment.copy(doubles, 0, out, ValueLayout.JAVA_DOUBLE_UNALIGNED, at, n);
        };
        ArrayNode child = node.child(0);
        if (BitPackedEncoding.ID.equals(child.encodingId())) {
            return BitPackedEncoding.decodeTransformed(child, intDType, length, 0, scale, p, ctx);
        }
        if (ZigZagEncoding.ID.equals(child.encodingId()) && ZigZagEncoding.fusable(child)) {
            return ZigZagEncoding.decodeTransformed(child, intDType, length, scale, p, ctx);
        }
        if (FrameOfReferenceEncoding.ID.equals(child.encodingId()) && FrameOfReferenceEncoding.fusable(child)) {
            return FrameOfReferenceEncoding.decodeTransformed(child, intDType, length, scale, p, ctx);
        }
        return null;
    }

    /**
     * Decodes f32 values: {@code dst[i] = (float) src[i] * f10 * if10} in float arithmetic.
     *
     * @param src {@code length} little-endian i32
     * @param dst room for {@code length} f32
     * @param length values
     * @param f10 {@code F10[f]}
     * @param if10 {@code IF10[e]}
     */
    static void decodeF32(MemorySegment src, MemorySegment dst, int length, float f10, float if10) {
        int[] in = new int[Math.min(CHUNK, length)];
        float[] out = new float[in.length];
        for (int start = 0; start < length; start += CHUNK) {
            int n = Math.min(CHUNK, length - start);
            MemorySegment.copy(src, I32, 4L * start, in, 0, n);
            for (int j = 0; j < n; j++) {
                out[j] = (float) in[j] * f10 * if10;
            }
            MemorySegment.copy(out, 0, dst, F32, 4L * start, n);
        }
    }

    /**
     * Decodes f64 values: {@code dst[i] = (double) src[i] * f10 * if10} in double arithmetic.
     *
     * @param src {@code length} little-endian i64
     * @param dst room for {@code length} f64
     * @param length values
     * @param f10 {@code F10[f]}
     * @param if10 {@code IF10[e]}
     */
    static void decodeF64(MemorySegment src, MemorySegment dst, int length, double f10, double if10) {
        long[] in = new long[Math.min(CHUNK, length)];
        double[] out = new double[in.length];
        for (int start = 0; start < length; start += CHUNK) {
            int n = Math.min(CHUNK, length - start);
            MemorySegment.copy(src, I64, 8L * start, in, 0, n);
            for (int j = 0; j < n; j++) {
                out[j] = (double) in[j] * f10 * if10;
            }
            MemorySegment.copy(out, 0, dst, F64, 8L * start, n);
        }
    }
}
