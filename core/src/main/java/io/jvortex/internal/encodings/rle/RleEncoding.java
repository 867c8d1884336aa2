package io.jvortex.internal.encodings.rle;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code fastlanes.rle}: per 1024-row chunk, a run of distinct values and one u8/u16 index per row
 * into that chunk's values.
 */
public final class RleEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "fastlanes.rle";

    private static final int CHUNK = FastLanesRle.CHUNK_VALUES;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
        RleMetadata meta = RleMetadata.parse(node.metadata());
        long valuesLen = meta.valuesLen();
        long indicesLen = meta.indicesLen();
        PType indicesType = meta.indicesType();
        long offsetsLen = meta.offsetsLen();
        PType offsetsType = meta.offsetsType();
        long offset = meta.offset();
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 3, 3);
        if (indicesType != PType.U8 && indicesType != PType.U16) {
            throw node.error("RLE indices must be u8 or u16, got " + indicesType.displayName());
        }
        if (!offsetsType.isUnsignedInteger()) {
            throw node.error("RLE value offsets must be unsigned, got " + offsetsType.displayName());
        }
        if (offset < 0 || offset >= CHUNK) {
            throw node.error("RLE offset " + Long.toUnsignedString(offset) + " outside 0..1023");
        }
        int nIndices = ctx.rowCount(node, indicesLen, "RLE indices length");
        if (nIndices % CHUNK != 0 || offset + length > nIndices) {
            throw node.error("RLE indices length " + nIndices + " must be a multiple of 1024 covering offset "
                    + offset + " + " + length + " rows");
        }
        int chunks = nIndices / CHUNK;
        int nValues = ctx.rowCount(node, valuesLen, "RLE values length");
        int nOffsets = ctx.rowCount(node, offsetsLen, "RLE value-offsets length");
        if (nOffsets < chunks) {
            throw node.error("RLE has " + nOffsets + " value offsets for " + chunks + " chunks");
        }
        PType ptype = p.ptype();
        PrimitiveArray values = ctx.decodePrimitive(node, 0, new DType.Primitive(ptype, false), nValues);
        PrimitiveArray indices = ctx.decodePrimitive(node, 1, new DType.Primitive(indicesType, p.nullable()), nIndices);
        PrimitiveArray valueOffsets = ctx.decodePrimitive(node, 2, new DType.Primitive(offsetsType, false), nOffsets);

        int[] starts = new int[chunks + 1];
        long first = chunks == 0 ? 0 : valueOffsets.getLong(0);
        for (int c = 0; c < chunks; c++) {
            long s = valueOffsets.getLong(c) - first;
            long e = c + 1 < chunks ? valueOffsets.getLong(c + 1) - first : nValues;
            if (s < 0 || e < s || e > nValues) {
                throw node.error("RLE chunk " + c + " values [" + s + ", " + e + ") outside 0.." + nValues);
            }
            starts[c] = (int) s;
            starts[c + 1] = (int) e;
        }
        // Every chunk the rows touch holds at least one run value (the writer emits one per run).
        int usedChunks = (int) ((offset + length + CHUNK - 1) / CHUNK);
        for (int c = 0; c < usedChunks; c++) {
            if (starts[c + 1] == starts[c]) {
                throw node.error("RLE chunk " + c + " has no values");
            }
        }
        boolean clamp = !(indices.validity() instanceof Validity.AllValid);
        if (!clamp) {
            checkIndices(node, indices, indicesType == PType.U16, starts, usedChunks);
        }
        int width = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) length * width);
        decodeChunks(values, indices, indicesType, starts, chunks, clamp, (int) offset, length, width, out);
        Validity validity = indices.validity().slice((int) offset, length);
        return new PrimitiveArray(p, out, length, validity);
    }

    /**
     * Without nulls every index must stay inside its chunk's own run values (the Rust reader would
     * silently read a neighbouring chunk's values, or fail past the end). Chunks with one value are
     * exempt: the reader fills them whatever their indices say.
     */
    private static void checkIndices(ArrayNode node, PrimitiveArray indices, boolean u16, int[] starts, int chunks) {
        MemorySegment is = indices.values();
        for (int c = 0; c < chunks; c++) {
            int count = starts[c + 1] - starts[c];
            if (count == 1) {
                continue;
            }
            int max = 0;
            if (u16) {
                for (long j = (long) c * CHUNK, end = j + CHUNK; j < end; j++) {
                    max = Math.max(max, Short.toUnsignedInt(is.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, j)));
                }
            } else {
                for (long j = (long) c * CHUNK, end = j + CHUNK; j < end; j++) {
                    max = Math.max(max, Byte.toUnsignedInt(is.get(ValueLayout.JAVA_BYTE, j)));
                }
            }
            if (max >= count) {
                throw node.error("RLE chunk " + c + " has an index " + max + " past its " + count + " run values");
            }
        }
    }

    /**
     * Decodes the chunks through the 64-bit kernel: RLE only moves values, so every width is handled
     * as zero-extended raw bits (floats included) and narrowed again on the way out.
     */
    private static void decodeChunks(PrimitiveArray values, PrimitiveArray indices, PType indicesType, int[] starts,
                                     int chunks, boolean clamp, int offset, int length, int width, MemorySegment out) {
        long[] v = new long[values.length()];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.getLong(i);
        }
        boolean u16 = indicesType == PType.U16;
        short[] idx16 = u16 ? new short[CHUNK] : null;
        byte[] idx8 = u16 ? null : new byte[CHUNK];
        MemorySegment is = indices.values();
        long[] buf = new long[CHUNK];
        long written = 0;
        int skip = offset;
        for (int c = 0; written < length && c < chunks; c++) {
            int count = starts[c + 1] - starts[c];
            if (count == 0) {
                java.util.Arrays.fill(buf, 0L);
            } else if (u16) {
                MemorySegment.copy(is, ValueLayout.JAVA_SHORT_UNALIGNED, (long) c * CHUNK * 2, idx16, 0, CHUNK);
                FastLanesRle.decode(v, starts[c], count, idx16, 0, clamp, buf, 0);
            } else {
                MemorySegment.copy(is, ValueLayout.JAVA_BYTE, (long) c * CHUNK, idx8, 0, CHUNK);
                FastLanesRle.decode(v, starts[c], count, idx8, 0, clamp, buf, 0);
            }
            int k = (int) Math.min(CHUNK - skip, length - written);
            switch (width) {
                case 1 -> {
                    for (int j = 0; j < k; j++) {
                        out.set(ValueLayout.JAVA_BYTE, written + j, (byte) buf[skip + j]);
                    }
                }
                case 2 -> {
                    for (int j = 0; j < k; j++) {
                        out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, written + j, (short) buf[skip + j]);
                    }
                }
                case 4 -> {
                    for (int j = 0; j < k; j++) {
                        out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, written + j, (int) buf[skip + j]);
                    }
                }
                default -> MemorySegment.copy(buf, skip, out, ValueLayout.JAVA_LONG_UNALIGNED, written * 8, k);
            }
            written += k;
            skip = 0;
        }
    }
}
