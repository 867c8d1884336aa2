package io.jvortex.internal.encodings.union;

import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.UnionArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import java.util.ArrayList;
import java.util.List;

/** {@code vortex.union}: sparse unions as u8 type ids plus one row-aligned child per variant. */
public final class UnionEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.union";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public UnionEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Union u = ctx.expectDType(node, dtype, DType.Union.class);
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        if (u.typeIds().size() != u.variants().size()) {
            throw node.error("union dtype has " + u.variants().size() + " variants but " + u.typeIds().size()
                    + " type ids");
        }
        ctx.expectBuffers(node, 0);
        int variants = u.variants().size();
        ctx.expectChildren(node, 1 + variants, 1 + variants);
        PrimitiveArray typeIds = ctx.decodePrimitive(node, 0, new DType.Primitive(PType.U8, u.nullable()), length);
        List<Canonical> children = new ArrayList<>(variants);
        for (int i = 0; i < variants; i++) {
            Canonical child = ctx.decodeChild(node, 1 + i, u.variants().get(i), length);
            if (child instanceof OpaqueArray o) {
                return new OpaqueArray(o.encodingId(), u, length);
            }
            children.add(child);
        }
        UnionArray out = new UnionArray(u, typeIds, children);
        int bad = out.firstUndeclared();
        if (bad >= 0) {
            throw node.error("row " + bad + " has type id " + out.typeId(bad) + ", which the union does not declare "
                    + u.typeIds());
        }
        return out;
    }
}
