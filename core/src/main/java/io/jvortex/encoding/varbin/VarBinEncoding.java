package io.jvortex.encoding.varbin;

import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.encoding.ArrayNode;
import io.jvortex.encoding.DecodeContext;
import io.jvortex.encoding.Encoding;
import io.jvortex.protobuf.ProtoReader;
import java.lang.foreign.MemorySegment;

/**
 * {@code vortex.varbin}: strings or byte strings as offsets into one byte buffer. Decoding is
 * zero-copy: the result shares the node's byte buffer and the decoded offsets child.
 */
public final class VarBinEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.varbin";

    /** Creates the (stateless) encoding; the registry holds one instance. */
    public VarBinEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        boolean utf8 = expectString(node, dtype);
        long offsetsPTypeId = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "VarBinMetadata");
        while (r.next()) {
            if (r.field() == 1) {
                offsetsPTypeId = r.varint();
            } else {
                r.skip();
            }
        }
        PType offsetsPType = Offsets.integerPType(node, offsetsPTypeId, "offsets_ptype");
        ctx.expectBuffers(node, 1);
        ctx.expectChildren(node, 1, 2);
        MemorySegment bytes = node.buffer(0);
        PrimitiveArray offsets = Offsets.integerChild(node, 0, offsetsPType, length + 1, ctx);
        if (offsets == null) {
            return new OpaqueArray(node.child(0).encodingId(), dtype, length);
        }
        Offsets.validate(node, offsets, bytes.byteSize(), "offsets");
        Validity validity = ctx.validity(node, 1, dtype.nullable(), length);
        if (utf8) {
            Utf8.validateRows(node, bytes, offsets, validity, length);
        }
        return new VarBinArray(dtype, offsets, bytes, length, validity);
    }

    /**
     * Checks that a dtype is a string type.
     *
     * @param node the node, for errors
     * @param dtype the dtype its parent assigns
     * @return true for {@code Utf8}, false for {@code Binary}
     */
    public static boolean expectString(ArrayNode node, DType dtype) {
        return switch (dtype) {
            case DType.Utf8 u -> true;
            case DType.Binary b -> false;
            default -> throw node.error(node.encodingId() + " cannot hold " + dtype.display()
                    + ", expected utf8 or binary");
        };
    }
}
