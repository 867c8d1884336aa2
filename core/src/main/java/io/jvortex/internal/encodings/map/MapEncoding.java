package io.jvortex.internal.encodings.map;

import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.OpaqueArray;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;

/** {@code vortex.map}: maps as one list child of {@code struct{key, value}} entries. */
public final class MapEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.map";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public MapEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Map m = ctx.expectDType(node, dtype, DType.Map.class);
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 1, 1);
        Canonical entries = ctx.decodeChild(node, 0, m.entries(), length);
        return switch (entries) {
            case ListViewArray l -> new MapArray(m, l);
            // the reference writes a list view; any other list form (a constant, a chunked child)
            // decodes to the same entries
            case ListArray l -> new MapArray(m, Canonicals.toListView(l, ctx));
            case OpaqueArray o -> new OpaqueArray(o.encodingId(), m, length);
            default -> throw node.error("map entries decoded to " + entries.getClass().getSimpleName()
                    + ", expected a list");
        };
    }
}
