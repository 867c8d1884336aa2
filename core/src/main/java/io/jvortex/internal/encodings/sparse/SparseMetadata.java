package io.jvortex.internal.encodings.sparse;

import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import io.jvortex.spi.PatchesMetadata;
import java.lang.foreign.MemorySegment;

/**
 * The {@code SparseMetadata} message of a {@code vortex.sparse} node, read by the decoder and written by
 * the scheme. Parsing checks the wire form only; the decoder rejects a missing patches field and checks
 * the patches against the node.
 *
 * @param patches the patches (field 1), or {@code null} when the field is absent
 */
record SparseMetadata(PatchesMetadata patches) {
    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    static SparseMetadata parse(MemorySegment metadata) {
        PatchesMetadata patches = null;
        ProtoReader r = new ProtoReader(metadata, "SparseMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                patches = PatchesMetadata.parse(r.bytes());
            } else {
                r.skip();
            }
        }
        return new SparseMetadata(patches);
    }

    /** @return the message bytes (the patches field is always written) */
    byte[] serialize() {
        return new ProtoWriter().bytesAlways(1, patches.serialize()).toByteArray();
    }
}
