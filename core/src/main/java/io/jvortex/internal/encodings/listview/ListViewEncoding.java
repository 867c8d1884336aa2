package io.jvortex.internal.encodings.listview;

import io.jvortex.internal.format.ListViewMetadata;
import io.jvortex.array.Canonical;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;

/** {@code vortex.listview}: lists as per-row (offset, size) views into an elements array (zero-copy). */
public final class ListViewEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.listview";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public ListViewEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.List l = ctx.expectDType(node, dtype, DType.List.class);
        ListViewMetadata meta = ListViewMetadata.parse(node.metadata());
        long elementsLen = meta.elementsLength();
        PType offsetType = meta.offsetsType();
        PType sizeType = meta.sizesType();
        if (!offsetType.isInteger() || !sizeType.isInteger()) {
            throw node.error("list view offsets and sizes must be integers, got " + offsetType.displayName()
                    + " and " + sizeType.displayName());
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 3, 4);
        int elementCount = ctx.rowCount(node, elementsLen, "elements_len");
        PrimitiveArray offsets = ctx.decodePrimitive(node, 1, new DType.Primitive(offsetType, false), length);
        PrimitiveArray sizes = ctx.decodePrimitive(node, 2, new DType.Primitive(sizeType, false), length);
        int bad = Offsets.firstBadView(offsets, sizes, elementCount);
        if (bad >= 0) {
            throw node.error("list view " + bad + " (offset " + offsets.getLong(bad) + ", size " + sizes.getLong(bad)
                    + ") is negative or reaches past the " + elementCount + " elements");
        }
        Canonical elements = ctx.decodeChild(node, 0, l.element(), elementCount);
        Validity validity = ctx.validity(node, 3, l.nullable(), length);
        return new ListViewArray(l, elements, offsets, sizes, length, validity);
    }
}
