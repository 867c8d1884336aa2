package io.jvortex.internal.encodings.variant;

import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.VariantArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.DTypeProto;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.internal.protobuf.ProtoReader;
import java.lang.foreign.MemorySegment;

/** {@code vortex.variant}: the canonical variant wrapper of a core storage plus an optional shredded tree. */
public final class VariantEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.variant";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public VariantEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Variant v = ctx.expectDType(node, dtype, DType.Variant.class);
        MemorySegment shreddedDType = null;
        ProtoReader r = new ProtoReader(node.metadata(), "VariantMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                shreddedDType = r.bytes();
            } else {
                r.skip();
            }
        }
        DType shreddedType;
        try {
            shreddedType = shreddedDType == null ? null : DTypeProto.read(shreddedDType);
        } catch (io.jvortex.error.VortexException e) {
            throw node.error("shredded dtype: " + e.getMessage());
        }
        ctx.expectBuffers(node, 0);
        int expected = shreddedType == null ? 1 : 2;
        ctx.expectChildren(node, expected, expected);
        Canonical core = ctx.decodeChild(node, 0, v, length);
        if (core instanceof OpaqueArray) {
            return core;
        }
        if (!(core instanceof VariantArray variant)) {
            throw node.error("core storage decoded to " + core.getClass().getSimpleName() + ", expected a variant");
        }
        if (shreddedType == null) {
            return variant;
        }
        Canonical shredded = ctx.decodeChild(node, 1, shreddedType, length);
        if (shredded instanceof OpaqueArray o) {
            return new OpaqueArray(o.encodingId(), v, length);
        }
        return variant.withShredded(shredded);
    }
}
