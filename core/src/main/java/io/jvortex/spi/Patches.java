package io.jvortex.spi;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;

/**
 * Exceptions laid over a base array (used by {@code fastlanes.bitpacked}, {@code vortex.alp},
 * {@code vortex.alprd} and {@code vortex.sparse}): {@code out[indices[k] - offset] = values[k]}.
 *
 * <p>Metadata is the {@link PatchesMetadata} message; children are {@code indices}
 * ({@code Primitive(indices_ptype)}, unsigned), {@code values} and optionally {@code chunk_offsets},
 * at positions the owning encoding states. After {@link #decode} the positions are validated: in
 * range, strictly increasing.
 *
 * @param count the number of patches
 * @param offset subtracted from every stored index
 * @param indicesType the ptype of the indices child
 * @param hasChunkOffsets whether a chunk-offsets child follows the values child
 * @param chunkOffsetsLength its length
 * @param chunkOffsetsType its ptype
 */
public record Patches(int count, long offset, PType indicesType, boolean hasChunkOffsets, int chunkOffsetsLength,
                      PType chunkOffsetsType) {

    /**
     * Parses a {@code PatchesMetadata} message and validates it (see {@link #of}).
     *
     * @param node the owning node (for errors)
     * @param message the message bytes
     * @param ctx the decode context
     * @return the metadata
     */
    public static Patches parse(ArrayNode node, MemorySegment message, DecodeContext ctx) {
        return of(node, PatchesMetadata.parse(message), ctx);
    }

    /**
     * Validates parsed {@code PatchesMetadata}: unsigned indices, an offset and lengths that fit.
     *
     * @param node the owning node (for errors)
     * @param metadata the parsed message
     * @param ctx the decode context
     * @return the patches
     */
    public static Patches of(ArrayNode node, PatchesMetadata metadata, DecodeContext ctx) {
        PType indices = metadata.indicesType();
        long offset = metadata.offset();
        boolean hasChunk = metadata.hasChunkOffsets();
        if (!indices.isUnsignedInteger()) {
            throw node.error("patch indices type must be unsigned, got " + indices.displayName());
        }
        if (offset < 0) {
            throw node.error("patch offset " + Long.toUnsignedString(offset) + " too large");
        }
        return new Patches(ctx.rowCount(node, metadata.count(), "patch count"), offset, indices, hasChunk,
                hasChunk ? ctx.rowCount(node, metadata.chunkOffsetsLength(), "patch chunk-offsets length") : 0,
                metadata.chunkOffsetsType());
    }

    /** @return how many children these patches occupy (2, or 3 with chunk offsets) */
    public int childCount() {
        return hasChunkOffsets ? 3 : 2;
    }

    /**
     * Decoded patches: positions relative to the base array and the patch values.
     *
     * @param positions strictly increasing row positions
     * @param values the values, one per position, non-null
     */
    public record Decoded(int[] positions, Canonical values) {
    }

    /**
     * Decodes the indices and values children and validates the positions.
     *
     * @param node the owning node
     * @param firstChild the index of the indices child
     * @param valuesDType the dtype of the values child
     * @param baseLength the length of the array being patched
     * @param ctx the decode context
     * @return the decoded patches
     */
    public Decoded decode(ArrayNode node, int firstChild, DType valuesDType, int baseLength, DecodeContext ctx) {
        Canonical idx = ctx.decodeChild(node, firstChild, new DType.Primitive(indicesType, false), count);
        Canonical values = ctx.decodeChild(node, firstChild + 1, valuesDType, count);
        if (!(idx instanceof PrimitiveArray indices)) {
            throw node.error("patch indices decoded to " + idx.getClass().getSimpleName() + ", expected primitive");
        }
        int[] positions = new int[count];
        long prev = -1;
        for (int k = 0; k < count; k++) {
            long stored = indices.getLong(k);
            long pos = stored - offset;
            if (stored < 0 || pos < 0 || pos >= baseLength) {
                throw node.error("patch index " + Long.toUnsignedString(stored) + " - offset " + offset
                        + " outside 0.." + baseLength);
            }
            if (pos <= prev) {
                throw node.error("patch indices are not strictly increasing at patch " + k);
            }
            positions[k] = (int) pos;
            prev = pos;
        }
        return new Decoded(positions, values);
    }

    /**
     * Overwrites fixed-width values in place: {@code out[positions[k]] = values[k]}.
     *
     * @param decoded the decoded patches, whose values are a primitive array of the same width
     * @param out the base values buffer
     * @param byteWidth bytes per value
     */
    public static void applyFixedWidth(Decoded decoded, MemorySegment out, int byteWidth) {
        PrimitiveArray values = (PrimitiveArray) decoded.values();
        MemorySegment src = values.values();
        int[] positions = decoded.positions();
        for (int k = 0; k < positions.length; k++) {
            MemorySegment.copy(src, (long) k * byteWidth, out, (long) positions[k] * byteWidth, byteWidth);
        }
    }

    /**
     * Overwrites the gathered values of patched positions: for every {@code indices[i]} that is a
     * patch position, {@code out[i] = values[k]}.
     *
     * @param decoded the decoded patches (primitive values of the same width)
     * @param indices the gathered positions, ascending (duplicates allowed)
     * @param out the gathered values, one per index
     * @param byteWidth bytes per value
     */
    public static void applyFixedWidthAt(Decoded decoded, int[] indices, MemorySegment out, int byteWidth) {
        MemorySegment values = ((PrimitiveArray) decoded.values()).values();
        int[] positions = decoded.positions();
        int k = 0;
        for (int i = 0; i < indices.length && k < positions.length; i++) {
            while (k < positions.length && positions[k] < indices[i]) {
                k++;
            }
            if (k < positions.length && positions[k] == indices[i]) {
                MemorySegment.copy(values, (long) k * byteWidth, out, (long) i * byteWidth, byteWidth);
            }
        }
    }
}
