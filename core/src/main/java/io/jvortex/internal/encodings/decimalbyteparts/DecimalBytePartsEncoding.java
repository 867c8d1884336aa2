package io.jvortex.internal.encodings.decimalbyteparts;

import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.PointAccess;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;

/**
 * {@code vortex.decimal_byte_parts}: decimals viewed over their signed-integer child, zero-copy. See the
 * package documentation for the physical form and the choice of value width. Single positions come from
 * the child's own point access.
 */
public final class DecimalBytePartsEncoding implements Encoding, PointAccess, io.jvortex.spi.PointRanges {
    /** The encoding id. */
    public static final String ID = "vortex.decimal_byte_parts";

    /**
     * The parsed metadata.
     *
     * @param mspType the signed integer type of the most-significant-part child
     * @param lowerPartCount the number of lower parts (always 0)
     */
    public record DecimalBytePartsMetadata(PType mspType, int lowerPartCount) {
        /**
         * Parses and checks the metadata.
         *
         * @param node the node
         * @return the metadata
         */
        public static DecimalBytePartsMetadata parse(ArrayNode node) {
            PType msp = PType.U8;
            long lower = 0;
            ProtoReader r = new ProtoReader(node.metadata(), "DecimalBytesPartsMetadata");
            while (r.next()) {
                switch (r.field()) {
                    case 1 -> msp = PType.fromId(r.varint());
                    case 2 -> lower = r.varint();
                    default -> r.skip();
                }
            }
            if (!msp.isInteger() || !msp.isSigned()) {
                throw node.error("zeroth child type must be a signed integer, got " + msp.displayName());
            }
            if (lower != 0) {
                throw node.error("lower_part_count " + Long.toUnsignedString(lower) + " unsupported, expected 0");
            }
            return new DecimalBytePartsMetadata(msp, 0);
        }

        /** @return the message bytes, as the encoder writes them (zero fields omitted) */
        public byte[] serialize() {
            return new ProtoWriter().varint(1, mspType.id()).varint(2, lowerPartCount).toByteArray();
        }
    }

    /** Creates the (stateless) encoding. */
    public DecimalBytePartsEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        return view(node, dtype, length, null, ctx);
    }

    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        return view(node, dtype, length, indices, ctx);
    }

    /** What the most-significant-part child's take reads. */
    @Override
    public void plan(ArrayNode node, DType dtype, int length, int[] indices, io.jvortex.spi.TakePlan plan) {
        DecodeContext ctx = plan.context();
        DType.Decimal d = ctx.expectDType(node, dtype, DType.Decimal.class);
        DecimalBytePartsMetadata meta = DecimalBytePartsMetadata.parse(node);
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 1, 1);
        plan.takeChild(node, 0, new DType.Primitive(meta.mspType(), d.nullable()), length, indices);
    }

    /** The decimals over the decoded child, all of it or only {@code indices} (when not null). */
    private static Canonical view(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        DType.Decimal d = ctx.expectDType(node, dtype, DType.Decimal.class);
        DecimalBytePartsMetadata meta = DecimalBytePartsMetadata.parse(node);
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 1, 1);
        DType mspType = new DType.Primitive(meta.mspType(), d.nullable());
        Canonical child = indices == null ? ctx.decodeChild(node, 0, mspType, length)
                : ctx.takeChild(node, 0, mspType, length, indices);
        int rows = indices == null ? length : indices.length;
        if (child instanceof OpaqueArray opaque) {
            return new OpaqueArray(opaque.encodingId(), dtype, rows);
        }
        if (!(child instanceof PrimitiveArray msp)) {
            throw node.error("msp child decoded to " + child.getClass().getSimpleName() + ", expected primitive");
        }
        return new DecimalArray(d, meta.mspType().byteWidth(), msp.values(), rows, msp.validity());
    }
}
