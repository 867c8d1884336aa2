package io.jvortex.encoding.bitpacked;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.encoding.ArrayNode;
import io.jvortex.encoding.DecodeContext;
import io.jvortex.encoding.Encoding;
import io.jvortex.encoding.Patches;
import io.jvortex.protobuf.ProtoReader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code fastlanes.bitpacked}: integers packed to {@code bitWidth} bits in FastLanes' transposed
 * 1024-value chunks, with optional patches for values that did not fit.
 */
public final class BitPackedEncoding implements Encoding, io.jvortex.encoding.PointAccess {
    /** The encoding id. */
    public static final String ID = "fastlanes.bitpacked";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        Parsed parsed = Parsed.of(node, dtype, length, ctx);
        DType.Primitive p = parsed.dtype();
        PType ptype = p.ptype();
        int bitWidth = parsed.bitWidth();
        int offset = parsed.offset();
        MemorySegment packed = parsed.packed();
        Patches patches = parsed.patches();
        int validityChild = parsed.validityChild();

        int width = ptype.byteWidth();
        MemorySegment out = ctx.allocate((long) length * width);
        if (bitWidth > 0 && length > 0) {
            unpack(packed, bitWidth, offset, length, width, out);
        }
        if (patches != null) {
            Patches.Decoded decoded = patches.decode(node, 0, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray)) {
                throw node.error("patch values decoded to " + decoded.values().dtype().display());
            }
            Patches.applyFixedWidth(decoded, out, width);
        }
        Validity validity = ctx.validity(node, validityChild, p.nullable(), length);
        return new PrimitiveArray(p, out, length, validity);
    }

    /**
     * A node's values as packed, before patching (for comparing without decoding).
     *
     * @param values the unpacked values (each below {@code 2^bitWidth} as an unsigned number except at
     *        patched positions, whose contents are unspecified), with the node's validity
     * @param bitWidth bits per packed value
     * @param patches the decoded patches (values of the node's type), or null
     */
    public record Unpatched(PrimitiveArray values, int bitWidth, Patches.Decoded patches) {
    }

    /**
     * Unpacks a node without applying its patches.
     *
     * @param node the node
     * @param dtype its integer type
     * @param length its row count
     * @param ctx decoding services
     * @return the unpacked values, bit width and patches
     */
    public static Unpatched unpatched(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        Parsed parsed = Parsed.of(node, dtype, length, ctx);
        DType.Primitive p = parsed.dtype();
        int width = p.ptype().byteWidth();
        MemorySegment out = ctx.allocate((long) length * width);
        if (parsed.bitWidth() > 0 && length > 0) {
            unpack(parsed.packed(), parsed.bitWidth(), parsed.offset(), length, width, out);
        }
        Patches.Decoded decoded = null;
        if (parsed.patches() != null) {
            decoded = parsed.patches().decode(node, 0, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray)) {
                throw node.error("patch values decoded to " + decoded.values().dtype().display());
            }
        }
        Validity validity = ctx.validity(node, parsed.validityChild(), p.nullable(), length);
        return new Unpatched(new PrimitiveArray(p, out, length, validity), parsed.bitWidth(), decoded);
    }

    /**
     * A validated node: metadata parsed, buffer and child counts checked.
     *
     * @param dtype the integer dtype
     * @param bitWidth bits per packed value
     * @param offset rows of the first chunk to skip
     * @param packed the packed chunks
     * @param chunkBytes bytes per packed chunk
     * @param patches the patches, or null
     * @param validityChild the index of the optional validity child
     */
    record Parsed(DType.Primitive dtype, int bitWidth, int offset, MemorySegment packed, long chunkBytes,
                  Patches patches, int validityChild) {
        static Parsed of(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
            DType.Primitive p = ctx.expectDType(node, dtype, DType.Primitive.class);
            PType ptype = p.ptype();
            if (!ptype.isInteger()) {
                throw node.error("bit-packing needs an integer type, got " + p.display());
            }
            int bitWidth = 0;
            int offset = 0;
            MemorySegment patchesMessage = null;
            ProtoReader r = new ProtoReader(node.metadata(), "BitPackedMetadata");
            while (r.next()) {
                switch (r.field()) {
                    case 1 -> bitWidth = r.varintAsInt(64);
                    case 2 -> offset = r.varintAsInt(1023);
                    case 3 -> patchesMessage = r.bytes();
                    default -> r.skip();
                }
            }
            if (bitWidth > ptype.bitWidth()) {
                throw node.error("bit width " + bitWidth + " exceeds the " + ptype.bitWidth() + "-bit type "
                        + p.display());
            }
            ctx.expectBuffers(node, 1);
            long chunks = ((long) offset + length + 1023) / 1024;
            long chunkBytes = FastLanesBitPacking.packedBytesPerChunk(bitWidth);
            MemorySegment packed = ctx.bufferOfSize(node, 0, chunks * chunkBytes);
            Patches patches = patchesMessage == null ? null : Patches.parse(node, patchesMessage, ctx);
            int validityChild = patches == null ? 0 : patches.childCount();
            ctx.expectChildren(node, validityChild, validityChild + 1);
            return new Parsed(p, bitWidth, offset, packed, chunkBytes, patches, validityChild);
        }
    }

    /** Decodes only the requested positions: one or two word reads each, plus a patch lookup. */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        return BitPackedTake.take(node, dtype, length, indices, ctx);
    }

    /** Unpacks rows {@code [offset, offset + length)} of the concatenated chunks into {@code out}. */
    private static void unpack(MemorySegment packed, int bitWidth, int offset, int length, int width,
                               MemorySegment out) {
        long chunkBytes = FastLanesBitPacking.packedBytesPerChunk(bitWidth);
        int chunk = 0;
        long written = 0;
        int skip = offset;
        switch (width) {
            case 1 -> {
                byte[] buf = new byte[1024];
                while (written < length) {
                    FastLanesBitPacking.unpack8(packed, chunk * chunkBytes, bitWidth, buf, 0);
                    int n = (int) Math.min(1024 - skip, length - written);
                    MemorySegment.copy(buf, skip, out, ValueLayout.JAVA_BYTE, written, n);
                    written += n;
                    skip = 0;
                    chunk++;
                }
            }
            case 2 -> {
                short[] buf = new short[1024];
                while (written < length) {
                    FastLanesBitPacking.unpack16(packed, chunk * chunkBytes, bitWidth, buf, 0);
                    int n = (int) Math.min(1024 - skip, length - written);
                    MemorySegment.copy(buf, skip, out, ValueLayout.JAVA_SHORT_UNALIGNED, written * 2, n);
                    written += n;
                    skip = 0;
                    chunk++;
                }
            }
            case 4 -> {
                int[] buf = new int[1024];
                while (written < length) {
                    FastLanesBitPacking.unpack32(packed, chunk * chunkBytes, bitWidth, buf, 0);
                    int n = (int) Math.min(1024 - skip, length - written);
                    MemorySegment.copy(buf, skip, out, ValueLayout.JAVA_INT_UNALIGNED, written * 4, n);
                    written += n;
                    skip = 0;
                    chunk++;
                }
            }
            default -> {
                long[] buf = new long[1024];
                while (written < length) {
                    FastLanesBitPacking.unpack64(packed, chunk * chunkBytes, bitWidth, buf, 0);
                    int n = (int) Math.min(1024 - skip, length - written);
                    MemorySegment.copy(buf, skip, out, ValueLayout.JAVA_LONG_UNALIGNED, written * 8, n);
                    written += n;
                    skip = 0;
                    chunk++;
                }
            }
        }
    }
}
