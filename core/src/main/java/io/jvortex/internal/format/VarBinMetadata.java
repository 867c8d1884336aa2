package io.jvortex.internal.format;

import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code VarBinMetadata} message of a {@code vortex.varbin} node, read by the decoder and written by
 * the scheme and by {@code spi.CanonicalEncoder} (hence here, below both). Parsing checks the wire form
 * only; the decoder checks the id names an integer type.
 *
 * @param offsetsPTypeId the offsets' ptype id (field 1, default 0 = u8), unchecked
 */
public record VarBinMetadata(long offsetsPTypeId) {
    /**
     * @param offsetsType the offsets' type
     */
    public VarBinMetadata(PType offsetsType) {
        this(offsetsType.id());
    }

    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    public static VarBinMetadata parse(MemorySegment metadata) {
        long offsetsPTypeId = 0;
        ProtoReader r = new ProtoReader(metadata, "VarBinMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                offsetsPTypeId = r.varint();
            } else {
                r.skip();
            }
        }
        return new VarBinMetadata(offsetsPTypeId);
    }

    /** @return the message bytes (a zero id omitted) */
    public byte[] serialize() {
        return new ProtoWriter().varint(1, offsetsPTypeId).toByteArray();
    }
}
