package io.jvortex.encoding.delta;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.encoding.ArrayNode;
import io.jvortex.encoding.DecodeContext;
import io.jvortex.encoding.Encoding;
import io.jvortex.protobuf.ProtoReader;
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

    private static void decodeAll(MemorySegment basesSeg, MemorySegment deltasSeg, int fullChunks, int remainder,
                                  int lanes, int width, int offset, int length, MemorySegment out) {
        int n = fullChunks * CHUNK + remainder;
        int nBases = fullChunks * lanes + (remainder > 0 ? 1 : 0);
        switch (width) {
            case 1 -> {
                byte[] b = basesSeg.toArray(ValueLayout.JAVA_BYTE);
                byte[] d = deltasSeg.toArray(ValueLayout.JAVA_BYTE);
                byte[] v = new byte[n];
                for (int c = 0; c < fullChunks; c++) {
                    FastLanesDelta.decode8(d, c * CHUNK, b, c * lanes, v, c * CHUNK);
                }
                if (remainder > 0) {
                    FastLanesDelta.decodeRemainder8(d, fullChunks * CHUNK, remainder, b[nBases - 1], v, fullChunks * CHUNK);
                }
                MemorySegment.copy(v, offset, out, ValueLayout.JAVA_BYTE, 0, length);
            }
            case 2 -> {
                short[] b = new short[nBases];
                short[] d = new short[n];
                MemorySegment.copy(basesSeg, ValueLayout.JAVA_SHORT_UNALIGNED, 0, b, 0, nBases);
                MemorySegment.copy(deltasSeg, ValueLayout.JAVA_SHORT_UNALIGNED, 0, d, 0, n);
                short[] v = new short[n];
                for (int c = 0; c < fullChunks; c++) {
                    FastLanesDelta.decode16(d, c * CHUNK, b, c * lanes, v, c * CHUNK);
                }
                if (remainder > 0) {
                    FastLanesDelta.decodeRemainder16(d, fullChunks * CHUNK, remainder, b[nBases - 1], v, fullChunks * CHUNK);
                }
                MemorySegment.copy(v, offset, out, ValueLayout.JAVA_SHORT_UNALIGNED, 0, length);
            }
            case 4 -> {
                int[] b = new int[nBases];
                int[] d = new int[n];
                MemorySegment.copy(basesSeg, ValueLayout.JAVA_INT_UNALIGNED, 0, b, 0, nBases);
                MemorySegment.copy(deltasSeg, ValueLayout.JAVA_INT_UNALIGNED, 0, d, 0, n);
                int[] v = new int[n];
                for (int c = 0; c < fullChunks; c++) {
                    FastLanesDelta.decode32(d, c * CHUNK, b, c * lanes, v, c * CHUNK);
                }
                if (remainder > 0) {
                    FastLanesDelta.decodeRemainder32(d, fullChunks * CHUNK, remainder, b[nBases - 1], v, fullChunks * CHUNK);
                }
                MemorySegment.copy(v, offset, out, ValueLayout.JAVA_INT_UNALIGNED, 0, length);
            }
            default -> {
                long[] b = new long[nBases];
                long[] d = new long[n];
                MemorySegment.copy(basesSeg, ValueLayout.JAVA_LONG_UNALIGNED, 0, b, 0, nBases);
                MemorySegment.copy(deltasSeg, ValueLayout.JAVA_LONG_UNALIGNED, 0, d, 0, n);
                long[] v = new long[n];
                for (int c = 0; c < fullChunks; c++) {
                    FastLanesDelta.decode64(d, c * CHUNK, b, c * lanes, v, c * CHUNK);
                }
                if (remainder > 0) {
                    FastLanesDelta.decodeRemainder64(d, fullChunks * CHUNK, remainder, b[nBases - 1], v, fullChunks * CHUNK);
                }
                MemorySegment.copy(v, offset, out, ValueLayout.JAVA_LONG_UNALIGNED, 0, length);
            }
        }
    }
}
