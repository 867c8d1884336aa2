package io.jvortex.internal.encodings.bitpacked;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.PatchesMetadata;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code fastlanes.bitpacked} nodes as the reference does: the bit width from a histogram of
 * value widths (each exception costs its byte width + 4 bytes), values wider than it as patches
 * (indices and u64-then-narrowed chunk offsets, a constant when all patch values are equal), and the
 * FastLanes 1024-value layout with the last chunk zero-padded. Inputs must be non-negative.
 */
public final class BitPackedEncoder {
    private BitPackedEncoder() {
    }

    /**
     * @param p an integer array
     * @return for every width {@code 0..T}, how many values need exactly that many bits (null rows
     *         count as width 0)
     */
    public static int[] histogram(PrimitiveArray p) {
        return histogram(p, Primitives.toLongs(p));
    }

    /**
     * @param p an integer array
     * @param v its values as {@link Primitives#toLongs} gives them
     * @return as {@link #histogram(PrimitiveArray)}
     */
    public static int[] histogram(PrimitiveArray p, long[] v) {
        int typeBits = p.ptype().bitWidth();
        int[] hist = new int[typeBits + 1];
        long mask = typeBits == 64 ? -1L : (1L << typeBits) - 1;
        boolean allValid = p.validity() instanceof Validity.AllValid;
        for (int i = 0; i < v.length; i++) {
            if (allValid || p.isValid(i)) {
                hist[64 - Long.numberOfLeadingZeros(v[i] & mask)]++;
            } else {
                hist[0]++;
            }
        }
        return hist;
    }

    /**
     * @param ptype the integer type
     * @param hist the {@link #histogram}
     * @return the width minimising packed bytes plus exceptions at {@code byteWidth + 4} bytes each
     */
    public static int bestBitWidth(PType ptype, int[] hist) {
        long len = 0;
        for (int h : hist) {
            len += h;
        }
        long perException = ptype.byteWidth() + 4L;
        long best = len * perException;
        int bestWidth = 0;
        long packed = 0;
        for (int w = 0; w < hist.length; w++) {
            packed += hist[w];
            long cost = (len - packed) * perException + (w * len + 7) / 8;
            if (cost < best) {
                best = cost;
                bestWidth = w;
            }
        }
        return bestWidth;
    }

    /**
     * Bit-packs an array whose valid values are all non-negative.
     *
     * @param p the array
     * @param bitWidth the width, below the type's width
     * @return the node: packed buffer, patches for wider valid values, the validity child
     */
    public static WriteNode encode(PrimitiveArray p, int bitWidth) {
        return encode(p, Primitives.toLongs(p), bitWidth);
    }

    /**
     * Bit-packs an array whose valid values are all non-negative.
     *
     * @param p the array
     * @param v its values as {@link Primitives#toLongs} gives them (not modified)
     * @param bitWidth the width, below the type's width
     * @return the node
     */
    public static WriteNode encode(PrimitiveArray p, long[] v, int bitWidth) {
        PType ptype = p.ptype();
        int typeBits = ptype.bitWidth();
        if (!ptype.isInteger() || bitWidth < 0 || bitWidth >= typeBits) {
            throw new IllegalArgumentException("bitWidth " + bitWidth + " for " + ptype.displayName());
        }
        int len = p.length();
        MemorySegment packed = pack(v, len, typeBits, bitWidth);

        long limit = bitWidth == 0 ? 0 : -1L >>> (64 - bitWidth);
        long typeMask = typeBits == 64 ? -1L : (1L << typeBits) - 1;
        boolean allValid = p.validity() instanceof Validity.AllValid;
        int chunks = (len + 1023) / 1024;
        long[] chunkOffsets = new long[chunks];
        long[] indices = new long[16];
        long[] values = new long[16];
        int count = 0;
        for (int i = 0; i < len; i++) {
            if ((i & 1023) == 0) {
                chunkOffsets[i >>> 10] = count;
            }
            if (Long.compareUnsigned(v[i] & typeMask, limit) > 0 && (allValid || p.isValid(i))) {
                if (count == indices.length) {
                    indices = java.util.Arrays.copyOf(indices, count * 2);
                    values = java.util.Arrays.copyOf(values, count * 2);
                }
                indices[count] = i;
                values[count++] = v[i];
            }
        }
        List<WriteNode> children = new ArrayList<>();
        PatchesMetadata patches = null;
        if (count > 0) {
            patches = addPatches(children, p.dtype(),
                    Primitives.narrowUnsigned(indices, count, false, Validity.ALL_VALID), values, count,
                    chunkOffsets, chunks);
        }
        children.addAll(CanonicalEncoder.validityChildren(p.dtype(), p.validity(), len));
        return WriteNode.of(BitPackedEncoding.ID, new BitPackedMetadata(bitWidth, 0, patches).serialize(),
                List.of(new WriteNode.Buffer(packed, ptype.byteWidth())), children);
    }

    /**
     * The reference's per-block choice for {@code fastlanes.bitpacked.v2}: for every 1024-value block
     * the width minimising its packed bytes plus exceptions (as {@link #bestBitWidth}), null rows and
     * the zero padding of a partial last block counting as width 0.
     *
     * @param p an integer array whose valid values are non-negative
     * @param v its values as {@link Primitives#toLongs} gives them
     * @return one width per block, each in {@code [0, T]}
     */
    public static int[] blockBitWidths(PrimitiveArray p, long[] v) {
        int typeBits = p.ptype().bitWidth();
        long mask = typeBits == 64 ? -1L : (1L << typeBits) - 1;
        boolean allValid = p.validity() instanceof Validity.AllValid;
        int len = p.length();
        int[] widths = new int[(len + 1023) / 1024];
        int[] hist = new int[typeBits + 1];
        for (int b = 0; b < widths.length; b++) {
            java.util.Arrays.fill(hist, 0);
            int from = b * 1024;
            int to = Math.min(len, from + 1024);
            hist[0] = 1024 - (to - from);
            for (int i = from; i < to; i++) {
                hist[allValid || p.isValid(i) ? 64 - Long.numberOfLeadingZeros(v[i] & mask) : 0]++;
            }
            widths[b] = bestBitWidth(p.ptype(), hist);
        }
        return widths;
    }

    /**
     * Bit-packs every 1024-value block at its own width as {@code fastlanes.bitpacked.v2}: the blocks
     * back to back, valid values wider than their block's width as patches, then the validity child,
     * then the blocks' byte boundaries at the narrowest unsigned type holding the last.
     *
     * @param p an integer array whose valid values are non-negative
     * @param v its values as {@link Primitives#toLongs} gives them (not modified)
     * @param widths one width per block, each at most the type's width
     * @return the node
     */
    public static WriteNode encodeBlocked(PrimitiveArray p, long[] v, int[] widths) {
        PType ptype = p.ptype();
        int typeBits = ptype.bitWidth();
        int len = p.length();
        int blocks = (len + 1023) / 1024;
        if (!ptype.isInteger() || widths.length != blocks) {
            throw new IllegalArgumentException(widths.length + " widths for " + blocks + " blocks of "
                    + ptype.displayName());
        }
        long[] bounds = new long[blocks + 1];
        for (int b = 0; b < blocks; b++) {
            if (widths[b] < 0 || widths[b] > typeBits) {
                throw new IllegalArgumentException("bit width " + widths[b] + " for " + ptype.displayName());
            }
            bounds[b + 1] = bounds[b] + FastLanesBitPacking.packedBytesPerChunk(widths[b]);
        }
        MemorySegment packed = MemorySegment.ofArray(new long[(int) (bounds[blocks] / 8)]);
        long[] block = new long[1024];
        for (int b = 0; b < blocks; b++) {
            int from = b * 1024;
            int n = Math.min(1024, len - from);
            java.util.Arrays.fill(block, n, 1024, 0L);
            System.arraycopy(v, from, block, 0, n);
            MemorySegment one = pack(block, 1024, typeBits, widths[b]);
            MemorySegment.copy(one, 0, packed, bounds[b], one.byteSize());
        }

        long typeMask = typeBits == 64 ? -1L : (1L << typeBits) - 1;
        boolean allValid = p.validity() instanceof Validity.AllValid;
        long[] chunkOffsets = new long[blocks];
        long[] indices = new long[16];
        long[] values = new long[16];
        int count = 0;
        for (int b = 0; b < blocks; b++) {
            chunkOffsets[b] = count;
            long limit = widths[b] == 0 ? 0 : -1L >>> (64 - widths[b]);
            int to = Math.min(len, b * 1024 + 1024);
            for (int i = b * 1024; i < to; i++) {
                if (Long.compareUnsigned(v[i] & typeMask, limit) > 0 && (allValid || p.isValid(i))) {
                    if (count == indices.length) {
                        indices = java.util.Arrays.copyOf(indices, count * 2);
                        values = java.util.Arrays.copyOf(values, count * 2);
                    }
                    indices[count] = i;
                    values[count++] = v[i];
                }
            }
        }
        PrimitiveArray offsets = Primitives.narrowUnsigned(bounds, blocks + 1, false, Validity.ALL_VALID);
        List<WriteNode> children = new ArrayList<>();
        PatchesMetadata patches = null;
        if (count > 0) {
            // the reference sizes patch indices by the array's length, not the largest index
            PType indexType = Primitives.unsignedFor(len);
            PrimitiveArray idx = Primitives.fromLongs(new DType.Primitive(indexType, false), indices, count,
                    Validity.ALL_VALID);
            patches = addPatches(children, p.dtype(), idx, values, count, chunkOffsets, blocks);
        }
        children.addAll(CanonicalEncoder.validityChildren(p.dtype(), p.validity(), len));
        children.add(CanonicalEncoder.encode(offsets));
        return WriteNode.of(BitPackedV2Encoding.ID, new BitPackedV2Metadata(0, offsets.ptype(), patches).serialize(),
                List.of(new WriteNode.Buffer(packed, ptype.byteWidth())), children);
    }

    /** Patch values: always valid; a constant when all equal, as the reference's patch compression does. */
    static WriteNode patchValues(DType.Primitive dtype, long[] values, int count) {
        boolean same = true;
        for (int k = 1; k < count && same; k++) {
            same = values[k] == values[0];
        }
        if (same) {
            return CanonicalEncoder.constant(new Scalar(dtype, values[0]));
        }
        return CanonicalEncoder.encode(Primitives.fromLongs(dtype, values, count, Validity.ALL_VALID));
    }

    /**
     * @param v the values (low {@code typeBits} bits used)
     * @param len how many
     * @param typeBits 8, 16, 32 or 64
     * @param bitWidth W
     * @return {@code ceil(len / 1024)} chunks of {@code 128 · W} bytes
     */
    static MemorySegment pack(long[] v, int len, int typeBits, int bitWidth) {
        int chunks = (len + 1023) / 1024;
        long chunkBytes = FastLanesBitPacking.packedBytesPerChunk(bitWidth);
        MemorySegment out = MemorySegment.ofArray(new long[(int) (chunks * chunkBytes / 8)]);
        if (bitWidth == 0) {
            return out;
        }
        switch (typeBits) {
            case 8 -> {
                byte[] buf = new byte[1024];
                for (int c = 0; c < chunks; c++) {
                    int n = Math.min(1024, len - c * 1024);
                    java.util.Arrays.fill(buf, (byte) 0);
                    for (int j = 0; j < n; j++) {
                        buf[j] = (byte) v[c * 1024 + j];
                    }
                    FastLanesBitPacking.pack8(buf, 0, bitWidth, out, c * chunkBytes);
                }
            }
            case 16 -> {
                short[] buf = new short[1024];
                for (int c = 0; c < chunks; c++) {
                    int n = Math.min(1024, len - c * 1024);
                    java.util.Arrays.fill(buf, (short) 0);
                    for (int j = 0; j < n; j++) {
                        buf[j] = (short) v[c * 1024 + j];
                    }
                    FastLanesBitPacking.pack16(buf, 0, bitWidth, out, c * chunkBytes);
                }
            }
            case 32 -> {
                int[] buf = new int[1024];
                for (int c = 0; c < chunks; c++) {
                    int n = Math.min(1024, len - c * 1024);
                    java.util.Arrays.fill(buf, 0);
                    for (int j = 0; j < n; j++) {
                        buf[j] = (int) v[c * 1024 + j];
                    }
                    FastLanesBitPacking.pack32(buf, 0, bitWidth, out, c * chunkBytes);
                }
            }
            default -> {
                long[] buf = new long[1024];
                for (int c = 0; c < chunks; c++) {
                    int n = Math.min(1024, len - c * 1024);
                    java.util.Arrays.fill(buf, 0L);
                    System.arraycopy(v, c * 1024, buf, 0, n);
                    FastLanesBitPacking.pack64(buf, 0, bitWidth, out, c * chunkBytes);
                }
            }
        }
        return out;
    }

    /**
     * Adds the patches' children (indices, values, per-1024-row chunk offsets) and returns their metadata.
     *
     * @param children the node's children being collected
     * @param dtype the array's type (the patch values' type, non-nullable)
     * @param indices the patched positions, in the narrowest type the writer chose
     * @param values the patched values
     * @param count how many patches
     * @param chunkOffsets the first patch of each chunk
     * @param chunks how many chunks
     * @return the patches' metadata (field 3 of the node's)
     */
    private static PatchesMetadata addPatches(List<WriteNode> children, DType.Primitive dtype,
                                              PrimitiveArray indices, long[] values, int count, long[] chunkOffsets,
                                              int chunks) {
        PrimitiveArray offs = Primitives.narrowUnsigned(chunkOffsets, chunks, false, Validity.ALL_VALID);
        children.add(CanonicalEncoder.encode(indices));
        children.add(patchValues(dtype, values, count));
        children.add(CanonicalEncoder.encode(offs));
        return PatchesMetadata.withChunkOffsets(count, indices.ptype(), chunks, offs.ptype());
    }
}
