package io.jvortex.encoding.frameofreference;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.compress.ArrayFacts;
import io.jvortex.compress.CompressContext;
import io.jvortex.compress.Primitives;
import io.jvortex.compress.Scheme;
import io.jvortex.encoding.bitpacked.BitPackingScheme;
import io.jvortex.scalar.Scalar;
import io.jvortex.write.CanonicalEncoder;
import io.jvortex.write.ScalarValueWriter;
import io.jvortex.write.WriteNode;
import java.util.List;

/**
 * The reference's {@code vortex.int.for}: subtract the minimum (wrapping in the type) and bit-pack
 * the result directly as a leaf. Judged from the value range: only when the minimum is not 0 and
 * {@code max - min} needs fewer bits than {@code max}; the estimate is the type width over the
 * range's width.
 */
public final class FrameOfReferenceScheme implements Scheme {
    /** The scheme's name. */
    public static final String NAME = "int.for";

    /** Creates the scheme. */
    public FrameOfReferenceScheme() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String encodingId() {
        return FrameOfReferenceEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof PrimitiveArray p && p.ptype().isInteger();
    }

    @Override
    public long judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        if (ctx.finishedCascading() || facts.minLong() == 0) {
            return SKIP;
        }
        PrimitiveArray p = (PrimitiveArray) array;
        long range = facts.maxLong() - facts.minLong();
        if (range == 0) {
            return SKIP;
        }
        int forBits = 64 - Long.numberOfLeadingZeros(range);
        boolean negative = p.ptype().isSigned() && facts.minLong() < 0;
        if (!negative && forBits >= 64 - Long.numberOfLeadingZeros(facts.maxLong())) {
            return SKIP;
        }
        return Math.max(1, (long) p.length() * forBits / 8);
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        PrimitiveArray p = (PrimitiveArray) array;
        long min = facts.minLong();
        long[] v = facts.longs().clone();
        for (int i = 0; i < v.length; i++) {
            v[i] -= min;
        }
        PrimitiveArray encoded = Primitives.fromLongs(p.dtype(), v, v.length, p.validity());
        WriteNode child = BitPackingScheme.encode(encoded, Primitives.toLongs(encoded));
        if (child == null) {
            child = CanonicalEncoder.encode(encoded);
        }
        byte[] reference = ScalarValueWriter.encode(new Scalar(p.dtype().withNullable(false), min));
        return WriteNode.of(FrameOfReferenceEncoding.ID, reference, List.of(), List.of(child));
    }
}
