package io.jvortex.internal.encodings.bitpacked;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.spi.WriteNode;

/**
 * The reference's {@code vortex.int.bitpacking}: non-negative integers at the histogram-chosen width,
 * wider values as patches; measured on a sample. Not used when the best width is the type's width.
 * When the file's edition has {@code fastlanes.bitpacked.v2}, each 1024-value block gets its own
 * width ({@link #encodeBlocked}).
 */
public final class BitPackingScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.INT_BITPACKED;

    /** Creates the scheme. */
    public BitPackingScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return BitPackedEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof PrimitiveArray p && p.ptype().isInteger();
    }

    @Override
    public Verdict judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        PrimitiveArray p = (PrimitiveArray) array;
        return p.ptype().isSigned() && facts.minLong() < 0 ? SKIP : DEFER;
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        if (ctx.allowed(BitPackedV2Encoding.ID)) {
            return encodeBlocked((PrimitiveArray) array, facts.longs());
        }
        return encode((PrimitiveArray) array, facts.longs());
    }

    /**
     * Bit-packs at the best width (the FoR scheme's leaf step).
     *
     * @param p a non-negative integer array
     * @param v its values as {@code Primitives.toLongs} gives them (not modified)
     * @return the node, or {@code null} when the best width is the type's own
     */
    public static WriteNode encode(PrimitiveArray p, long[] v) {
        int width = BitPackedEncoder.bestBitWidth(p.ptype(), BitPackedEncoder.histogram(p, v));
        return width >= p.ptype().bitWidth() ? null : BitPackedEncoder.encode(p, v, width);
    }

    /**
     * Bit-packs with a width per 1024-value block when the edition has {@code fastlanes.bitpacked.v2},
     * as the reference's v2 mode does: blocks that all choose one width are written as
     * {@code fastlanes.bitpacked} at that width, differing widths as {@code fastlanes.bitpacked.v2}.
     * Per-block widths never cost more packed and exception bytes than one global width, since each
     * block's width is the cheapest for that block.
     *
     * @param p a non-negative integer array
     * @param v its values as {@code Primitives.toLongs} gives them (not modified)
     * @return the node, or {@code null} when the array is empty or every block's best width is the type's own
     */
    public static WriteNode encodeBlocked(PrimitiveArray p, long[] v) {
        int[] widths = BitPackedEncoder.blockBitWidths(p, v);
        if (widths.length == 0) {
            return null;
        }
        boolean uniform = true;
        for (int w : widths) {
            uniform &= w == widths[0];
        }
        if (!uniform) {
            return BitPackedEncoder.encodeBlocked(p, v, widths);
        }
        return widths[0] >= p.ptype().bitWidth() ? null : BitPackedEncoder.encode(p, v, widths[0]);
    }
}
