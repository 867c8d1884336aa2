package io.jvortex.internal.encodings.sparse;

import io.jvortex.array.Canonical;
import io.jvortex.array.Scatter;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.Patches;
import io.jvortex.scalar.Scalar;
import io.jvortex.scalar.ScalarValues;

/** {@code vortex.sparse}: a fill value everywhere except at patched positions. */
public final class SparseEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.sparse";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public SparseEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        SparseMetadata meta = SparseMetadata.parse(node.metadata());
        if (meta.patches() == null) {
            throw node.error("SparseMetadata has no patches");
        }
        Patches patches = Patches.of(node, meta.patches(), ctx);
        ctx.expectBuffers(node, 1);
        // Chunk offsets are never part of a sparse array, whatever the metadata says.
        ctx.expectChildren(node, 2, 2);
        Scalar fill = ScalarValues.decode(node.buffer(0), dtype);
        if (patches.count() > length) {
            throw node.error(patches.count() + " patches for " + length + " rows");
        }
        Patches.Decoded decoded = patches.decode(node, 0, dtype, length, ctx);
        return Scatter.fillAndPatch(fill, length, decoded.positions(), decoded.values(), ctx);
    }
}
