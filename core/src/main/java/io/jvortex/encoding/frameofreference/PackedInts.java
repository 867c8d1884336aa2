package io.jvortex.encoding.frameofreference;

import io.jvortex.encoding.DecodeContext;
import io.jvortex.encoding.ArrayNode;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.encoding.bitpacked.BitPackedEncoding;
import io.jvortex.encoding.bitpacked.BitPackedV2Encoding;

/**
 * An integer node read without its last decoding steps, so a filter can compare the packed values
 * against a transformed literal: row {@code i} is {@code patchValues[k]} when
 * {@code patchPositions[k] == i}, else {@code unsigned(packed[i]) + reference} (the packed value read
 * as an unsigned {@code bitWidth}-bit number; the sum wraps in the type's width).
 *
 * @param packed the unpacked values with the rows' validity (contents at patched rows unspecified)
 * @param reference the frame-of-reference reference (0 for plain bit-packing), as the type's bits
 * @param bitWidth bits per packed value
 * @param patchPositions patched rows, strictly increasing
 * @param patchValues their final values (reference included), null when there are no patches
 */
public record PackedInts(PrimitiveArray packed, long reference, int bitWidth, int[] patchPositions,
                         PrimitiveArray patchValues) {

    /**
     * Reads {@code fastlanes.for} over {@code fastlanes.bitpacked} or {@code fastlanes.bitpacked.v2},
     * or either bit-packing alone, in packed form ({@code v2}: the widest block's bit width bounds
     * every unpatched value).
     *
     * @param node the node
     * @param dtype its type
     * @param length its row count
     * @param ctx decoding services
     * @return the packed form, or null when the node has another shape
     */
    public static PackedInts of(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        if (!(dtype instanceof DType.Primitive p) || !p.ptype().isInteger()) {
            return null;
        }
        if (node.encodingId().equals(BitPackedEncoding.ID)) {
            return from(BitPackedEncoding.unpatched(node, p, length, ctx), 0, ctx);
        }
        if (node.encodingId().equals(BitPackedV2Encoding.ID)) {
            return from(BitPackedV2Encoding.unpatched(node, p, length, ctx), 0, ctx);
        }
        if (node.encodingId().equals(FrameOfReferenceEncoding.ID) && node.childCount() == 1
                && node.child(0).encodingId().equals(BitPackedEncoding.ID)) {
            long ref = FrameOfReferenceEncoding.reference(node, p, ctx);
            return from(BitPackedEncoding.unpatched(node.child(0), p, length, ctx), ref, ctx);
        }
        if (node.encodingId().equals(FrameOfReferenceEncoding.ID) && node.childCount() == 1
                && node.child(0).encodingId().equals(BitPackedV2Encoding.ID)) {
            long ref = FrameOfReferenceEncoding.reference(node, p, ctx);
            return from(BitPackedV2Encoding.unpatched(node.child(0), p, length, ctx), ref, ctx);
        }
        // fastlanes.for.v2 has a reference per 1024-row chunk, which this single-reference form
        // cannot express: filters on it compare decoded values.
        return null;
    }

    private static PackedInts from(BitPackedEncoding.Unpatched u, long ref, DecodeContext ctx) {
        int[] positions = new int[0];
        PrimitiveArray values = null;
        if (u.patches() != null) {
            positions = u.patches().positions();
            values = FrameOfReferenceEncoding.addReference((PrimitiveArray) u.patches().values(), ref, ctx);
        }
        return new PackedInts(u.values(), ref, u.bitWidth(), positions, values);
    }
}
