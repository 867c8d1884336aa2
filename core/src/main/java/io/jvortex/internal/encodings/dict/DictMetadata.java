package io.jvortex.internal.encodings.dict;

import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code DictMetadata} message of a {@code vortex.dict} node, read by the decoder and written by the
 * scheme. Parsing checks the wire form only; the decoder validates the values against the node.
 *
 * @param valuesLen the number of dictionary values (field 1)
 * @param codesType the codes' type (field 2, default u8)
 * @param codesNullable whether the codes are nullable (field 3), or null when absent (then the array's
 *        nullability)
 */
record DictMetadata(long valuesLen, PType codesType, Boolean codesNullable) {
    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    static DictMetadata parse(MemorySegment metadata) {
        long valuesLen = 0;
        PType codesType = PType.U8;
        Boolean nullableCodes = null;
        ProtoReader r = new ProtoReader(metadata, "DictMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> valuesLen = r.varint();
                case 2 -> codesType = PType.fromId(r.varint());
                case 3 -> nullableCodes = r.varint() != 0;
                default -> r.skip();
            }
        }
        return new DictMetadata(valuesLen, codesType, nullableCodes);
    }

    /**
     * @return the message bytes; field 4 ({@code all_values_referenced}) is always written as true, since
     *         the writer's dictionaries hold only values the codes use (readers ignore it)
     */
    byte[] serialize() {
        ProtoWriter w = new ProtoWriter().varint(1, valuesLen).varint(2, codesType.id());
        if (codesNullable != null) {
            w.varintAlways(3, codesNullable ? 1 : 0);
        }
        return w.varintAlways(4, 1).toByteArray();
    }
}
