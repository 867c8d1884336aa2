package io.jvortex.internal.encodings.bitpacked;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.Patches;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code fastlanes.bitpacked}: integers packed to {@code bitWidth} bits in FastLanes' transposed
 * 1024-value chunks, with optional patches for values that did not fit.
 */
public final class BitPackedEncoding implements Encoding, io.jvortex.spi.PointAccess,
        io.jvortex.spi.EncodedFilter, io.jvortex.spi.PointRanges {
    /** The encoding id. */
    public static final String ID = "fastlanes.bitpacked";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        return decodeWithReference(node, dtype, length, 0, ctx);
    }

    /**
     * Decodes a node and adds a frame of reference to every value in the same pass (patched values
     * included), wrapping in the type's width: {@code fastlanes.for} over {@code fastlanes.bitpacked}
     * then writes its output once instead of unpacking to one buffer and adding into a second.
     *
     * @param node a {@code fastlanes.bitpacked} node
     * @param dtype its integer type (also the result's)
     * @param length its row count
     * @param reference added to every value; its low bits of the type's width are used
     * @param ctx decoding services
     * @return {@code unpacked[i] + reference}, with the node's validity
     */
    public static PrimitiveArray decodeWithReference(ArrayNode node, DType dtype, int length, long reference,
                                                     DecodeContext ctx) {
        Parsed parsed = Parsed.of(node, dtype, length, ctx);
        DType.Primitive p = parsed.dtype();
        int width = p.ptype().byteWidth();
        boolean unpack = length > 0 && (parsed.bitWidth() > 0 || reference != 0);
        MemorySegment out = unpack ? ctx.allocateUninitialized((long) length * width)
                : ctx.allocate((long) length * width);
        if (unpack) {
            FastLanesBitPacking.unpackRange(parsed.packed(), width, parsed.bitWidth(), parsed.offset(), length,
                    reference, out);
        }
        if (parsed.patches() != null) {
            Patches.Decoded decoded = parsed.patches().decode(node, 0, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray values)) {
                throw node.error("patch values decoded to " + decoded.values().dtype().display());
            }
            if (reference == 0) {
                Patches.applyFixedWidth(decoded, out, width);
            } else {
                applyWithReference(decoded.positions(), values.values(), reference, width, out);
            }
        }
        Validity validity = ctx.validity(node, parsed.validityChild(), p.nullable(), length);
        return new PrimitiveArray(p, out, length, validity);
    }

    /**
     * Decodes a node of a 64-bit integer type with {@code op} transforming and writing each 1024-value
     * block while it is unpacked (after patching and adding {@code reference}), so that encodings
     * stacked over this one write their output once: {@code vortex.alp} over {@code vortex.zigzag} over
     * this decodes in one pass instead of three.
     *
     * @param node a {@code fastlanes.bitpacked} node
     * @param dtype its integer type, 64 bits wide
     * @param length its row count
     * @param reference added to every value, wrapping
     * @param op transforms each block into the result's 64-bit values and writes them
     * @param outType the result's type, 64 bits wide
     * @param ctx decoding services
     * @return the transformed values, with the node's validity
     */
    public static PrimitiveArray decodeTransformed(ArrayNode node, DType dtype, int length, long reference,
                                                   FastLanesBitPacking.LongBlockOp op, DType.Primitive outType,
                                                   DecodeContext ctx) {
        Parsed parsed = Parsed.of(node, dtype, length, ctx);
        DType.Primitive p = parsed.dtype();
        if (p.ptype().byteWidth() != 8 || outType.ptype().byteWidth() != 8) {
            throw new IllegalArgumentException("fused decoding is for 64-bit types, got " + p.display() + " to "
                    + outType.display());
        }
        MemorySegment out = ctx.allocateUninitialized((long) length * 8);
        int[] positions = new int[0];
        MemorySegment patchValues = MemorySegment.NULL;
        if (parsed.patches() != null) {
            Patches.Decoded decoded = parsed.patches().decode(node, 0, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray values)) {
                throw node.error("patch values decoded to " + decoded.values().dtype().display());
            }
            positions = decoded.positions();
            patchValues = values.values();
        }
        if (length > 0) {
            FastLanesBitPacking.unpackRange64(parsed.packed(), parsed.bitWidth(), parsed.offset(), length, reference,
                    positions, patchValues, op, out);
        }
        Validity validity = ctx.validity(node, parsed.validityChild(), p.nullable(), length);
        return new PrimitiveArray(outType, out, length, validity);
    }

    /** {@code out[positions[k]] = values[k] + reference}, wrapping in {@code width} bytes. */
    private static void applyWithReference(int[] positions, MemorySegment values, long reference, int width,
                                           MemorySegment out) {
        switch (width) {
            case 1 -> {
                for (int k = 0; k < positions.length; k++) {
                    out.set(ValueLayout.JAVA_BYTE, positions[k],
                            (byte) (values.get(ValueLayout.JAVA_BYTE, k) + reference));
                }
            }
            case 2 -> {
                for (int k = 0; k < positions.length; k++) {
                    out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, positions[k],
                            (short) (values.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, k) + reference));
                }
            }
            case 4 -> {
                for (int k = 0; k < positions.length; k++) {
                    out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, positions[k],
                            (int) (values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, k) + reference));
                }
            }
            default -> {
                for (int k = 0; k < positions.length; k++) {
                    out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, positions[k],
                            values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, k) + reference);
                }
            }
        }
    }

    /**
     * A node's values as packed, before patching (for comparing without decoding).
     *
     * @param values the unpacked values (each below {@code 2^bitWidth} as an unsigned number except at
     *        patched positions, whose contents are unspecified), with the node's validity
     * @param bitWidth bits per packed value
     * @param patches the decoded patches (values of the node's type), or null
     */
    public record Unpatched(PrimitiveArray values, int bitWidth, Patches.Decoded patches) {
        /** @return these values as packed integers with reference 0, for filters */
        public PackedInts packedForm() {
            return patches == null
                    ? new PackedInts(values, 0, bitWidth, new int[0], null)
                    : new PackedInts(values, 0, bitWidth, patches.positions(),
                            (PrimitiveArray) patches.values());
        }
    }

    /**
     * Integer nodes as their packed chunks and decoded patches: a filter unpacks one chunk at a time
     * next to its comparison instead of the whole node up front.
     */
    @Override
    public io.jvortex.spi.EncodedForm encodedForm(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        if (!(dtype instanceof DType.Primitive q) || !q.ptype().isInteger()) {
            return null;
        }
        Parsed parsed = Parsed.of(node, dtype, length, ctx);
        DType.Primitive p = parsed.dtype();
        int[] positions = new int[0];
        PrimitiveArray values = null;
        if (parsed.patches() != null) {
            Patches.Decoded decoded = parsed.patches().decode(node, 0, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray v)) {
                throw node.error("patch values decoded to " + decoded.values().dtype().display());
            }
            positions = decoded.positions();
            values = v;
        }
        Validity validity = ctx.validity(node, parsed.validityChild(), p.nullable(), length);
        return new PackedChunks(parsed.packed(), p, parsed.bitWidth(), parsed.offset(), length, validity, 0,
                positions, values);
    }

    /**
     * A validated node: metadata parsed, buffer and child counts checked.
     *
     * @param dtype the integer dtype
     * @param bitWidth bits per packed value
     * @param offset rows of the first chunk to skip
     * @param packed the packed chunks
     * @param chunkBytes bytes per packed chunk
     * @param patches the patches, or null
     * @param validityChild the index of the optional validity child
     */
    record Parsed(DType.Primitive dtype, int bitWidth, int offset, MemorySegment packed, long chunkBytes,
                  Patches patches, int validityChild) {
        static Parsed of(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
            DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
            PType ptype = p.ptype();
            if (!ptype.isInteger()) {
                throw node.error("bit-packing needs an integer type, got " + p.display());
            }
            BitPackedMetadata meta = BitPackedMetadata.parse(node.metadata());
            int bitWidth = meta.bitWidth();
            int offset = meta.offset();
            if (bitWidth > ptype.bitWidth()) {
                throw node.error("bit width " + bitWidth + " exceeds the " + ptype.bitWidth() + "-bit type "
                        + p.display());
            }
            ctx.expectBuffers(node, 1);
            long chunks = ((long) offset + length + 1023) / 1024;
            long chunkBytes = FastLanesBitPacking.packedBytesPerChunk(bitWidth);
            MemorySegment packed = ctx.bufferOfSize(node, 0, chunks * chunkBytes);
            Patches patches = meta.patches() == null ? null : Patches.of(node, meta.patches(), ctx);
            int validityChild = patches == null ? 0 : patches.childCount();
            ctx.expectChildren(node, validityChild, validityChild + 1);
            return new Parsed(p, bitWidth, offset, packed, chunkBytes, patches, validityChild);
        }
    }

    /** The 1024-value chunk of every position, the whole patches and the validity at the positions. */
    @Override
    public void plan(ArrayNode node, DType dtype, int length, int[] indices, io.jvortex.spi.TakePlan plan) {
        Parsed parsed = Parsed.of(node, dtype, length, plan.context());
        long previous = -1;
        for (int index : indices) {
            long chunk = ((long) index + parsed.offset()) >>> 10;
            if (chunk != previous) {
                plan.part(node, 0, chunk * parsed.chunkBytes(), parsed.chunkBytes());
                previous = chunk;
            }
        }
        if (parsed.patches() != null) {
            for (int c = 0; c < parsed.patches().childCount(); c++) {
                plan.whole(node.child(c));
            }
        }
        plan.takeValidity(node, parsed.validityChild(), length, indices);
    }

    /** Decodes only the requested positions: one or two word reads each, plus a patch lookup. */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        return BitPackedTake.take(node, dtype, length, indices, 0, ctx);
    }

    /**
     * Decodes only the requested positions, each plus a frame of reference (patched values included),
     * wrapping in the type's width: {@code fastlanes.for} over {@code fastlanes.bitpacked} then
     * writes its output once.
     *
     * @param node a {@code fastlanes.bitpacked} node
     * @param dtype its integer type (also the result's)
     * @param length its row count
     * @param indices positions in {@code [0, length)}, ascending (duplicates allowed)
     * @param reference added to every value; its low bits of the type's width are used
     * @param ctx decoding services
     * @return {@code unpacked[indices[i]] + reference}, with the node's validity at those positions
     */
    public static PrimitiveArray takeWithReference(ArrayNode node, DType dtype, int length, int[] indices,
                                                   long reference, DecodeContext ctx) {
        return BitPackedTake.take(node, dtype, length, indices, reference, ctx);
    }
}
