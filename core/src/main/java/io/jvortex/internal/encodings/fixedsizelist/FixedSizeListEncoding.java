package io.jvortex.internal.encodings.fixedsizelist;

import io.jvortex.array.Canonical;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;

/** {@code vortex.fixed_size_list}: {@code length × size} elements, list {@code i} at {@code i × size}. */
public final class FixedSizeListEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.fixed_size_list";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public FixedSizeListEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.FixedSizeList f = ctx.expectDType(node, dtype, DType.FixedSizeList.class);
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 1, 2);
        int elementCount = ctx.rowCount(node, (long) length * f.size(), "element count (length × list size)");
        Canonical elements = ctx.decodeChild(node, 0, f.element(), elementCount);
        Validity validity = ctx.validity(node, 1, f.nullable(), length);
        return new FixedSizeListArray(f, elements, length, validity);
    }
}
