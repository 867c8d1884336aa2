package io.jvortex.internal.format;

import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code ListViewMetadata} message of a {@code vortex.listview} node, read by the decoder and written
 * by {@code spi.CanonicalEncoder} (hence here, below both). Parsing checks the wire form only; the decoder
 * checks the types and the length against the node.
 *
 * @param elementsLength the number of elements (field 1)
 * @param offsetsType the offsets' type (field 2, default u8)
 * @param sizesType the sizes' type (field 3, default u8)
 */
public record ListViewMetadata(long elementsLength, PType offsetsType, PType sizesType) {
    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    public static ListViewMetadata parse(MemorySegment metadata) {
        long elementsLen = 0;
        PType offsetType = PType.U8;
        PType sizeType = PType.U8;
        ProtoReader r = new ProtoReader(metadata, "ListViewMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> elementsLen = r.varint();
                case 2 -> offsetType = PType.fromId(r.varint());
                case 3 -> sizeType = PType.fromId(r.varint());
                default -> r.skip();
            }
        }
        return new ListViewMetadata(elementsLen, offsetType, sizeType);
    }

    /** @return the message bytes (zero fields omitted) */
    public byte[] serialize() {
        return new ProtoWriter().varint(1, elementsLength).varint(2, offsetsType.id()).varint(3, sizesType.id())
                .toByteArray();
    }
}
