package io.jvortex.internal.encodings.decimal;

import io.jvortex.internal.format.DecimalMetadata;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;

/** {@code vortex.decimal}: unscaled two's-complement integers of one width; a zero-copy view. */
public final class DecimalEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.decimal";

    /** Byte width of each {@code DecimalType} value (I8, I16, I32, I64, I128, I256). */
    private static final int[] WIDTHS = {1, 2, 4, 8, 16, 32};

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public DecimalEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Decimal d = ctx.expectDType(node, dtype, DType.Decimal.class);
        int valuesType = DecimalMetadata.parse(node.metadata()).valuesType();
        int width = WIDTHS[valuesType];
        ctx.expectBuffers(node, 1);
        ctx.expectChildren(node, 0, 1);
        var values = ctx.bufferOfSize(node, 0, (long) length * width);
        Validity validity = ctx.validity(node, 0, d.nullable(), length);
        return new DecimalArray(d, width, values, length, validity);
    }
}
