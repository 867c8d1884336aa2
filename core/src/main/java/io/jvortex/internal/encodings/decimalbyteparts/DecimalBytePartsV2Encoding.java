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
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;

/**
 * {@code vortex.decimal_byte_parts.v2}: decimals cut on 64-bit word boundaries into a signed most significant
 * part and up to three unsigned lower parts (see the package documentation). Without lower parts it is the
 * zero-copy view of {@link DecimalBytePartsEncoding}; with them the words are reassembled into 16-byte (one
 * lower part) or 32-byte (two or three) values. Single positions come from the children's point access.
 */
public final class DecimalBytePartsV2Encoding implements Encoding, PointAccess {
    /** The encoding id. */
    public static final String ID = "vortex.decimal_byte_parts.v2";
    /** The most lower parts a value can have: an {@code i256} is an {@code i64} msp over three 64-bit words. */
    public static final int MAX_LOWER_PARTS = 3;

    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /**
     * The parsed metadata ({@code DecimalBytePartsV2Metadata}).
     *
     * @param mspType the signed integer type of the most significant part (child 0)
     * @param lowerTypes the unsigned integer types of the lower parts (children 1…), most significant first
     */
    public record Metadata(PType mspType, List<PType> lowerTypes) {
        /**
         * Parses and checks the metadata: a signed msp type, at most {@value #MAX_LOWER_PARTS} lower parts,
         * each unsigned. The lower types are a packed repeated enum; an unpacked element is accepted too, as
         * any protobuf reader does.
         *
         * @param node the node
         * @return the metadata
         */
        public static Metadata parse(ArrayNode node) {
            PType msp = PType.U8;
            long[] lower = new long[MAX_LOWER_PARTS];
            int[] count = {0};
            ProtoReader r = new ProtoReader(node.metadata(), "DecimalBytePartsV2Metadata");
            while (r.next()) {
                switch (r.field()) {
                    case 1 -> msp = PType.fromId(r.varint());
                    case 2 -> r.packedVarints(v -> {
                        if (count[0] == MAX_LOWER_PARTS) {
                            throw node.error("more than " + MAX_LOWER_PARTS + " lower parts");
                        }
                        lower[count[0]++] = v;
                    });
                    default -> r.skip();
                }
            }
            if (!msp.isInteger() || !msp.isSigned()) {
                throw node.error("msp type must be a signed integer, got " + msp.displayName());
            }
            PType[] types = new PType[count[0]];
            for (int j = 0; j < types.length; j++) {
                types[j] = PType.fromId(lower[j]);
                if (!types[j].isInteger() || types[j].isSigned()) {
                    throw node.error("lower part " + j + " type must be an unsigned integer, got "
                            + types[j].displayName());
                }
            }
            return new Metadata(msp, List.of(types));
        }

        /** @return the message bytes, as the encoder writes them (an empty lower-part list omitted) */
        public byte[] serialize() {
            long[] ids = new long[lowerTypes.size()];
            for (int j = 0; j < ids.length; j++) {
                ids[j] = lowerTypes.get(j).id();
            }
            return new ProtoWriter().varint(1, mspType.id()).packedVarints(2, ids).toByteArray();
        }
    }

    /** Creates the (stateless) encoding. */
    public DecimalBytePartsV2Encoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        return assemble(node, dtype, length, null, ctx);
    }

    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        return assemble(node, dtype, length, indices, ctx);
    }

    /**
     * @param lowerPartCount the number of lower parts, 1 to {@value #MAX_LOWER_PARTS}
     * @return bytes per decoded value as in the reference's canonical form: 16 with one lower part, 32 with
     *         two or three
     */
    static int valueByteWidth(int lowerPartCount) {
        return lowerPartCount == 1 ? 16 : 32;
    }

    /** The decimals of all rows, or only of {@code indices} when not null. */
    private static Canonical assemble(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        DType.Decimal d = ctx.expectDType(node, dtype, DType.Decimal.class);
        Metadata meta = Metadata.parse(node);
        int k = meta.lowerTypes().size();
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 1 + k, 1 + k);
        int rows = indices == null ? length : indices.length;
        Canonical mspChild = part(node, 0, new DType.Primitive(meta.mspType(), d.nullable()), length, indices, ctx);
        PrimitiveArray[] lower = new PrimitiveArray[k];
        String opaque = mspChild instanceof OpaqueArray o ? o.encodingId() : null;
        for (int j = 0; j < k; j++) {
            Canonical c = part(node, 1 + j, new DType.Primitive(meta.lowerTypes().get(j), false), length, indices, ctx);
            if (c instanceof OpaqueArray o) {
                opaque = opaque == null ? o.encodingId() : opaque;
            } else {
                lower[j] = asPrimitive(node, 1 + j, c);
            }
        }
        if (opaque != null) {
            return new OpaqueArray(opaque, dtype, rows);
        }
        PrimitiveArray msp = asPrimitive(node, 0, mspChild);
        if (k == 0) {
            return new DecimalArray(d, meta.mspType().byteWidth(), msp.values(), rows, msp.validity());
        }
        int width = valueByteWidth(k);
        int words = width / 8;
        MemorySegment out = ctx.allocateUninitialized((long) rows * width);
        // Word w of a value holds bits [64w, 64w+64): lower part j (most significant first) is word k-1-j and
        // the msp is word k, sign-extended; with two lower parts the top word of the i256 repeats its sign.
        writeWord(msp.values(), meta.mspType(), out, k, words, rows);
        for (int j = 0; j < k; j++) {
            writeWord(lower[j].values(), meta.lowerTypes().get(j), out, k - 1 - j, words, rows);
        }
        if (k == 2) {
            for (int i = 0; i < rows; i++) {
                long base = (long) i * 32;
                out.set(I64, base + 24, out.get(I64, base + 16) >> 63);
            }
        }
        return new DecimalArray(d, width, out, rows, msp.validity());
    }

    private static Canonical part(ArrayNode node, int index, DType.Primitive type, int length, int[] indices,
                                  DecodeContext ctx) {
        return indices == null ? ctx.decodeChild(node, index, type, length)
                : ctx.takeChild(node, index, type, length, indices);
    }

    private static PrimitiveArray asPrimitive(ArrayNode node, int index, Canonical c) {
        if (!(c instanceof PrimitiveArray p)) {
            throw node.error("part " + index + " decoded to " + c.getClass().getSimpleName() + ", expected primitive");
        }
        return p;
    }

    /**
     * Widens one part to 64 bits (sign-extending signed types, zero-extending unsigned ones) and stores it
     * as word {@code word} of every value. The caller checked that {@code src} holds {@code rows} values
     * of {@code type}.
     */
    private static void writeWord(MemorySegment src, PType type, MemorySegment out, int word, int words, int rows) {
        long stride = 8L * words;
        long at = 8L * word;
        switch (type) {
            case I8 -> {
                for (int i = 0; i < rows; i++, at += stride) {
                    out.set(I64, at, src.get(ValueLayout.JAVA_BYTE, i));
                }
            }
            case U8 -> {
                for (int i = 0; i < rows; i++, at += stride) {
                    out.set(I64, at, src.get(ValueLayout.JAVA_BYTE, i) & 0xFFL);
                }
            }
            case I16 -> {
                for (int i = 0; i < rows; i++, at += stride) {
                    out.set(I64, at, src.get(I16, 2L * i));
                }
            }
            case U16 -> {
                for (int i = 0; i < rows; i++, at += stride) {
                    out.set(I64, at, src.get(I16, 2L * i) & 0xFFFFL);
                }
            }
            case I32 -> {
                for (int i = 0; i < rows; i++, at += stride) {
                    out.set(I64, at, src.get(I32, 4L * i));
                }
            }
            case U32 -> {
                for (int i = 0; i < rows; i++, at += stride) {
                    out.set(I64, at, src.get(I32, 4L * i) & 0xFFFF_FFFFL);
                }
            }
            case I64, U64 -> {
                for (int i = 0; i < rows; i++, at += stride) {
                    out.set(I64, at, src.get(I64, 8L * i));
                }
            }
            case F16, F32, F64 -> throw new IllegalStateException("metadata parsing admits integer parts only");
        }
    }
}
