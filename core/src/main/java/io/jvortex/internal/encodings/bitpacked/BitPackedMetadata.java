package io.jvortex.internal.encodings.bitpacked;

import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import io.jvortex.spi.PatchesMetadata;
import java.lang.foreign.MemorySegment;

/**
 * The {@code BitPackedMetadata} message of a {@code fastlanes.bitpacked} node, read by the decoder and
 * written by the encoder. Parsing checks the wire form only (a width of at most 64 bits, an offset below
 * 1024); the decoder checks the width against the type and the patches against the node.
 *
 * @param bitWidth bits per packed value (field 1)
 * @param offset the position of row 0 within the first chunk (field 2; the writer's is 0)
 * @param patches the patches (field 3), or {@code null} when there are none
 */
record BitPackedMetadata(int bitWidth, int offset, PatchesMetadata patches) {
    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    static BitPackedMetadata parse(MemorySegment metadata) {
        int bitWidth = 0;
        int offset = 0;
        PatchesMetadata patches = null;
        ProtoReader r = new ProtoReader(metadata, "BitPackedMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> bitWidth = r.varintAsInt(64);
                case 2 -> offset = r.varintAsInt(1023);
                case 3 -> patches = PatchesMetadata.parse(r.bytes());
                default -> r.skip();
            }
        }
        return new BitPackedMetadata(bitWidth, offset, patches);
    }

    /** @return the message bytes (zero fields omitted, the patches written when present) */
    byte[] serialize() {
        ProtoWriter w = new ProtoWriter().varint(1, bitWidth).varint(2, offset);
        if (patches != null) {
            w.bytesAlways(3, patches.serialize());
        }
        return w.toByteArray();
    }
}
