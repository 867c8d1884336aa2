package io.jvortex.internal.encodings.frameofreference;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.PointAccess;
import io.jvortex.internal.encodings.bitpacked.BitPackedEncoding;
import io.jvortex.internal.encodings.bitpacked.BitPackedV2Encoding;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code fastlanes.for.v2}: a frame of reference per 1024-row chunk,
 * {@code out[i] = encoded[i] + references[(offset + i) / 1024]}, wrapping in the type's width.
 * Over a bit-packed child that starts at the same offset the references are added while unpacking.
 */
public final class FrameOfReferenceV2Encoding implements Encoding, PointAccess {
    /** The encoding id. */
    public static final String ID = "fastlanes.for.v2";

    /** Creates the encoding. */
    public FrameOfReferenceV2Encoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        Parsed parsed = Parsed.of(node, dtype, length, ctx);
        ArrayNode child = node.child(0);
        if (isBitPacked(child)) {
            PrimitiveArray fused = BitPackedV2Encoding.decodeWithChunkReferences(child, parsed.dtype(), length,
                    parsed.offset(), parsed.references(), ctx);
            if (fused != null) {
                return fused;
            }
        }
        PrimitiveArray encoded = ctx.decodePrimitive(node, 0, parsed.dtype(), length);
        return addReferences(encoded, parsed.offset(), parsed.references(), ctx);
    }

    /** The requested positions of the encoded child, each plus its chunk's reference. */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        Parsed parsed = Parsed.of(node, dtype, length, ctx);
        ArrayNode child = node.child(0);
        if (isBitPacked(child)) {
            PrimitiveArray fused = BitPackedV2Encoding.takeWithChunkReferences(child, parsed.dtype(), length, indices,
                    parsed.offset(), parsed.references(), ctx);
            if (fused != null) {
                return fused;
            }
        }
        Canonical taken = ctx.takeChild(node, 0, parsed.dtype(), length, indices);
        if (!(taken instanceof PrimitiveArray e)) {
            throw node.error("encoded child decoded to " + taken.dtype().display());
        }
        long[] references = parsed.references();
        int offset = parsed.offset();
        int width = e.ptype().byteWidth();
        MemorySegment in = e.values();
        MemorySegment out = ctx.allocateUninitialized((long) indices.length * width);
        for (int i = 0; i < indices.length; i++) {
            long ref = references[(offset + indices[i]) >>> 10];
            switch (width) {
                case 1 -> out.set(ValueLayout.JAVA_BYTE, i, (byte) (in.get(ValueLayout.JAVA_BYTE, i) + ref));
                case 2 -> out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i,
                        (short) (in.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i) + ref));
                case 4 -> out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i,
                        (int) (in.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i) + ref));
                default -> out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i,
                        in.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i) + ref);
            }
        }
        return new PrimitiveArray(e.dtype(), out, indices.length, e.validity());
    }

    private static boolean isBitPacked(ArrayNode child) {
        String id = child.encodingId();
        return BitPackedEncoding.ID.equals(id) || BitPackedV2Encoding.ID.equals(id);
    }

    /**
     * Adds each chunk's reference to its rows, a counted loop per chunk.
     *
     * @param encoded values of an integer type
     * @param offset the position of row 0 within the first chunk
     * @param references one per chunk
     * @param ctx allocates the result
     * @return {@code encoded[i] + references[(offset + i) / 1024]}, wrapping, with the same validity
     */
    static PrimitiveArray addReferences(PrimitiveArray encoded, int offset, long[] references, DecodeContext ctx) {
        DType.Primitive p = encoded.dtype();
        int length = encoded.length();
        int width = p.ptype().byteWidth();
        MemorySegment in = encoded.values();
        MemorySegment out = ctx.allocateUninitialized((long) length * width);
        long from = 0;
        for (int chunk = 0; from < length; chunk++) {
            long to = Math.min(length, (chunk + 1L) * 1024 - offset);
            long ref = references[chunk];
            switch (width) {
                case 1 -> {
                    byte r = (byte) ref;
                    for (long i = from; i < to; i++) {
                        out.set(ValueLayout.JAVA_BYTE, i, (byte) (in.get(ValueLayout.JAVA_BYTE, i) + r));
                    }
                }
                case 2 -> {
                    short r = (short) ref;
                    for (long i = from; i < to; i++) {
                        out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i,
                                (short) (in.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i) + r));
                    }
                }
                case 4 -> {
                    int r = (int) ref;
                    for (long i = from; i < to; i++) {
                        out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i,
                                in.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i) + r);
                    }
                }
                default -> {
                    for (long i = from; i < to; i++) {
                        out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i,
                                in.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i) + ref);
                    }
                }
            }
            from = to;
        }
        return new PrimitiveArray(p, out, length, encoded.validity());
    }

    /**
     * A validated node.
     *
     * @param dtype the integer dtype
     * @param offset the position of row 0 within the first chunk, below 1024
     * @param references one per chunk, {@code ceil((offset + length) / 1024)}, as the type's bits widened
     */
    record Parsed(DType.Primitive dtype, int offset, long[] references) {
        static Parsed of(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
            DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
            if (!p.ptype().isInteger()) {
                throw node.error("frame of reference needs an integer type, got " + p.display());
            }
            int offset = FrameOfReferenceV2Metadata.parse(node.metadata()).offset();
            ctx.expectBuffers(node, 0);
            ctx.expectChildren(node, 2, 2);
            int chunks = (int) (((long) offset + length + 1023) >>> 10);
            PrimitiveArray refs = ctx.decodePrimitive(node, 1, (DType.Primitive) p.withNullable(false), chunks);
            long[] references = new long[chunks];
            for (int c = 0; c < chunks; c++) {
                references[c] = refs.getLong(c);
            }
            return new Parsed(p, offset, references);
        }
    }
}
