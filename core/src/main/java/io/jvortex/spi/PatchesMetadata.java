package io.jvortex.spi;

import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code PatchesMetadata} message nested in the metadata of {@code vortex.alp}, {@code vortex.alprd},
 * {@code fastlanes.bitpacked} (v1 and v2) and {@code vortex.sparse}: read by their decoders (through
 * {@link Patches#of}) and written by their encoders, so the wire form is spelled out once. Parsing checks
 * the wire form only; {@link Patches#of} validates the values against the node.
 *
 * @param count the number of patches (field 1)
 * @param offset subtracted from every stored index (field 2; writers store 0)
 * @param indicesType the ptype of the indices child (field 3, default u8)
 * @param hasChunkOffsets whether the chunk-offsets fields are present (field 5 was seen); when they are,
 *     {@link #serialize} writes fields 4 to 6 even if zero, as the reference does
 * @param chunkOffsetsLength the length of the chunk-offsets child (field 4)
 * @param chunkOffsetsType its ptype (field 5, default u8)
 * @param offsetWithinChunk the first row's position within its chunk (field 6; writers store 0)
 */
public record PatchesMetadata(long count, long offset, PType indicesType, boolean hasChunkOffsets,
                              long chunkOffsetsLength, PType chunkOffsetsType, long offsetWithinChunk) {

    /**
     * Patches without chunk offsets at offset 0, as {@code vortex.sparse} and most writers store them.
     *
     * @param count the number of patches
     * @param indicesType the ptype of the indices child
     * @return the metadata
     */
    public static PatchesMetadata of(long count, PType indicesType) {
        return new PatchesMetadata(count, 0, indicesType, false, 0, PType.U8, 0);
    }

    /**
     * Patches at offset 0 with a chunk-offsets child, the first row at the start of its chunk.
     *
     * @param count the number of patches
     * @param indicesType the ptype of the indices child
     * @param chunkOffsetsLength the length of the chunk-offsets child
     * @param chunkOffsetsType its ptype
     * @return the metadata
     */
    public static PatchesMetadata withChunkOffsets(long count, PType indicesType, long chunkOffsetsLength,
                                                   PType chunkOffsetsType) {
        return new PatchesMetadata(count, 0, indicesType, true, chunkOffsetsLength, chunkOffsetsType, 0);
    }

    /**
     * Parses a {@code PatchesMetadata} message.
     *
     * @param message the message bytes
     * @return the metadata
     */
    public static PatchesMetadata parse(MemorySegment message) {
        long len = 0;
        long offset = 0;
        PType indices = PType.U8;
        boolean hasChunk = false;
        long chunkLen = 0;
        PType chunkType = PType.U8;
        long offsetWithinChunk = 0;
        ProtoReader r = new ProtoReader(message, "PatchesMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> len = r.varint();
                case 2 -> offset = r.varint();
                case 3 -> indices = PType.fromId(r.varint());
                case 4 -> chunkLen = r.varint();
                case 5 -> {
                    chunkType = PType.fromId(r.varint());
                    hasChunk = true;
                }
                case 6 -> offsetWithinChunk = r.varint();
                default -> r.skip();
            }
        }
        return new PatchesMetadata(len, offset, indices, hasChunk, chunkLen, chunkType, offsetWithinChunk);
    }

    /**
     * Serializes the message as the reference (prost) does: zero plain fields omitted, the chunk-offsets
     * fields written whenever they are present.
     *
     * @return the message bytes
     */
    public byte[] serialize() {
        ProtoWriter w = new ProtoWriter().varint(1, count).varint(2, offset).varint(3, indicesType.id());
        if (hasChunkOffsets) {
            w.varintAlways(4, chunkOffsetsLength).varintAlways(5, chunkOffsetsType.id())
                    .varintAlways(6, offsetWithinChunk);
        }
        return w.toByteArray();
    }
}
