package io.jvortex.internal.encodings.zigzag;

import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.bitpacked.BitPackedEncoding;
import io.jvortex.internal.encodings.bitpacked.FastLanesBitPacking;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/** {@code vortex.zigzag}: {@code v = (u >>> 1) ^ -(u & 1)}. See the package documentation for the physical form. */
public final class ZigZagEncoding implements Encoding, io.jvortex.spi.PointAccess {
    /** The encoding id. */
    public static final String ID = "vortex.zigzag";

    private static final int CHUNK = 1024;
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Creates the (stateless) encoding. */
    public ZigZagEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        return decodeOrTake(node, dtype, length, null, ctx);
    }

    /** Only the requested positions of the unsigned child, decoded. */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        return decodeOrTake(node, dtype, length, indices, ctx);
    }

    /** Zigzag decoding of unpacked u64 in place. */
    private static void decode64(long[] block, int from, int n) {
        for (int i = from; i < from + n; i++) {
            long u = block[i];
            block[i] = (u >>> 1) ^ -(u & 1);
        }
    }

    /** The one-pass decoding of zigzag alone: decode each block in place, write it as it is. */
    private static final FastLanesBitPacking.LongBlockOp DECODE_AND_COPY = (block, from, n, out, at) -> {
        decode64(block, from, n);
        FastLanesBitPacking.LongBlockOp.COPY.write(block, from, n, out, at);
    };

    /** Checks a node's type and shape; returns its type. */
    private static DType.Primitive check(ArrayNode node, DType dtype, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        if (!p.ptype().isInteger() || !p.ptype().isSigned()) {
            throw node.error(ID + " holds signed integers, got " + p.display());
        }
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 1, 1);
        return p;
    }

    /**
     * Whether {@link #decodeTransformed} can decode a node: an i64 node over a bit-packed child.
     *
     * @param node a {@code vortex.zigzag} node
     * @return whether it decodes in one pass with its child
     */
    public static boolean fusable(ArrayNode node) {
        return node.childCount() == 1 && BitPackedEncoding.ID.equals(node.child(0).encodingId());
    }

    /**
     * Decodes an i64 node over a bit-packed child in one pass: each block is unpacked, zigzag-decoded,
     * then transformed and written by {@code then} (see {@link BitPackedEncoding#decodeTransformed}).
     *
     * @param node a {@code vortex.zigzag} node for which {@link #fusable} holds
     * @param dtype its type, i64
     * @param length its row count
     * @param then transforms and writes each block of i64 after zigzag decoding
     * @param outType the result's type, 64 bits wide
     * @param ctx decoding services
     * @return the transformed values, with the node's validity
     */
    public static PrimitiveArray decodeTransformed(ArrayNode node, DType dtype, int length,
                                                  FastLanesBitPacking.LongBlockOp then, DType.Primitive outType,
                                                  DecodeContext ctx) {
        DType.Primitive p = check(node, dtype, ctx);
        if (p.ptype() != PType.I64) {
            throw node.error("fused zigzag decoding is for i64, got " + p.display());
        }
        DType.Primitive unsigned = new DType.Primitive(PType.U64, p.nullable());
        return BitPackedEncoding.decodeTransformed(node.child(0), unsigned, length, 0, (block, from, n, out, at) -> {
            decode64(block, from, n);
            then.write(block, from, n, out, at);
        }, outType, ctx);
    }

    private static Canonical decodeOrTake(ArrayNode node, DType dtype, int length, int[] indices,
                                          DecodeContext ctx) {
        DType.Primitive p = check(node, dtype, ctx);
        if (indices == null && p.ptype() == PType.I64 && fusable(node)) {
            return BitPackedEncoding.decodeTransformed(node.child(0), new DType.Primitive(PType.U64, p.nullable()),
                    length, 0, DECODE_AND_COPY, p, ctx);
        }
        DType.Primitive unsigned = new DType.Primitive(p.ptype().toUnsigned(), p.nullable());
        Canonical child = indices == null ? ctx.decodeChild(node, 0, unsigned, length)
                : ctx.takeChild(node, 0, unsigned, length, indices);
        length = child.length();
        if (child instanceof OpaqueArray opaque) {
            return new OpaqueArray(opaque.encodingId(), dtype, length);
        }
        if (!(child instanceof PrimitiveArray encoded)) {
            throw node.error("encoded child decoded to " + child.getClass().getSimpleName() + ", expected primitive");
        }
        MemorySegment src = encoded.values();
        // every value is written below
        MemorySegment out = ctx.allocateUninitialized((long) length * p.ptype().byteWidth());
        switch (p.ptype()) {
            case I8 -> decode8(src, out, length);
            case I16 -> decode16(src, out, length);
            case I32 -> decode32(src, out, length);
            case I64 -> decode64(src, out, length);
            default -> throw new IllegalStateException("validated signed integer, got " + p.ptype());
        }
        return new PrimitiveArray(p, out, length, encoded.validity());
    }

    static void decode8(MemorySegment src, MemorySegment dst, int length) {
        byte[] buf = new byte[Math.min(CHUNK, length)];
        for (int start = 0; start < length; start += CHUNK) {
            int n = Math.min(CHUNK, length - start);
            MemorySegment.copy(src, ValueLayout.JAVA_BYTE, start, buf, 0, n);
            for (int j = 0; j < n; j++) {
                int u = buf[j] & 0xFF;
                buf[j] = (byte) ((u >>> 1) ^ -(u & 1));
            }
            MemorySegment.copy(buf, 0, dst, ValueLayout.JAVA_BYTE, start, n);
        }
    }

    static void decode16(MemorySegment src, MemorySegment dst, int length) {
        short[] buf = new short[Math.min(CHUNK, length)];
        for (int start = 0; start < length; start += CHUNK) {
            int n = Math.min(CHUNK, length - start);
            MemorySegment.copy(src, I16, 2L * start, buf, 0, n);
            for (int j = 0; j < n; j++) {
                int u = buf[j] & 0xFFFF;
                buf[j] = (short) ((u >>> 1) ^ -(u & 1));
            }
            MemorySegment.copy(buf, 0, dst, I16, 2L * start, n);
        }
    }

    static void decode32(MemorySegment src, MemorySegment dst, int length) {
        int[] buf = new int[Math.min(CHUNK, length)];
        for (int start = 0; start < length; start += CHUNK) {
            int n = Math.min(CHUNK, length - start);
            MemorySegment.copy(src, I32, 4L * start, buf, 0, n);
            for (int j = 0; j < n; j++) {
                int u = buf[j];
                buf[j] = (u >>> 1) ^ -(u & 1);
            }
            MemorySegment.copy(buf, 0, dst, I32, 4L * start, n);
        }
    }

    static void decode64(MemorySegment src, MemorySegment dst, int length) {
        long[] buf = new long[Math.min(CHUNK, length)];
        for (int start = 0; start < length; start += CHUNK) {
            int n = Math.min(CHUNK, length - start);
            MemorySegment.copy(src, I64, 8L * start, buf, 0, n);
            for (int j = 0; j < n; j++) {
                long u = buf[j];
                buf[j] = (u >>> 1) ^ -(u & 1);
            }
            MemorySegment.copy(buf, 0, dst, I64, 8L * start, n);
        }
    }
}
