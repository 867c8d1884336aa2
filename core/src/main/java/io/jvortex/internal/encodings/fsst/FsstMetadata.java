package io.jvortex.internal.encodings.fsst;

import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code FSSTMetadata} message of a {@code vortex.fsst} node, read by the decoder and written by the
 * scheme: the two ptype ids (0 = {@code U8} when absent), unchecked (the decoder checks them).
 *
 * @param lengthsPTypeId the uncompressed lengths' ptype id (field 1)
 * @param codesOffsetsPTypeId the codes offsets' ptype id (field 2)
 */
record FsstMetadata(long lengthsPTypeId, long codesOffsetsPTypeId) {
    /**
     * @param lengthsType the uncompressed lengths' type
     * @param codesOffsetsType the codes offsets' type
     */
    FsstMetadata(PType lengthsType, PType codesOffsetsType) {
        this(lengthsType.id(), codesOffsetsType.id());
    }

    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    static FsstMetadata parse(MemorySegment metadata) {
        long lengthsPTypeId = 0;
        long codesOffsetsPTypeId = 0;
        ProtoReader r = new ProtoReader(metadata, "FSSTMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> lengthsPTypeId = r.varint();
                case 2 -> codesOffsetsPTypeId = r.varint();
                default -> r.skip();
            }
        }
        return new FsstMetadata(lengthsPTypeId, codesOffsetsPTypeId);
    }

    /** @return the message bytes (zero ids omitted) */
    byte[] serialize() {
        return new ProtoWriter()
                .varint(1, lengthsPTypeId)
                .varint(2, codesOffsetsPTypeId)
                .toByteArray();
    }
}
