package io.jvortex.internal.encodings.varbin;

import io.jvortex.internal.format.VarBinMetadata;
import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.PointAccess;
import java.lang.foreign.MemorySegment;

/**
 * {@code vortex.varbin}: strings or byte strings as offsets into one byte buffer. Decoding is
 * zero-copy: the result shares the node's byte buffer and the decoded offsets child. Taking rows
 * copies only their bytes.
 */
public final class VarBinEncoding implements Encoding, PointAccess {
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
        PType offsetsPType = offsetsPType(node);
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
     * Takes offsets {@code i} and {@code i + 1} of each requested row and copies those rows' bytes
     * into a new buffer; only the taken rows are checked (ranges and UTF-8). More than
     * {@link Offsets#MAX_TAKE_RANGES} rows are decoded whole and gathered.
     */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        if (indices.length > Offsets.MAX_TAKE_RANGES) {
            return ctx.gather(decode(node, dtype, length, ctx), indices);
        }
        boolean utf8 = expectString(node, dtype);
        PType offsetsPType = offsetsPType(node);
        ctx.expectBuffers(node, 1);
        ctx.expectChildren(node, 1, 2);
        MemorySegment bytes = node.buffer(0);
        long[] ranges = Offsets.takeRanges(node, 0, offsetsPType, length, indices, bytes.byteSize(), "offsets", ctx);
        if (ranges == null) {
            return new OpaqueArray(node.child(0).encodingId(), dtype, indices.length);
        }
        Validity validity = ctx.takeValidity(node, 1, dtype.nullable(), length, indices);
        MemorySegment taken = Offsets.copyRanges(node, 0, ranges, ctx);
        PrimitiveArray offsets = Offsets.fromRanges(ranges, ctx);
        if (utf8) {
            Utf8.validateRows(node, taken, offsets, validity, indices.length, indices);
        }
        return new VarBinArray(dtype, offsets, taken, indices.length, validity);
    }

    private static PType offsetsPType(ArrayNode node) {
        long offsetsPTypeId = VarBinMetadata.parse(node.metadata()).offsetsPTypeId();
        return Offsets.integerPType(node, offsetsPTypeId, "offsets_ptype");
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
