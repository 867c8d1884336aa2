package io.jvortex.internal.format;

import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code ListMetadata} message of a {@code vortex.list} node, read by the decoder and written by
 * {@code spi.CanonicalEncoder} (hence here, below both). Parsing checks the wire form only; the decoder
 * checks the offsets type and the length against the node.
 *
 * @param elementsLength the number of elements (field 1)
 * @param offsetsType the offsets' type (field 2, default u8)
 */
public record ListMetadata(long elementsLength, PType offsetsType) {
    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    public static ListMetadata parse(MemorySegment metadata) {
        long elementsLen = 0;
        PType offsetType = PType.U8;
        ProtoReader r = new ProtoReader(metadata, "ListMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> elementsLen = r.varint();
                case 2 -> offsetType = PType.fromId(r.varint());
                default -> r.skip();
            }
        }
        return new ListMetadata(elementsLen, offsetType);
    }

    /** @return the message bytes (zero fields omitted) */
    public byte[] serialize() {
        return new ProtoWriter().varint(1, elementsLength).varint(2, offsetsType.id()).toByteArray();
    }
}
