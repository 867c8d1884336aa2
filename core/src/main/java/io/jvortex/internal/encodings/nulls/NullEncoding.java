package io.jvortex.internal.encodings.nulls;

import io.jvortex.array.Canonical;
import io.jvortex.array.NullArray;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;

/** {@code vortex.null}: every row of the null type; nothing is stored. */
public final class NullEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.null";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public NullEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        ctx.expectDType(node, dtype, DType.Null.class);
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 0, 0);
        return new NullArray(length);
    }
}
