package io.jvortex.internal.encodings.primitive;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;

/** {@code vortex.primitive}: decoding is a zero-copy view of the value buffer. */
public final class PrimitiveEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.primitive";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        ctx.expectBuffers(node, 1);
        ctx.expectChildren(node, 0, 1);
        var values = ctx.bufferOfSize(node, 0, (long) length * p.ptype().byteWidth());
        Validity validity = ctx.validity(node, 0, p.nullable(), length);
        return new PrimitiveArray(p, values, length, validity);
    }
}
