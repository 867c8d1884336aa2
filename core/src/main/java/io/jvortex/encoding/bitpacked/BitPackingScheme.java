package io.jvortex.encoding.bitpacked;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.compress.ArrayFacts;
import io.jvortex.compress.CompressContext;
import io.jvortex.compress.Scheme;
import io.jvortex.write.WriteNode;

/**
 * The reference's {@code vortex.int.bitpacking}: non-negative integers at the histogram-chosen width,
 * wider values as patches; measured on a sample. Not used when the best width is the type's width.
 */
public final class BitPackingScheme implements Scheme {
    /** The scheme's name. */
    public static final String NAME = "int.bitpacked";

    /** Creates the scheme. */
    public BitPackingScheme() {
    }

    @Override
    public String name() {
        return NAME;
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
    public long judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        PrimitiveArray p = (PrimitiveArray) array;
        return p.ptype().isSigned() && facts.minLong() < 0 ? SKIP : DEFER;
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
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
}
