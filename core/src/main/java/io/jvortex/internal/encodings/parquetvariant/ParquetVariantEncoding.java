package io.jvortex.internal.encodings.parquetvariant;

import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VariantArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.DTypeProto;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.internal.protobuf.ProtoReader;
import java.lang.foreign.MemorySegment;

/** {@code vortex.parquet.variant}: variants as the Parquet/Arrow {@code metadata, value, typed_value} columns. */
public final class ParquetVariantEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.parquet.variant";

    private static final DType METADATA = new DType.Binary(false);

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public ParquetVariantEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Variant v = ctx.expectDType(node, dtype, DType.Variant.class);
        boolean hasValue = false;
        boolean valueNullable = false;
        MemorySegment typedValueDType = null;
        ProtoReader r = new ProtoReader(node.metadata(), "ParquetVariantMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> hasValue = r.varint() != 0;
                case 2 -> typedValueDType = r.bytes();
                case 3 -> valueNullable = r.varint() != 0;
                default -> r.skip();
            }
        }
        DType typed;
        try {
            typed = typedValueDType == null ? null : DTypeProto.read(typedValueDType);
        } catch (io.jvortex.error.VortexException e) {
            throw node.error("typed_value dtype: " + e.getMessage());
        }
        if (!hasValue && typed == null) {
            throw node.error("at least one of value and typed_value must be present");
        }
        ctx.expectBuffers(node, 0);
        int expected = 1 + (hasValue ? 1 : 0) + (typed != null ? 1 : 0);
        int children = ctx.expectChildren(node, expected, expected + 1);
        int at = 0;
        Validity validity = Validity.ALL_VALID;
        if (children == expected + 1) {
            validity = ctx.validity(node, 0, v.nullable(), length);
            at = 1;
        }
        Canonical metadata = ctx.decodeChild(node, at++, METADATA, length);
        Canonical value = hasValue ? ctx.decodeChild(node, at++, new DType.Binary(valueNullable), length) : null;
        Canonical typedValue = typed != null ? ctx.decodeChild(node, at, typed, length) : null;
        for (Canonical c : new Canonical[] {metadata, value, typedValue}) {
            if (c instanceof OpaqueArray o) {
                return new OpaqueArray(o.encodingId(), v, length);
            }
        }
        return new VariantArray(v, length, validity, metadata, value, typedValue, null);
    }
}
