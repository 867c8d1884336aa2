package io.jvortex.internal.encodings.bitpacked;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Patches;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Point access into {@code fastlanes.bitpacked}: single values without unpacking their chunks. */
final class BitPackedTake {
    private BitPackedTake() {
    }

    /**
     * The requested rows, each plus {@code reference} (wrapping in the type's width; 0 for plain
     * bit-packing, a frame of reference when {@code fastlanes.for} takes through its child).
     */
    static PrimitiveArray take(ArrayNode node, DType dtype, int length, int[] indices, long reference,
                               DecodeContext ctx) {
        BitPackedEncoding.Parsed parsed = BitPackedEncoding.Parsed.of(node, dtype, length, ctx);
        DType.Primitive p = parsed.dtype();
        PType ptype = p.ptype();
        int bitWidth = parsed.bitWidth();
        int offset = parsed.offset();
        long chunkBytes = parsed.chunkBytes();
        MemorySegment packed = parsed.packed();
        Patches patches = parsed.patches();
        int validityChild = parsed.validityChild();

        int n = indices.length;
        int width = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) n * width);
        int typeBits = ptype.bitWidth();
        int typeShift = Integer.numberOfTrailingZeros(typeBits);
        int perLongShift = 6 - typeShift;
        int perLongMask = (1 << perLongShift) - 1;
        long typeMask = typeBits == 64 ? -1L : (1L << typeBits) - 1;
        MemorySegment chunkCopy = null;
        int clusterEnd = 0;
        boolean clusterMapped = false;
        for (int i = 0; i < n; ) {
            int row = indices[i] + offset;
            long at = (row >>> 10) * chunkBytes;
            int end = i + 1;
            while (end < n && (indices[end] + offset) >>> 10 == row >>> 10) {
                end++;
            }
            if (i >= clusterEnd) {
                int c = cluster(indices, i, offset, chunkBytes);
                clusterMapped = c < 0;
                clusterEnd = c < 0 ? -c - 1 : c;
            }
            MemorySegment from = packed;
            if (bitWidth > 0 && !clusterMapped) {
                // a chunk with few others near it: its words read from the file beat faulting in
                // (and later unmapping) the pages around them
                if (chunkCopy == null) {
                    chunkCopy = MemorySegment.ofArray(new byte[(int) chunkBytes]);
                }
                if (node.readBuffer(0, at, chunkCopy)) {
                    from = chunkCopy;
                    at = 0;
                }
            }
            int first = row & 1023;
            if (end - i >= UNPACK && bitWidth > 0 && consecutive(indices, i, end)) {
                // consecutive rows: unpacked straight into the output
                FastLanesBitPacking.unpackRange(from.asSlice(at, chunkBytes), width, bitWidth, first, end - i,
                        reference, out.asSlice((long) i * width, (long) (end - i) * width));
                i = end;
                continue;
            }
            // rows in the same chunk next to each other: from a few on, one sequential copy of the
            // chunk's words (which the hardware prefetches) costs less than a scattered read per row;
            // from many on, unpacking the chunk costs less than picking each row from the copy
            if (end - i >= DENSE && bitWidth > 0) {
                int base = row & ~1023;
                if (end - i >= UNPACK) {
                    // the values stay in the kernel's lanes (64 / T to a long); only the requested ones move
                    long[] lanes = FastLanesBitPacking.unpackLanes(from, at, typeBits, bitWidth);
                    for (; i < end; i++) {
                        int j = indices[i] + offset - base;
                        long value = (lanes[j >>> perLongShift] >>> ((j & perLongMask) << typeShift)) & typeMask;
                        put(out, width, i, value + reference);
                    }
                } else {
                    long[] words = FastLanesBitPacking.packedWords(from, at, bitWidth);
                    for (; i < end; i++) {
                        put(out, width, i,
                                FastLanesBitPacking.valueOf(words, typeBits, bitWidth, indices[i] + offset - base)
                                        + reference);
                    }
                }
                continue;
            }
            for (; i < end; i++) {
                int within = (indices[i] + offset) & 1023;
                switch (width) {
                    case 1 -> out.set(ValueLayout.JAVA_BYTE, i,
                            (byte) (FastLanesBitPacking.unpackSingle8(from, at, bitWidth, within) + reference));
                    case 2 -> out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i,
                            (short) (FastLanesBitPacking.unpackSingle16(from, at, bitWidth, within) + reference));
                    case 4 -> out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i,
                            (int) (FastLanesBitPacking.unpackSingle32(from, at, bitWidth, within) + reference));
                    default -> out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i,
                            FastLanesBitPacking.unpackSingle64(from, at, bitWidth, within) + reference);
                }
            }
        }
        if (patches != null) {
            Patches.Decoded decoded = patches.decode(node, 0, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray values)) {
                throw node.error("patch values decoded to " + decoded.values().dtype().display());
            }
            if (reference == 0) {
                Patches.applyFixedWidthAt(decoded, indices, out, width);
            } else {
                applyAtWithReference(decoded.positions(), values.values(), indices, reference, width, out);
            }
        }
        Validity validity = ctx.takeValidity(node, validityChild, p.nullable(), length, indices);
        return new PrimitiveArray(p, out, n, validity);
    }

    /**
     * Bytes within which two chunks a take reads may share a fault of the mapping, which maps the
     * 64 KiB around the faulting page.
     */
    static final long NEAR_BYTES = 64 * 1024;

    /**
     * Chunks per {@link #NEAR_BYTES} from which a cluster of chunks is read through the mapping: a
     * fault and its unmap cost ~5 us, a read of a chunk's words from the file under 1 us.
     */
    static final int MAPPED_CHUNKS = 6;

    /**
     * Whether the chunks of {@code indices[from, clusterEnd)} are read through the mapping, and where
     * that cluster ends: it runs from the chunk of {@code indices[from]} up to (excluding) the first
     * chunk starting {@link #NEAR_BYTES} or more after the one before it, and is mapped when it has at
     * least {@link #MAPPED_CHUNKS} chunks per {@code NEAR_BYTES} it spans.
     *
     * @return {@code clusterEnd}, negated minus one when the cluster is mapped
     */
    static int cluster(int[] indices, int from, int offset, long chunkBytes) {
        int n = indices.length;
        int firstChunk = (indices[from] + offset) >>> 10;
        int chunk = firstChunk;
        int chunks = 1;
        int end = from;
        while (true) {
            // past the positions of this chunk: the first position whose row reaches the next chunk
            end = firstAtOrAbove(indices, end + 1, ((long) (chunk + 1) << 10) - offset);
            if (end == n) {
                break;
            }
            int next = (indices[end] + offset) >>> 10;
            if ((long) (next - chunk) * chunkBytes >= NEAR_BYTES) {
                break;
            }
            chunk = next;
            chunks++;
        }
        long span = (long) (chunk - firstChunk + 1) * chunkBytes;
        return chunks >= MAPPED_CHUNKS * (span / NEAR_BYTES + 1) ? -end - 1 : end;
    }

    /**
     * The first {@code k >= from} with {@code indices[k] >= value} (ascending indices), or their length.
     * The answer is usually a few positions on (the next chunk's first row), so the search gallops
     * from {@code from} before it bisects, instead of bisecting all the positions left once per chunk.
     */
    static int firstAtOrAbove(int[] indices, int from, long value) {
        int n = indices.length;
        int lo = from;
        int hi = from;
        for (long step = 1; hi < n && indices[hi] < value; step <<= 1) {
            lo = hi + 1;
            hi = (int) Math.min(n, from + step);
        }
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (indices[mid] < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Rows of one chunk from which its packed words are copied once and the rows read from the copy. */
    static final int DENSE = 4;

    /**
     * Rows of one chunk from which the chunk is unpacked whole. Measured on one chunk of DRAM-resident
     * words (u32 at 24 bits, u64 at 17): picking ten rows from the copied words took 107-189 ns, unpacking
     * the chunk and picking them 245-288 ns; the two meet between 60 and 100 rows.
     */
    static final int UNPACK = 64;

    /** Whether {@code indices[from, to)} are consecutive rows (each one above the one before). */
    private static boolean consecutive(int[] indices, int from, int to) {
        for (int k = from + 1; k < to; k++) {
            if (indices[k] != indices[k - 1] + 1) {
                return false;
            }
        }
        return true;
    }

    private static void put(MemorySegment out, int width, int i, long value) {
        switch (width) {
            case 1 -> out.set(ValueLayout.JAVA_BYTE, i, (byte) value);
            case 2 -> out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, (short) value);
            case 4 -> out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, (int) value);
            default -> out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, value);
        }
    }

    /**
     * For every {@code indices[i]} that is a patch position {@code positions[k]}:
     * {@code out[i] = values[k] + reference}, wrapping in {@code width} bytes.
     */
    private static void applyAtWithReference(int[] positions, MemorySegment values, int[] indices, long reference,
                                             int width, MemorySegment out) {
        int k = 0;
        for (int i = 0; i < indices.length && k < positions.length; i++) {
            while (k < positions.length && positions[k] < indices[i]) {
                k++;
            }
            if (k < positions.length && positions[k] == indices[i]) {
                switch (width) {
                    case 1 -> out.set(ValueLayout.JAVA_BYTE, i,
                            (byte) (values.get(ValueLayout.JAVA_BYTE, k) + reference));
                    case 2 -> out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i,
                            (short) (values.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, k) + reference));
                    case 4 -> out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i,
                            (int) (values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, k) + reference));
                    default -> out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i,
                            values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, k) + reference);
                }
            }
        }
    }
}
