package io.jvortex.internal.encodings.bool;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.internal.protobuf.ProtoReader;

/** {@code vortex.bool}: decoding is a zero-copy view of the bitmap. */
public final class BoolEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.bool";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Bool b = ctx.expectDType(node, dtype, DType.Bool.class);
        int bitOffset = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "BoolMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                bitOffset = r.varintAsInt(7);
            } else {
                r.skip();
            }
        }
        ctx.expectBuffers(node, 1);
        ctx.expectChildren(node, 0, 1);
        var bits = node.buffer(0);
        long needBytes = ((long) bitOffset + length + 7) / 8;
        if (bits.byteSize() < needBytes) {
            throw node.error("bit buffer has " + bits.byteSize() + " bytes, expected at least " + needBytes);
        }
        Validity validity = ctx.validity(node, 0, b.nullable(), length);
        return new BoolArray(b, bits, bitOffset, length, validity);
    }
}
