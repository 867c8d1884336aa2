package io.jvortex.internal.encodings.bitpacked;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.spi.Comparison;
import io.jvortex.spi.EncodedForm;
import io.jvortex.spi.PatchedRows;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Integers still in their FastLanes chunks (bit-packing, and frame of reference over it), with the
 * comparison kernel of {@link PackedInts}: row {@code i} is {@code patchValues[k]} when
 * {@code patchPositions[k] == i}, else the unsigned {@code bitWidth}-bit value at row {@code offset + i}
 * of the chunks plus {@code reference} (wrapping in the type's width). A comparison unpacks one
 * 1024-row chunk at a time into a block that stays in L1 and compares it there, so no row-sized array
 * of unpacked values is written and read back; slicing only moves {@code offset}.
 *
 * @param packed the packed chunks, the one holding row 0 of the chunks at byte 0; it holds every chunk
 *        up to row {@code offset + length}
 * @param dtype the rows' integer type
 * @param bitWidth bits per packed value
 * @param offset rows of the chunks before row 0
 * @param length rows
 * @param validity the rows' validity
 * @param reference the frame-of-reference reference (0 for plain bit-packing), as the type's bits
 * @param patchPositions patched rows, strictly increasing, below {@code length}
 * @param patchValues their final values (reference included), null when there are no patches
 */
public record PackedChunks(MemorySegment packed, DType.Primitive dtype, int bitWidth, int offset, int length,
                           Validity validity, long reference, int[] patchPositions, PrimitiveArray patchValues)
        implements EncodedForm.Kernel {
    private static final int CHUNK = FastLanesBitPacking.CHUNK_VALUES;

    /** Checks the parts. */
    public PackedChunks {
        Objects.requireNonNull(validity, "validity");
        int typeBits = dtype.ptype().bitWidth();
        if (!dtype.ptype().isInteger() || bitWidth < 0 || bitWidth > typeBits) {
            throw new IllegalArgumentException("bit width " + bitWidth + " for " + dtype.display());
        }
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("offset " + offset + ", length " + length);
        }
        long chunks = ((long) offset + length + CHUNK - 1) / CHUNK;
        if (packed.byteSize() < chunks * 128L * bitWidth) {
            throw new IllegalArgumentException(packed.byteSize() + " packed bytes for " + chunks + " chunks of width "
                    + bitWidth);
        }
        if (patchPositions.length != (patchValues == null ? 0 : patchValues.length())) {
            throw new IllegalArgumentException(patchPositions.length + " patch positions for "
                    + (patchValues == null ? 0 : patchValues.length()) + " values");
        }
    }

    /**
     * @param ref the reference to add (the form's own must be 0)
     * @param referencedPatches the patch values with {@code ref} added
     * @return these rows with a frame of reference
     */
    public PackedChunks withReference(long ref, PrimitiveArray referencedPatches) {
        return new PackedChunks(packed, dtype, bitWidth, offset, length, validity, ref, patchPositions,
                referencedPatches);
    }

    @Override
    public PackedChunks slice(int start, int len) {
        io.jvortex.array.Canonical.checkSlice(length, start, len);
        PatchedRows patches = PatchedRows.slice(patchPositions, patchValues, start, len);
        return new PackedChunks(packed, dtype, bitWidth, offset + start, len, validity.slice(start, len), reference,
                patches.positions(), patches.values());
    }

    /** Decodes the rows: unpacks them with the reference added, then writes the patches. */
    @Override
    public PrimitiveArray decode() {
        int width = dtype.ptype().byteWidth();
        MemorySegment out = PackedInts.HEAP.allocate((long) length * width);
        if (length > 0) {
            long first = (long) (offset >>> 10) * 128L * bitWidth;
            FastLanesBitPacking.unpackRange(packed.asSlice(first), width, bitWidth, offset & (CHUNK - 1), length,
                    reference, out);
        }
        for (int k = 0; k < patchPositions.length; k++) {
            MemorySegment.copy(patchValues.values(), (long) k * width, out, (long) patchPositions[k] * width, width);
        }
        return new PrimitiveArray(dtype, out, length, validity);
    }

    /** Compares chunk by chunk, see {@link PackedInts#compareBlocks}. */
    @Override
    public long[] compare(Comparison comparison) {
        int typeBits = dtype.ptype().bitWidth();
        long chunkBytes = 128L * bitWidth;
        long[] spare = (offset & (CHUNK - 1)) == 0 ? null : new long[CHUNK];
        return PackedInts.compareBlocks(comparison, dtype.ptype(), reference, bitWidth, length, (from, len, keys) -> {
            int row = offset + from;
            if (spare == null) {
                // blocks start at chunk starts
                FastLanesBitPacking.unpackKeys(packed, (row >>> 10) * chunkBytes, typeBits, bitWidth, keys);
                return;
            }
            // blocks straddle two chunks: each chunk unpacked aside, its part copied
            for (int done = 0; done < len; ) {
                int at = row + done;
                int skip = at & (CHUNK - 1);
                int n = Math.min(CHUNK - skip, len - done);
                FastLanesBitPacking.unpackKeys(packed, (at >>> 10) * chunkBytes, typeBits, bitWidth, spare);
                System.arraycopy(spare, skip, keys, done, n);
                done += n;
            }
        }, patchPositions, patchValues);
    }
}
