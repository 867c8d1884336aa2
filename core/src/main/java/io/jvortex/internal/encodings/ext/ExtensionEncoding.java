package io.jvortex.internal.encodings.ext;

import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;

/** {@code vortex.ext}: extension values stored as their storage array. */
public final class ExtensionEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.ext";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public ExtensionEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Extension e = ctx.expectDType(node, dtype, DType.Extension.class);
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 1, 1);
        return new ExtensionArray(e, ctx.decodeChild(node, 0, e.storage(), length));
    }
}
