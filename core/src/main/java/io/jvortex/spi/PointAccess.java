package io.jvortex.spi;

import io.jvortex.array.Canonical;
import io.jvortex.dtype.DType;

/**
 * An optional capability of an {@link Encoding}: decoding only some positions of a node without
 * decoding all of it (fixed-width encodings such as primitive, bit-packed, frame of reference,
 * sequence, constant and dictionary codes). {@link DecodeContext#take} uses it when present and
 * otherwise decodes the node and gathers.
 */
public interface PointAccess {
    /**
     * Decodes rows {@code indices} of a node, in that order.
     *
     * @param node the serialized node
     * @param dtype its logical type
     * @param length its row count
     * @param indices positions in {@code [0, length)}, ascending (duplicates allowed), already checked
     * @param ctx decoding services
     * @return an array of {@code indices.length} rows of {@code dtype}
     */
    Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx);

    /**
     * @return whether a take costs work in proportion to the positions alone; false when it first
     *         decodes a whole part of the node (a dictionary its values), so that a scan reading a node
     *         in several small takes does so at most once and then decodes the node
     */
    default boolean proportionalToPositions() {
        return true;
    }
}
