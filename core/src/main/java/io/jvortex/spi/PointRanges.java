package io.jvortex.spi;

import io.jvortex.dtype.DType;

/**
 * An optional capability of an encoding that has {@link PointAccess}: naming the bytes a
 * {@link PointAccess#take} of some positions reads, so that a take over a remote file fetches only
 * those parts of a segment instead of all of it.
 *
 * <p>A plan may depend on data (a varbin's offsets say where its bytes are): it then reads the parts
 * already fetched through {@link TakePlan#taken} / {@link TakePlan#decoded}, which answer null until
 * those parts arrive; the reader fetches what the plan named and plans again, until a plan names
 * nothing new. The plan must cover every byte the take reads: a missed byte is read as whatever the
 * reader put there, never fetched (tests verify plans by taking over two differently poisoned copies).
 */
public interface PointRanges {
    /**
     * Names the parts of the node's buffers, and its children's, that {@link PointAccess#take} of the
     * same arguments reads.
     *
     * @param node the serialized node
     * @param dtype its logical type
     * @param length its row count
     * @param indices positions in {@code [0, length)}, ascending (duplicates allowed), already checked
     * @param plan where parts are named, and what was fetched so far
     */
    void plan(ArrayNode node, DType dtype, int length, int[] indices, TakePlan plan);
}
