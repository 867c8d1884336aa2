package io.jvortex.internal.format;

import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;

/**
 * The {@code DecimalMetadata} message of a {@code vortex.decimal} node, read by the decoder and written by
 * {@code spi.CanonicalEncoder} (hence here, below both).
 *
 * @param valuesType the {@code DecimalType} of the values (field 1): {@code log2} of their byte width,
 *     0 (1 byte) to 5 (32 bytes)
 */
public record DecimalMetadata(int valuesType) {
    /** The largest {@code DecimalType}: 32-byte values. */
    public static final int MAX_VALUES_TYPE = 5;

    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    public static DecimalMetadata parse(MemorySegment metadata) {
        int valuesType = 0;
        ProtoReader r = new ProtoReader(metadata, "DecimalMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                valuesType = r.varintAsInt(MAX_VALUES_TYPE);
            } else {
                r.skip();
            }
        }
        return new DecimalMetadata(valuesType);
    }

    /**
     * @param valueByteWidth bytes per value, a power of two from 1 to 32
     * @return the metadata of values that wide
     */
    public static DecimalMetadata ofByteWidth(int valueByteWidth) {
        return new DecimalMetadata(Integer.numberOfTrailingZeros(valueByteWidth));
    }

    /** @return the message bytes (a zero type omitted) */
    public byte[] serialize() {
        return new ProtoWriter().varint(1, valuesType).toByteArray();
    }
}
