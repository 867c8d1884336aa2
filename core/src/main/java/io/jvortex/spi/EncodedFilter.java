package io.jvortex.spi;

import io.jvortex.dtype.DType;

/**
 * An optional capability of an {@link Encoding}, like {@link PointAccess}: reading a node in an
 * {@link EncodedForm} that a filter evaluates without the last decoding steps (run-end as runs,
 * bit-packing and frame of reference as packed integers, ALP as its integers). The scan asks the
 * encoding of a segment's root node for it and never names encodings itself.
 */
public interface EncodedFilter {
    /**
     * @return whether {@link #encodedForm} gives {@link EncodedForm.Runs}, the one form worth reading
     *         for dictionary codes (any other form would be decoded again when the dictionary is read)
     */
    default boolean givesRuns() {
        return false;
    }

    /**
     * Reads a node in its encoded form, validated as a full decode would validate it.
     *
     * @param node the node (its encoding is this one)
     * @param dtype its logical type
     * @param length its row count
     * @param ctx decoding services
     * @return the form, or null when this node's shape has none (then the filter decodes)
     */
    EncodedForm encodedForm(ArrayNode node, DType dtype, int length, DecodeContext ctx);
}
