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
        for (int i = 0; i < n; ) {
            int row = indices[i] + offset;
            long at = (row >>> 10) * chunkBytes;
            // rows in the same chunk next to each other: from a few on, one sequential copy of the
            // chunk's words (which the hardware prefetches) costs less than a scattered read of the file
            // per row; from many on, unpacking the chunk costs less than picking each row from the copy
            int end = i + 1;
            while (end < n && (indices[end] + offset) >>> 10 == row >>> 10) {
                end++;
            }
            if (end - i >= DENSE && bitWidth > 0) {
                int base = row & ~1023;
                if (end - i >= UNPACK) {
                    // the values stay in the kernel's lanes (64 / T to a long); only the requested ones move
                    long[] lanes = FastLanesBitPacking.unpackLanes(packed, at, typeBits, bitWidth);
                    for (; i < end; i++) {
                        int j = indices[i] + offset - base;
                        long value = (lanes[j >>> perLongShift] >>> ((j & perLongMask) << typeShift)) & typeMask;
                        put(out, width, i, value + reference);
                    }
                } else {
                    long[] words = FastLanesBitPacking.packedWords(packed, at, bitWidth);
                    for (; i < end; i++) {
                        put(out, width, i,
                                FastLanesBitPacking.valueOf(words, typeBits, bitWidth, indices[i] + offset - base)
                                        + reference);
                    }
                }
                continue;
            }
            int within = row & 1023;
            MemorySegment from = packed;
            if (bitWidth > 0) {
                // a lone row: its chunk's words read from the file beat faulting in their page
                if (chunkCopy == null) {
                    chunkCopy = MemorySegment.ofArray(new byte[(int) chunkBytes]);
                }
                if (node.readBuffer(0, at, chunkCopy)) {
                    from = chunkCopy;
                    at = 0;
                }
            }
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
            i++;
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

    /** Rows of one chunk from which its packed words are copied once and the rows read from the copy. */
    static final int DENSE = 4;

    /**
     * Rows of one chunk from which the chunk is unpacked whole. Measured on one chunk of DRAM-resident
     * words (u32 at 24 bits, u64 at 17): picking ten rows from the copied words took 107-189 ns, unpacking
     * the chunk and picking them 245-288 ns; the two meet between 60 and 100 rows.
     */
    static final int UNPACK = 64;

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
