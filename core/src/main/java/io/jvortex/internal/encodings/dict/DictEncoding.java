package io.jvortex.internal.encodings.dict;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Take;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;

/** {@code vortex.dict}: codes into a dictionary of values, decoded by gathering with {@link Take}. */
public final class DictEncoding implements Encoding, io.jvortex.spi.PointAccess {
    /** A take decodes every dictionary value first. */
    @Override
    public boolean proportionalToPositions() {
        return false;
    }

    /** The encoding id. */
    public static final String ID = "vortex.dict";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public DictEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        return decodeOrTake(node, dtype, length, null, ctx);
    }

    /** Only the requested codes, then a gather from the (small) dictionary. */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        return decodeOrTake(node, dtype, length, indices, ctx);
    }

    private static Canonical decodeOrTake(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        DictMetadata meta = DictMetadata.parse(node.metadata());
        long valuesLen = meta.valuesLen();
        PType codesType = meta.codesType();
        Boolean nullableCodes = meta.codesNullable();
        if (!codesType.isInteger()) {
            throw node.error("dictionary codes must be integers, got " + codesType.displayName());
        }
        boolean codesNullable = nullableCodes != null ? nullableCodes : dtype.nullable();
        if (codesNullable && !dtype.nullable()) {
            throw node.error("nullable codes for non-nullable " + dtype.display());
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 2, 2);
        int valueCount = ctx.rowCount(node, valuesLen, "values_len");
        DType.Primitive codesDType = new DType.Primitive(codesType, codesNullable);
        Canonical decodedCodes = indices == null ? ctx.decodePrimitive(node, 0, codesDType, length)
                : ctx.takeChild(node, 0, codesDType, length, indices);
        if (!(decodedCodes instanceof PrimitiveArray codes)) {
            throw node.error("codes decoded to " + decodedCodes.dtype().display());
        }
        Canonical values = ctx.decodeChild(node, 1, dtype, valueCount);
        // Take checks every valid code against the dictionary size before gathering.
        return Take.take(values, codes, ctx);
    }
}
