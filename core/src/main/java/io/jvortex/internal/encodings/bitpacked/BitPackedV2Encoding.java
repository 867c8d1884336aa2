package io.jvortex.internal.encodings.bitpacked;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.Patches;
import io.jvortex.spi.PointAccess;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code fastlanes.bitpacked.v2}: FastLanes bit-packing with a bit width per 1024-value block, the
 * blocks' byte boundaries stored as the last child (see {@code package-info}). Decoding unpacks block
 * by block with the same kernels as {@link BitPackedEncoding}; the frame-of-reference encodings fuse
 * their reference(s) into that pass through {@link #decodeWithReference} and
 * {@link #decodeWithChunkReferences}.
 */
public final class BitPackedV2Encoding implements Encoding, PointAccess, io.jvortex.spi.EncodedFilter {
    /** The encoding id. */
    public static final String ID = "fastlanes.bitpacked.v2";

    /** Creates the encoding. */
    public BitPackedV2Encoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        return decode(Blocks.of(node, dtype, length, ctx), node, length, 0, null, ctx);
    }

    /** Decodes only the requested positions: each reads its block's two boundaries and one or two words. */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        return take(Blocks.of(node, dtype, length, ctx), node, length, indices, 0, null, ctx);
    }

    /**
     * Decodes a {@code fastlanes.bitpacked.v2} node adding one frame of reference to every value
     * (patched values included), wrapping in the type's width: {@code fastlanes.for} over this
     * encoding writes its output once.
     *
     * @param node a {@code fastlanes.bitpacked.v2} node
     * @param dtype its integer type (also the result's)
     * @param length its row count
     * @param reference added to every value; its low bits of the type's width are used
     * @param ctx decoding services
     * @return {@code unpacked[i] + reference}, with the node's validity
     */
    public static PrimitiveArray decodeWithReference(ArrayNode node, DType dtype, int length, long reference,
                                                     DecodeContext ctx) {
        return decode(Blocks.of(node, dtype, length, ctx), node, length, reference, null, ctx);
    }

    /**
     * Point access with one frame of reference, as {@link #decodeWithReference}.
     *
     * @param node a {@code fastlanes.bitpacked.v2} node
     * @param dtype its integer type
     * @param length its row count
     * @param indices positions in {@code [0, length)}, ascending (duplicates allowed)
     * @param reference added to every value
     * @param ctx decoding services
     * @return {@code unpacked[indices[i]] + reference}, with the node's validity at those positions
     */
    public static PrimitiveArray takeWithReference(ArrayNode node, DType dtype, int length, int[] indices,
                                                   long reference, DecodeContext ctx) {
        return take(Blocks.of(node, dtype, length, ctx), node, length, indices, reference, null, ctx);
    }

    /**
     * Decodes a bit-packed node ({@code fastlanes.bitpacked} or {@code fastlanes.bitpacked.v2}) adding
     * the reference of each 1024-row chunk, as {@code fastlanes.for.v2} over it needs: the chunks line
     * up with the packed blocks when both start at the same offset within their first block.
     *
     * @param node a bit-packed node of either id
     * @param dtype its integer type
     * @param length its row count
     * @param chunkOffset the frame of reference's offset within its first chunk
     * @param references one reference per chunk, {@code ceil((chunkOffset + length) / 1024)} of them
     * @param ctx decoding services
     * @return the values with their chunk's reference added, or {@code null} when the node's own offset
     *         differs from {@code chunkOffset} (the caller then decodes and adds separately)
     */
    public static PrimitiveArray decodeWithChunkReferences(ArrayNode node, DType dtype, int length, int chunkOffset,
                                                           long[] references, DecodeContext ctx) {
        Blocks blocks = Blocks.of(node, dtype, length, ctx);
        return blocks.offset() != chunkOffset ? null : decode(blocks, node, length, 0, references, ctx);
    }

    /**
     * Point access with a reference per chunk, as {@link #decodeWithChunkReferences}.
     *
     * @param node a bit-packed node of either id
     * @param dtype its integer type
     * @param length its row count
     * @param indices positions in {@code [0, length)}, ascending (duplicates allowed)
     * @param chunkOffset the frame of reference's offset within its first chunk
     * @param references one reference per chunk
     * @param ctx decoding services
     * @return the requested values with their chunk's reference added, or {@code null} when the
     *         node's offset differs from {@code chunkOffset}
     */
    public static PrimitiveArray takeWithChunkReferences(ArrayNode node, DType dtype, int length, int[] indices,
                                                         int chunkOffset, long[] references, DecodeContext ctx) {
        Blocks blocks = Blocks.of(node, dtype, length, ctx);
        return blocks.offset() != chunkOffset ? null
                : take(blocks, node, length, indices, 0, references, ctx);
    }

    /** Integer nodes as their unpacked values before patching (the widest block's width bounds them). */
    @Override
    public io.jvortex.spi.EncodedForm encodedForm(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        return dtype instanceof DType.Primitive p && p.ptype().isInteger()
                ? unpatched(node, dtype, length, ctx).packedForm() : null;
    }

    /**
     * Unpacks a {@code fastlanes.bitpacked.v2} node without applying its patches (for comparing
     * without decoding).
     *
     * @param node the node
     * @param dtype its integer type
     * @param length its row count
     * @param ctx decoding services
     * @return the unpacked values; the bit width is the widest block's, which bounds every unpatched value
     */
    public static BitPackedEncoding.Unpatched unpatched(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        Blocks blocks = Blocks.of(node, dtype, length, ctx);
        DType.Primitive p = blocks.dtype();
        int width = p.ptype().byteWidth();
        MemorySegment out = length > 0 ? ctx.allocateUninitialized((long) length * width) : ctx.allocate(0);
        unpackBlocks(blocks, length, 0, null, out);
        Patches.Decoded decoded = null;
        if (blocks.patches() != null) {
            decoded = blocks.patches().decode(node, 0, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray)) {
                throw node.error("patch values decoded to " + decoded.values().dtype().display());
            }
        }
        Validity validity = ctx.validity(node, blocks.validityChild(), p.nullable(), length);
        return new BitPackedEncoding.Unpatched(new PrimitiveArray(p, out, length, validity), blocks.maxBitWidth(),
                decoded);
    }

    private static PrimitiveArray decode(Blocks blocks, ArrayNode node, int length, long reference,
                                         long[] references, DecodeContext ctx) {
        DType.Primitive p = blocks.dtype();
        int width = p.ptype().byteWidth();
        MemorySegment out = length > 0 ? ctx.allocateUninitialized((long) length * width) : ctx.allocate(0);
        unpackBlocks(blocks, length, reference, references, out);
        if (blocks.patches() != null) {
            Patches.Decoded decoded = blocks.patches().decode(node, 0, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray values)) {
                throw node.error("patch values decoded to " + decoded.values().dtype().display());
            }
            if (reference == 0 && references == null) {
                Patches.applyFixedWidth(decoded, out, width);
            } else {
                int[] positions = decoded.positions();
                MemorySegment in = values.values();
                for (int k = 0; k < positions.length; k++) {
                    int row = positions[k];
                    long ref = references == null ? reference : references[(blocks.offset() + row) >>> 10];
                    put(out, width, row, get(in, width, k) + ref);
                }
            }
        }
        Validity validity = ctx.validity(node, blocks.validityChild(), p.nullable(), length);
        return new PrimitiveArray(p, out, length, validity);
    }

    /** Unpacks every block at its own width into {@code out}, adding the block's reference. */
    static void unpackBlocks(Blocks blocks, int length, long reference, long[] references, MemorySegment out) {
        int width = blocks.dtype().ptype().byteWidth();
        long[] starts = blocks.starts();
        MemorySegment packed = blocks.packed();
        int skip = blocks.offset();
        long written = 0;
        for (int block = 0; written < length; block++) {
            int n = (int) Math.min(FastLanesBitPacking.CHUNK_VALUES - skip, length - written);
            long start = starts[block];
            long bytes = starts[block + 1] - start;
            long ref = references == null ? reference : references[block];
            FastLanesBitPacking.unpackRange(packed.asSlice(start, bytes), width, (int) (bytes >>> 7), skip, n, ref,
                    out.asSlice(written * width, (long) n * width));
            written += n;
            skip = 0;
        }
    }

    private static PrimitiveArray take(Blocks blocks, ArrayNode node, int length, int[] indices, long reference,
                                       long[] references, DecodeContext ctx) {
        DType.Primitive p = blocks.dtype();
        int width = p.ptype().byteWidth();
        long[] starts = blocks.starts();
        MemorySegment packed = blocks.packed();
        int offset = blocks.offset();
        int n = indices.length;
        MemorySegment out = ctx.allocate((long) n * width);
        for (int i = 0; i < n; i++) {
            int row = indices[i] + offset;
            int block = row >>> 10;
            long at = starts[block];
            int bitWidth = (int) ((starts[block + 1] - at) >>> 7);
            int within = row & 1023;
            long ref = references == null ? reference : references[block];
            switch (width) {
                case 1 -> out.set(ValueLayout.JAVA_BYTE, i,
                        (byte) (FastLanesBitPacking.unpackSingle8(packed, at, bitWidth, within) + ref));
                case 2 -> out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i,
                        (short) (FastLanesBitPacking.unpackSingle16(packed, at, bitWidth, within) + ref));
                case 4 -> out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i,
                        (int) (FastLanesBitPacking.unpackSingle32(packed, at, bitWidth, within) + ref));
                default -> out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i,
                        FastLanesBitPacking.unpackSingle64(packed, at, bitWidth, within) + ref);
            }
        }
        if (blocks.patches() != null) {
            Patches.Decoded decoded = blocks.patches().decode(node, 0, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray values)) {
                throw node.error("patch values decoded to " + decoded.values().dtype().display());
            }
            int[] positions = decoded.positions();
            MemorySegment in = values.values();
            int k = 0;
            for (int i = 0; i < n && k < positions.length; i++) {
                while (k < positions.length && positions[k] < indices[i]) {
                    k++;
                }
                if (k < positions.length && positions[k] == indices[i]) {
                    long ref = references == null ? reference : references[(offset + indices[i]) >>> 10];
                    put(out, width, i, get(in, width, k) + ref);
                }
            }
        }
        Validity validity = ctx.takeValidity(node, blocks.validityChild(), p.nullable(), length, indices);
        return new PrimitiveArray(p, out, n, validity);
    }

    private static long get(MemorySegment in, int width, long index) {
        return switch (width) {
            case 1 -> in.get(ValueLayout.JAVA_BYTE, index);
            case 2 -> in.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, index);
            case 4 -> in.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, index);
            default -> in.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index);
        };
    }

    private static void put(MemorySegment out, int width, long index, long value) {
        switch (width) {
            case 1 -> out.set(ValueLayout.JAVA_BYTE, index, (byte) value);
            case 2 -> out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, index, (short) value);
            case 4 -> out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, index, (int) value);
            default -> out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index, value);
        }
    }

    /**
     * A validated bit-packed node of either id, as blocks: block {@code b} occupies bytes
     * {@code [starts[b], starts[b + 1])} of {@code packed} at width {@code (starts[b + 1] - starts[b]) / 128}.
     *
     * @param dtype the integer dtype
     * @param offset rows of the first block to skip, below 1024
     * @param packed the packed blocks
     * @param starts the blocks' byte boundaries relative to the buffer, {@code blocks + 1} of them, the
     *        last equal to the buffer's size; each block a multiple of 128 bytes and at most the type's width
     * @param patches the patches, or null
     * @param validityChild the index of the validity child ({@code >= childCount} when absent)
     */
    record Blocks(DType.Primitive dtype, int offset, MemorySegment packed, long[] starts, Patches patches,
                  int validityChild) {

        /** @return the widest block's bit width (0 when there are no blocks) */
        int maxBitWidth() {
            long max = 0;
            for (int b = 0; b + 1 < starts.length; b++) {
                max = Math.max(max, starts[b + 1] - starts[b]);
            }
            return (int) (max >>> 7);
        }

        /** Validates a {@code fastlanes.bitpacked} or {@code fastlanes.bitpacked.v2} node. */
        static Blocks of(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
            if (BitPackedEncoding.ID.equals(node.encodingId())) {
                BitPackedEncoding.Parsed v1 = BitPackedEncoding.Parsed.of(node, dtype, length, ctx);
                int blocks = (int) (((long) v1.offset() + length + 1023) >>> 10);
                long[] starts = new long[blocks + 1];
                for (int b = 0; b <= blocks; b++) {
                    starts[b] = b * v1.chunkBytes();
                }
                return new Blocks(v1.dtype(), v1.offset(), v1.packed(), starts, v1.patches(), v1.validityChild());
            }
            return parseV2(node, dtype, length, ctx);
        }

        private static Blocks parseV2(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
            DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
            PType ptype = p.ptype();
            if (!ptype.isInteger()) {
                throw node.error("bit-packing needs an integer type, got " + p.display());
            }
            BitPackedV2Metadata meta = BitPackedV2Metadata.parse(node.metadata());
            int offset = meta.offset();
            long offsetsTypeId = meta.offsetsTypeId();
            // the PType wire ids of u8, u16, u32 and u64 are 0..3
            if (offsetsTypeId < 0 || offsetsTypeId > 3) {
                throw node.error("block offsets type id " + Long.toUnsignedString(offsetsTypeId)
                        + " is not an unsigned integer type (expected 0..3)");
            }
            PType offsetsType = PType.fromId(offsetsTypeId);
            ctx.expectBuffers(node, 1);
            MemorySegment packed = node.buffer(0);
            Patches patches = meta.patches() == null ? null : Patches.of(node, meta.patches(), ctx);
            int patchChildren = patches == null ? 0 : patches.childCount();
            int children = ctx.expectChildren(node, patchChildren + 1, patchChildren + 2);
            int validityChild = children == patchChildren + 2 ? patchChildren : children;
            int blocks = (int) (((long) offset + length + 1023) >>> 10);
            PrimitiveArray bounds = ctx.decodePrimitive(node, children - 1, new DType.Primitive(offsetsType, false),
                    blocks + 1);
            long[] starts = new long[blocks + 1];
            long base = bounds.getLong(0);
            long packedBytes = packed.byteSize();
            int typeBits = ptype.bitWidth();
            long previous = 0;
            for (int b = 0; b <= blocks; b++) {
                long stored = bounds.getLong(b);
                // relative to the first boundary; a boundary below it wraps to a huge unsigned value
                long relative = stored - base;
                if (Long.compareUnsigned(relative, packedBytes) > 0) {
                    throw node.error("block boundary " + b + " = " + Long.toUnsignedString(stored) + " lies outside "
                            + Long.toUnsignedString(base) + ".." + Long.toUnsignedString(base + packedBytes)
                            + " (the first boundary plus the " + packedBytes + "-byte packed buffer)");
                }
                if (relative < previous) {
                    throw node.error("block boundaries decrease at boundary " + b + ": "
                            + Long.toUnsignedString(stored) + " after " + Long.toUnsignedString(base + previous));
                }
                if ((relative & 127) != 0) {
                    throw node.error("block boundary " + b + " = " + Long.toUnsignedString(stored)
                            + " is not a multiple of 128 bytes after the first boundary");
                }
                if ((relative - previous) >>> 7 > typeBits) {
                    throw node.error("block " + (b - 1) + " spans " + (relative - previous) + " bytes, a bit width of "
                            + ((relative - previous) >>> 7) + " exceeds the " + typeBits + "-bit type " + p.display());
                }
                starts[b] = relative;
                previous = relative;
            }
            if (previous != packedBytes) {
                throw node.error("block boundaries span " + previous + " bytes, but the packed buffer has "
                        + packedBytes);
            }
            return new Blocks(p, offset, packed, starts, patches, validityChild);
        }
    }
}
