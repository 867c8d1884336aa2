package io.jvortex.internal.encodings.frameofreference;

import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code FoRV2Metadata} message of a {@code fastlanes.for.v2} node, read by the decoder and written by
 * the scheme (whose offset is 0, so it writes an empty message).
 *
 * @param offset the position of row 0 within the first chunk (field 1, below 1024)
 */
record FrameOfReferenceV2Metadata(int offset) {
    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    static FrameOfReferenceV2Metadata parse(MemorySegment metadata) {
        int offset = 0;
        ProtoReader r = new ProtoReader(metadata, "FoRV2Metadata");
        while (r.next()) {
            if (r.field() == 1) {
                offset = r.varintAsInt(1023);
            } else {
                r.skip();
            }
        }
        return new FrameOfReferenceV2Metadata(offset);
    }

    /** @return the message bytes (a zero offset omitted) */
    byte[] serialize() {
        return new ProtoWriter().varint(1, offset).toByteArray();
    }
}
