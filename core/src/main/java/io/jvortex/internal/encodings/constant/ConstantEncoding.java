package io.jvortex.internal.encodings.constant;

import io.jvortex.array.Canonical;
import io.jvortex.array.Constant;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.scalar.Scalar;
import io.jvortex.scalar.ScalarValues;

/**
 * {@code vortex.constant}: one scalar repeated {@code length} times, expanded with
 * {@link Constant#expand}. A bool constant decodes to a bool array, so it can serve as a validity
 * child (the writer's form of "all invalid").
 */
public final class ConstantEncoding implements Encoding, io.jvortex.spi.PointAccess {
    /** The encoding id. */
    public static final String ID = "vortex.constant";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public ConstantEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        // Metadata is ignored, as by the reference reader.
        ctx.expectBuffers(node, 1);
        ctx.expectChildren(node, 0, 0);
        Scalar scalar = ScalarValues.decode(node.buffer(0), dtype);
        return Constant.expand(scalar, length, ctx);
    }

    /** The scalar repeated once per requested position. */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        return decode(node, dtype, indices.length, ctx);
    }
}
