package io.jvortex.internal.encodings.alp;

import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Patches;
import io.jvortex.internal.protobuf.ProtoReader;

/**
 * The {@code ALPMetadata} message of a {@code vortex.alp} node.
 *
 * @param exponentE the exponent {@code e} (the decoder multiplies by {@code 10^-e})
 * @param exponentF the factor {@code f} (the decoder multiplies by {@code 10^f})
 * @param patches the patches, or {@code null} when the array has none
 */
public record AlpMetadata(int exponentE, int exponentF, Patches patches) {
    /** Largest exponent or factor a reader accepts; the reference stores them as {@code u8}. */
    private static final int MAX_WIRE_EXPONENT = 255;

    /**
     * Parses the metadata of a node (exponent ranges are checked by the decoder, which knows the
     * float type).
     *
     * @param node the node
     * @param ctx the decode context
     * @return the metadata
     */
    public static AlpMetadata parse(ArrayNode node, DecodeContext ctx) {
        int e = 0;
        int f = 0;
        Patches patches = null;
        ProtoReader r = new ProtoReader(node.metadata(), "ALPMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> e = r.varintAsInt(MAX_WIRE_EXPONENT);
                case 2 -> f = r.varintAsInt(MAX_WIRE_EXPONENT);
                case 3 -> patches = Patches.parse(node, r.bytes(), ctx);
                default -> r.skip();
            }
        }
        return new AlpMetadata(e, f, patches);
    }
}
