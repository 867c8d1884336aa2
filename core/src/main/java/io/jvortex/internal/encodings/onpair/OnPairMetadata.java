package io.jvortex.internal.encodings.onpair;

import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code OnPairMetadata} message of a {@code vortex.onpair} node, read by the decoder and written by
 * the scheme. Parsing checks the wire form only; the ptype ids (0 = {@code U8} when absent) and counts are
 * checked by the decoder. Field 2 (the code bit width of early writers) is not needed to decode and is
 * skipped.
 *
 * @param lengthsPTypeId the uncompressed lengths' ptype id (field 1)
 * @param dictSize the number of dictionary tokens (field 3)
 * @param codesLen the number of codes (field 4)
 * @param dictOffsetsPTypeId the dictionary offsets' ptype id (field 5)
 * @param codesPTypeId the codes' ptype id (field 6)
 * @param codesOffsetsPTypeId the codes offsets' ptype id (field 7)
 */
record OnPairMetadata(long lengthsPTypeId, long dictSize, long codesLen, long dictOffsetsPTypeId,
                      long codesPTypeId, long codesOffsetsPTypeId) {
    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    static OnPairMetadata parse(MemorySegment metadata) {
        long lengthsPTypeId = 0;
        long dictSize = 0;
        long codesLenField = 0;
        long dictOffsetsPTypeId = 0;
        long codesPTypeId = 0;
        long codesOffsetsPTypeId = 0;
        ProtoReader r = new ProtoReader(metadata, "OnPairMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> lengthsPTypeId = r.varint();
                case 3 -> dictSize = r.varint();
                case 4 -> codesLenField = r.varint();
                case 5 -> dictOffsetsPTypeId = r.varint();
                case 6 -> codesPTypeId = r.varint();
                case 7 -> codesOffsetsPTypeId = r.varint();
                default -> r.skip(); // field 2 (code bit width) in early writers; not needed to decode
            }
        }
        return new OnPairMetadata(lengthsPTypeId, dictSize, codesLenField, dictOffsetsPTypeId, codesPTypeId,
                codesOffsetsPTypeId);
    }

    /** @return the message bytes (zero fields omitted) */
    byte[] serialize() {
        return new ProtoWriter()
                .varint(1, lengthsPTypeId)
                .varint(3, dictSize)
                .varint(4, codesLen)
                .varint(5, dictOffsetsPTypeId)
                .varint(6, codesPTypeId)
                .varint(7, codesOffsetsPTypeId)
                .toByteArray();
    }
}
