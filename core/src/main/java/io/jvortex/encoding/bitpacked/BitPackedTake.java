package io.jvortex.encoding.bitpacked;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.encoding.ArrayNode;
import io.jvortex.encoding.DecodeContext;
import io.jvortex.encoding.Patches;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Point access into {@code fastlanes.bitpacked}: single values without unpacking their chunks. */
final class BitPackedTake {
    private BitPackedTake() {
    }

    static Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
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
        for (int i = 0; i < n; i++) {
            int row = indices[i] + offset;
            long at = (row >>> 10) * chunkBytes;
            int within = row & 1023;
            switch (width) {
                case 1 -> out.set(ValueLayout.JAVA_BYTE, i,
                        FastLanesBitPacking.unpackSingle8(packed, at, bitWidth, within));
                case 2 -> out.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i,
                        FastLanesBitPacking.unpackSingle16(packed, at, bitWidth, within));
                case 4 -> out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i,
                        FastLanesBitPacking.unpackSingle32(packed, at, bitWidth, within));
                default -> out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i,
                        FastLanesBitPacking.unpackSingle64(packed, at, bitWidth, within));
            }
        }
        if (patches != null) {
            Patches.Decoded decoded = patches.decode(node, 0, p, length, ctx);
            if (!(decoded.values() instanceof PrimitiveArray)) {
                throw node.error("patch values decoded to " + decoded.values().dtype().display());
            }
            Patches.applyFixedWidthAt(decoded, indices, out, width);
        }
        Validity validity = ctx.takeValidity(node, validityChild, p.nullable(), length, indices);
        return new PrimitiveArray(p, out, n, validity);
    }
}
