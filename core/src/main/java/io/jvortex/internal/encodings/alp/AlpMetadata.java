package io.jvortex.internal.encodings.alp;

import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import io.jvortex.spi.PatchesMetadata;
import java.lang.foreign.MemorySegment;

/**
 * The {@code ALPMetadata} message of a {@code vortex.alp} node, read by the decoder and written by the
 * encoder. Parsing checks the wire form only (exponents fit the reference's {@code u8}); the decoder
 * checks the exponents against the float type and the patches against the node.
 *
 * @param exponentE the exponent {@code e} (field 1; the decoder multiplies by {@code 10^-e})
 * @param exponentF the factor {@code f} (field 2; the decoder multiplies by {@code 10^f})
 * @param patches the patches (field 3), or {@code null} when the array has none
 */
record AlpMetadata(int exponentE, int exponentF, PatchesMetadata patches) {
    /** Largest exponent or factor a reader accepts; the reference stores them as {@code u8}. */
    private static final int MAX_WIRE_EXPONENT = 255;

    /**
     * @param metadata the message bytes
     * @return the metadata
     */
    static AlpMetadata parse(MemorySegment metadata) {
        int e = 0;
        int f = 0;
        PatchesMetadata patches = null;
        ProtoReader r = new ProtoReader(metadata, "ALPMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> e = r.varintAsInt(MAX_WIRE_EXPONENT);
                case 2 -> f = r.varintAsInt(MAX_WIRE_EXPONENT);
                case 3 -> patches = PatchesMetadata.parse(r.bytes());
                default -> r.skip();
            }
        }
        return new AlpMetadata(e, f, patches);
    }

    /** @return the message bytes (zero exponents omitted, the patches written when present) */
    byte[] serialize() {
        ProtoWriter w = new ProtoWriter().varint(1, exponentE).varint(2, exponentF);
        if (patches != null) {
            w.bytesAlways(3, patches.serialize());
        }
        return w.toByteArray();
    }
}
