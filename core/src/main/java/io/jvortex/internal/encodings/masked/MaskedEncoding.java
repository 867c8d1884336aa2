package io.jvortex.internal.encodings.masked;

import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;

/** {@code vortex.masked}: a non-nullable child with a separate validity laid over it. */
public final class MaskedEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.masked";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public MaskedEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 1, 2);
        Canonical child = ctx.decodeChild(node, 0, dtype.withNullable(false), length);
        Validity validity = ctx.validity(node, 1, dtype.nullable(), length);
        return dtype.nullable() ? Canonicals.withValidity(child, validity) : child;
    }
}
