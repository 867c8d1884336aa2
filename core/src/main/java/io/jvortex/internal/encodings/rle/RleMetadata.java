package io.jvortex.internal.encodings.rle;

import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code RLEMetadata} message of a {@code fastlanes.rle} node, read by the decoder and written by the
 * schemes. Parsing checks the wire form only; the decoder validates the values against the node.
 *
 * @param valuesLen the number of run values (field 1)
 * @param indicesLen the number of run indices, a multiple of 1024 (field 2)
 * @param indicesType the indices' type (field 3, default u8)
 * @param offsetsLen the number of per-chunk value offsets (field 4)
 * @param offsetsType the offsets' type (field 5, default u8)
 * @param offset the logical offset into the first chunk (field 6; the writer's is 0)
 */
record RleMetadata(long valuesLen, long indicesLen, PType indicesType, long offsetsLen, PType offsetsType,
                   long offset) {
    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    static RleMetadata parse(MemorySegment metadata) {
        long valuesLen = 0;
        long indicesLen = 0;
        PType indicesType = PType.U8;
        long offsetsLen = 0;
        PType offsetsType = PType.U8;
        long offset = 0;
        ProtoReader r = new ProtoReader(metadata, "RLEMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> valuesLen = r.varint();
                case 2 -> indicesLen = r.varint();
                case 3 -> indicesType = PType.fromId(r.varint());
                case 4 -> offsetsLen = r.varint();
                case 5 -> offsetsType = PType.fromId(r.varint());
                case 6 -> offset = r.varint();
                default -> r.skip();
            }
        }
        return new RleMetadata(valuesLen, indicesLen, indicesType, offsetsLen, offsetsType, offset);
    }

    /** @return the message bytes (zero fields omitted) */
    byte[] serialize() {
        return new ProtoWriter()
                .varint(1, valuesLen)
                .varint(2, indicesLen)
                .varint(3, indicesType.id())
                .varint(4, offsetsLen)
                .varint(5, offsetsType.id())
                .varint(6, offset)
                .toByteArray();
    }
}
