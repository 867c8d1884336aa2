package io.jvortex.internal.encodings.struct;

import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import java.util.ArrayList;
import java.util.List;

/** {@code vortex.struct}: one child per field, preceded by an optional validity child. */
public final class StructEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.struct";

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public StructEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Struct s = ctx.expectDType(node, dtype, DType.Struct.class);
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        ctx.expectBuffers(node, 0);
        int fieldCount = s.fields().size();
        int children = ctx.expectChildren(node, fieldCount, fieldCount + 1);
        int first = children - fieldCount;
        Validity validity = first == 1 ? ctx.validity(node, 0, s.nullable(), length) : Validity.ALL_VALID;
        List<Canonical> fields = new ArrayList<>(fieldCount);
        for (int i = 0; i < fieldCount; i++) {
            fields.add(ctx.decodeChild(node, first + i, s.fields().get(i), length));
        }
        return new StructArray(s, fields, length, validity);
    }
}
