package io.jvortex.internal.encodings.bitpacked;

import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import io.jvortex.spi.PatchesMetadata;
import java.lang.foreign.MemorySegment;

/**
 * The {@code BitPackedV2Metadata} message of a {@code fastlanes.bitpacked.v2} node, read by the decoder
 * and written by the encoder. Parsing checks the wire form only (an offset below 1024); the decoder checks
 * that the block offsets type is an unsigned integer and the patches against the node.
 *
 * @param offset the position of row 0 within the first block (field 1; the writer's is 0)
 * @param offsetsTypeId the PType wire id of the block-offsets child (field 2), unchecked
 * @param patches the patches (field 3), or {@code null} when there are none
 */
record BitPackedV2Metadata(int offset, long offsetsTypeId, PatchesMetadata patches) {
    /**
     * @param offset the position of row 0 within the first block
     * @param offsetsType the type of the block-offsets child
     * @param patches the patches, or {@code null}
     */
    BitPackedV2Metadata(int offset, PType offsetsType, PatchesMetadata patches) {
        this(offset, offsetsType.id(), patches);
    }

    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    static BitPackedV2Metadata parse(MemorySegment metadata) {
        int offset = 0;
        long offsetsTypeId = 0;
        PatchesMetadata patches = null;
        ProtoReader r = new ProtoReader(metadata, "BitPackedV2Metadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> offset = r.varintAsInt(1023);
                case 2 -> offsetsTypeId = r.varint();
                case 3 -> patches = PatchesMetadata.parse(r.bytes());
                default -> r.skip();
            }
        }
        return new BitPackedV2Metadata(offset, offsetsTypeId, patches);
    }

    /** @return the message bytes (zero fields omitted, the patches written when present) */
    byte[] serialize() {
        ProtoWriter w = new ProtoWriter().varint(1, offset).varint(2, offsetsTypeId);
        if (patches != null) {
            w.bytesAlways(3, patches.serialize());
        }
        return w.toByteArray();
    }
}
