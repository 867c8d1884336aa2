package io.jvortex.internal.encodings.delta;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.internal.protobuf.ProtoReader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code fastlanes.delta}: per 1024-row chunk, lane bases and transposed wrapping deltas. Children
 * {@code [bases, deltas, validity?]} with validity in logical order (the form vortex-data 0.91 reads).
 */
public final class DeltaEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "fastlanes.delta";

    private static final int CHUNK = FastLanesDelta.CHUNK_VALUES;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        if (!p.ptype().isInteger()) {
            throw node.error("delta needs an integer type, got " + p.display());
        }
        long deltasLen = 0;
        long offset = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "DeltaMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> deltasLen = r.varint();
                case 2 -> offset = r.varint();
                default -> r.skip();
            }
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 2, 3);
        int n = ctx.rowCount(node, deltasLen, "delta length");
        if (offset < 0 || offset >= CHUNK) {
            throw node.error("delta offset " + Long.toUnsignedString(offset) + " outside 0..1023");
        }
        if (offset + length > n) {
            throw node.error("delta offset " + offset + " + " + length + " rows exceed the " + n + " deltas");
        }
        int width = p.ptype().byteWidth();
        int lanes = CHUNK / (width * 8);
        int fullChunks = n / CHUNK;
        int remainder = n % CHUNK;
        int nBases = fullChunks * lanes + (remainder > 0 ? 1 : 0);
        DType.Primitive plain = new DType.Primitive(p.ptype(), false);
        PrimitiveArray bases = ctx.decodePrimitive(node, 0, plain, nBases);
        PrimitiveArray deltas = ctx.decodePrimitive(node, 1, plain, n);
        Validity validity = ctx.validity(node, 2, p.nullable(), length);
        MemorySegment out = ctx.allocate((long) length * width);
        decodeAll(bases.values(), deltas.values(), fullChunks, remainder, lanes, width, (int) offset, length, out);
        return new PrimitiveArray(p, out, length, validity);
    }

    /**
     * Decodes chunk by chunk through 1024-value scratch arrays, copying rows
     * {@code [offset, offset + length)} into {@code out}; chunks past the last row are not decoded.
     */
    private static void decodeAll(MemorySegment basesSeg, MemorySegment deltasSeg, int fullChunks, int remainder,
                                  int lanes, int width, int offset, int length, MemorySegment out) {
        long extraBase = (long) fullChunks * lanes; // index of the legacy remainder's base
        long written = 0;
        int skip = offset;
        switch (width) {
            case 1 -> {
                byte[] b = new byte[lanes];
                byte[] d = new byte[CHUNK];
                byte[] v = new byte[CHUNK];
                for (int c = 0; written < length; c++) {
                    long deltasAt = (long) c * CHUNK;
                    int count;
                    if (c < fullChunks) {
                        MemorySegment.copy(basesSeg, ValueLayout.JAVA_BYTE, (long) c * lanes, b, 0, lanes);
                        MemorySegment.copy(deltasSeg, ValueLayout.JAVA_BYTE, deltasAt, d, 0, CHUNK);
                        FastLanesDelta.decode8(d, 0, b, 0, v, 0);
                        count = CHUNK;
                    } else {
                        MemorySegment.copy(deltasSeg, ValueLayout.JAVA_BYTE, deltasAt, d, 0, remainder);
                        byte base = basesSeg.get(ValueLayout.JAVA_BYTE, extraBase);
                        FastLanesDelta.decodeRemainder8(d, 0, remainder, base, v, 0);
                        count = remainder;
                    }
                    int k = (int) Math.min(count - skip, length - written);
                    MemorySegment.copy(v, skip, out, ValueLayout.JAVA_BYTE, written, k);
                    written += k;
                    skip = 0;
                }
            }
            case 2 -> {
                short[] b = new short[lanes];
                short[] d = new short[CHUNK];
                short[] v = new short[CHUNK];
                for (int c = 0; written < length; c++) {
                    long deltasAt = (long) c * CHUNK * 2;
                    int count;
                    if (c < fullChunks) {
                        MemorySegment.copy(basesSeg, ValueLayout.JAVA_SHORT_UNALIGNED, (long) c * lanes * 2, b, 0, lanes);
                        MemorySegment.copy(deltasSeg, ValueLayout.JAVA_SHORT_UNALIGNED, deltasAt, d, 0, CHUNK);
                        FastLanesDelta.decode16(d, 0, b, 0, v, 0);
                        count = CHUNK;
                    } else {
                        MemorySegment.copy(deltasSeg, ValueLayout.JAVA_SHORT_UNALIGNED, deltasAt, d, 0, remainder);
                        short base = basesSeg.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, extraBase);
                        FastLanesDelta.decodeRemainder16(d, 0, remainder, base, v, 0);
                        count = remainder;
                    }
                    int k = (int) Math.min(count - skip, length - written);
                    MemorySegment.copy(v, skip, out, ValueLayout.JAVA_SHORT_UNALIGNED, written * 2, k);
                    written += k;
                    skip = 0;
                }
            }
            case 4 -> {
                int[] b = new int[lanes];
                int[] d = new int[CHUNK];
                int[] v = new int[CHUNK];
                for (int c = 0; written < length; c++) {
                    long deltasAt = (long) c * CHUNK * 4;
                    int count;
                    if (c < fullChunks) {
                        MemorySegment.copy(basesSeg, ValueLayout.JAVA_INT_UNALIGNED, (long) c * lanes * 4, b, 0, lanes);
                        MemorySegment.copy(deltasSeg, ValueLayout.JAVA_INT_UNALIGNED, deltasAt, d, 0, CHUNK);
                        FastLanesDelta.decode32(d, 0, b, 0, v, 0);
                        count = CHUNK;
                    } else {
                        MemorySegment.copy(deltasSeg, ValueLayout.JAVA_INT_UNALIGNED, deltasAt, d, 0, remainder);
                        int base = basesSeg.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, extraBase);
                        FastLanesDelta.decodeRemainder32(d, 0, remainder, base, v, 0);
                        count = remainder;
                    }
                    int k = (int) Math.min(count - skip, length - written);
                    MemorySegment.copy(v, skip, out, ValueLayout.JAVA_INT_UNALIGNED, written * 4, k);
                    written += k;
                    skip = 0;
                }
            }
            default -> {
                long[] b = new long[lanes];
                long[] d = new long[CHUNK];
                long[] v = new long[CHUNK];
                for (int c = 0; written < length; c++) {
                    long deltasAt = (long) c * CHUNK * 8;
                    int count;
                    if (c < fullChunks) {
                        MemorySegment.copy(basesSeg, ValueLayout.JAVA_LONG_UNALIGNED, (long) c * lanes * 8, b, 0, lanes);
                        MemorySegment.copy(deltasSeg, ValueLayout.JAVA_LONG_UNALIGNED, deltasAt, d, 0, CHUNK);
                        FastLanesDelta.decode64(d, 0, b, 0, v, 0);
                        count = CHUNK;
                    } else {
                        MemorySegment.copy(deltasSeg, ValueLayout.JAVA_LONG_UNALIGNED, deltasAt, d, 0, remainder);
                        long base = basesSeg.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, extraBase);
                        FastLanesDelta.decodeRemainder64(d, 0, remainder, base, v, 0);
                        count = remainder;
                    }
                    int k = (int) Math.min(count - skip, length - written);
                    MemorySegment.copy(v, skip, out, ValueLayout.JAVA_LONG_UNALIGNED, written * 8, k);
                    written += k;
                    skip = 0;
                }
            }
        }
    }
}
