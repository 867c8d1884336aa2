package io.jvortex.internal.encodings.list;

import io.jvortex.internal.format.ListMetadata;
import io.jvortex.array.Canonical;
import io.jvortex.array.ListArray;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;

/** {@code vortex.list}: lists as {@code length + 1} offsets into an elements array (zero-copy). */
public final class ListEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.list";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public ListEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.List l = ctx.expectDType(node, dtype, DType.List.class);
        ListMetadata meta = ListMetadata.parse(node.metadata());
        long elementsLen = meta.elementsLength();
        PType offsetType = meta.offsetsType();
        if (!offsetType.isInteger()) {
            throw node.error("list offsets must be integers, got " + offsetType.displayName());
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 2, 3);
        int elementCount = ctx.rowCount(node, elementsLen, "elements_len");
        if (length == DecodeContext.MAX_ROWS) {
            throw node.error("list of " + length + " rows needs too many offsets");
        }
        PrimitiveArray offsets = ctx.decodePrimitive(node, 1, new DType.Primitive(offsetType, false), length + 1);
        int bad = Offsets.firstBadOffset(offsets, elementCount);
        if (bad >= 0) {
            throw node.error("list offset " + offsets.getLong(bad) + " at " + bad + " is decreasing or outside 0.."
                    + elementCount);
        }
        Canonical elements = ctx.decodeChild(node, 0, l.element(), elementCount);
        Validity validity = ctx.validity(node, 2, l.nullable(), length);
        return new ListArray(l, elements, offsets, length, validity);
    }
}
