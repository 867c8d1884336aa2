package io.jvortex.internal.encodings.chunked;

import io.jvortex.array.Canonical;
import io.jvortex.array.Concat;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import java.util.ArrayList;
import java.util.List;

/** {@code vortex.chunked}: a row-wise concatenation of chunks of one dtype, decoded by {@link Concat}. */
public final class ChunkedEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.chunked";

    private static final DType.Primitive OFFSETS = new DType.Primitive(PType.U64, false);

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public ChunkedEncoding() {
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
        int chunkCount = ctx.expectChildren(node, 1, Integer.MAX_VALUE) - 1;
        PrimitiveArray offsets = ctx.decodePrimitive(node, 0, OFFSETS, chunkCount + 1);
        int bad = Offsets.firstBadOffset(offsets, length);
        if (bad >= 0) {
            throw node.error("chunk offset " + Long.toUnsignedString(offsets.getLong(bad)) + " at " + bad
                    + " is decreasing or outside 0.." + length);
        }
        if (offsets.getLong(0) != 0 || offsets.getLong(chunkCount) != length) {
            throw node.error("chunk offsets span " + offsets.getLong(0) + ".." + offsets.getLong(chunkCount)
                    + ", expected 0.." + length);
        }
        List<Canonical> chunks = new ArrayList<>(chunkCount);
        for (int c = 0; c < chunkCount; c++) {
            int rows = (int) (offsets.getLong(c + 1) - offsets.getLong(c));
            chunks.add(ctx.decodeChild(node, c + 1, dtype, rows));
        }
        return Concat.concat(dtype, chunks, ctx);
    }
}
