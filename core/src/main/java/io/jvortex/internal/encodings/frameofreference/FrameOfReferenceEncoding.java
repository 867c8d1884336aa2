package io.jvortex.internal.encodings.frameofreference;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.internal.encodings.bitpacked.BitPackedEncoding;
import io.jvortex.internal.encodings.bitpacked.BitPackedV2Encoding;
import io.jvortex.internal.encodings.bitpacked.FastLanesBitPacking;
import io.jvortex.internal.encodings.bitpacked.PackedChunks;
import io.jvortex.internal.encodings.bitpacked.PackedInts;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** {@code fastlanes.for}: {@code out[i] = encoded[i] + reference}, wrapping in the type's width. */
public final class FrameOfReferenceEncoding implements Encoding, io.jvortex.spi.PointAccess, io.jvortex.spi.PointRanges,
        io.jvortex.spi.EncodedFilter {
    /** The encoding id. */
    public static final String ID = "fastlanes.for";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        long ref = reference(node, p, ctx);
        ArrayNode child = node.child(0);
        if (ref != 0 && BitPackedEncoding.ID.equals(child.encodingId())) {
            // Fused: unpack and add the reference in one pass, writing the final values once.
            return BitPackedEncoding.decodeWithReference(child, p, length, ref, ctx);
        }
        if (ref != 0 && BitPackedV2Encoding.ID.equals(child.encodingId())) {
            return BitPackedV2Encoding.decodeWithReference(child, p, length, ref, ctx);
        }
        return addReference(ctx.decodePrimitive(node, 0, p, length), ref, ctx);
    }

    /**
     * Whether {@link #decodeTransformed} can decode a node: one over a bit-packed child.
     *
     * @param node a {@code fastlanes.for} node
     * @return whether it decodes in one pass with its child
     */
    public static boolean fusable(ArrayNode node) {
        return node.childCount() == 1 && BitPackedEncoding.ID.equals(node.child(0).encodingId());
    }

    /**
     * Decodes a 64-bit node over a bit-packed child in one pass: each block is unpacked, the reference
     * added, then transformed and written by {@code then} (see {@link BitPackedEncoding#decodeTransformed}).
     *
     * @param node a {@code fastlanes.for} node for which {@link #fusable} holds
     * @param dtype its type, a 64-bit integer
     * @param length its row count
     * @param then transforms and writes each block of values after the reference is added
     * @param outType the result's type, 64 bits wide
     * @param ctx decoding services
     * @return the transformed values, with the node's validity
     */
    public static PrimitiveArray decodeTransformed(ArrayNode node, DType dtype, int length,
                                                  FastLanesBitPacking.LongBlockOp then, DType.Primitive outType,
                                                  DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        long ref = reference(node, p, ctx);
        if (p.ptype().byteWidth() != 8) {
            throw node.error("fused frame-of-reference decoding is for 64-bit integers, got " + p.display());
        }
        return BitPackedEncoding.decodeTransformed(node.child(0), p, length, ref, then, outType, ctx);
    }

    /** What the child's take reads (with or without the reference folded in, the same parts). */
    @Override
    public void plan(ArrayNode node, DType dtype, int length, int[] indices, io.jvortex.spi.TakePlan plan) {
        DType.Primitive p = plan.context().expectDType(node, dtype, DType.Primitive.class);
        reference(node, p, plan.context());
        plan.takeChild(node, 0, p, length, indices);
    }

    /** The requested positions of the encoded child, plus the reference. */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        long ref = reference(node, p, ctx);
        ArrayNode child = node.child(0);
        if (ref != 0 && BitPackedEncoding.ID.equals(child.encodingId())) {
            return BitPackedEncoding.takeWithReference(child, p, length, indices, ref, ctx);
        }
        if (ref != 0 && BitPackedV2Encoding.ID.equals(child.encodingId())) {
            return BitPackedV2Encoding.takeWithReference(child, p, length, indices, ref, ctx);
        }
        Canonical encoded = ctx.takeChild(node, 0, p, length, indices);
        if (!(encoded instanceof PrimitiveArray e)) {
            throw node.error("encoded child decoded to " + encoded.dtype().display());
        }
        return addReference(e, ref, ctx);
    }

    /**
     * Over a child that reads as packed integers with no reference of its own (bit-packing, either
     * wire form), the child's form with this node's reference: a filter compares the packed values
     * against the literal minus the reference.
     */
    @Override
    public io.jvortex.spi.EncodedForm encodedForm(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        if (!(dtype instanceof DType.Primitive p) || !p.ptype().isInteger()) {
            return null;
        }
        long ref = reference(node, p, ctx);
        return switch (ctx.encodedForm(node.child(0), p, length)) {
            case PackedChunks child when child.reference() == 0 -> child.withReference(ref,
                    child.patchValues() == null ? null : addReference(child.patchValues(), ref, ctx));
            case PackedInts child when child.reference() == 0 -> new PackedInts(child.packed(), ref,
                    child.bitWidth(), child.patchPositions(),
                    child.patchValues() == null ? null : addReference(child.patchValues(), ref, ctx));
            case null, default -> null;
        };
    }

    /**
     * Reads and checks a node's reference (and its buffer and child counts).
     *
     * @param node a {@code fastlanes.for} node
     * @param p its integer dtype
     * @param ctx decoding services
     * @return the reference, as the type's bits widened to a long
     */
    public static long reference(ArrayNode node, DType.Primitive p, DecodeContext ctx) {
        if (!p.ptype().isInteger()) {
            throw node.error("frame of reference needs an integer type, got " + p.display());
        }
        Scalar reference = FrameOfReferenceMetadata.parse(node.metadata(), p).reference();
        if (reference.isNull()) {
            throw node.error("frame-of-reference reference is null");
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 1, 1);
        return reference.asLong();
    }

    /**
     * @param encoded values of an integer type
     * @param ref the reference
     * @param ctx allocates the result
     * @return {@code encoded[i] + ref}, wrapping in the type's width, with the same validity
     */
    public static PrimitiveArray addReference(PrimitiveArray encoded, long ref, DecodeContext ctx) {
        DType.Primitive p = encoded.dtype();
        int length = encoded.length();
        if (ref == 0) {
            return encoded;
        }
        MemorySegment in = encoded.values();
        // exactly the rows written: an encoded buffer longer than that would leave a stale tail
        MemorySegment out = ctx.allocateUninitialized((long) length * p.ptype().byteWidth());
        switch (p.ptype().byteWidth()) {
            case 1 -> {
                byte r = (byte) ref;
                for (long i = 0; i < length; i++) {
                    out.set(ValueLayout.JAVA_BYTE, i, (byte) (in.get(ValueLayout.JAVA_BYTE, i) + r));
                }
            }
            case 2 -> {
                short r = (short) ref;
                for (long i = 0; i < length; i++) {
                    out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i,
                            (short) (in.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i) + r));
                }
            }
            case 4 -> {
                int r = (int) ref;
                for (long i = 0; i < length; i++) {
                    out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, in.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i) + r);
                }
            }
            default -> {
                for (long i = 0; i < length; i++) {
                    out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i,
                            in.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i) + ref);
                }
            }
        }
        return new PrimitiveArray(p, out, length, encoded.validity());
    }
}
