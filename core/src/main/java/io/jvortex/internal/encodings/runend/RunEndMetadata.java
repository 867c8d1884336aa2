package io.jvortex.internal.encodings.runend;

import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code RunEndMetadata} message of a {@code vortex.runend} node, read by the decoder and written by
 * the scheme. Parsing checks the wire form only; the decoder validates the values against the node.
 *
 * @param endsType the run ends' type (field 1, default u8)
 * @param numRuns the number of runs (field 2)
 * @param offset the logical offset into the runs (field 3; the writer's is 0)
 */
record RunEndMetadata(PType endsType, long numRuns, long offset) {
    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    static RunEndMetadata parse(MemorySegment metadata) {
        PType endsType = PType.U8;
        long numRuns = 0;
        long offset = 0;
        ProtoReader r = new ProtoReader(metadata, "RunEndMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> endsType = PType.fromId(r.varint());
                case 2 -> numRuns = r.varint();
                case 3 -> offset = r.varint();
                default -> r.skip();
            }
        }
        return new RunEndMetadata(endsType, numRuns, offset);
    }

    /** @return the message bytes (zero fields omitted) */
    byte[] serialize() {
        return new ProtoWriter().varint(1, endsType.id()).varint(2, numRuns).varint(3, offset).toByteArray();
    }
}
