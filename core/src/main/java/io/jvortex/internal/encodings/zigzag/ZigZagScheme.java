package io.jvortex.internal.encodings.zigzag;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.dtype.DType;
import io.jvortex.spi.WriteNode;
import java.util.List;
import java.util.Set;

/**
 * The reference's {@code vortex.int.zigzag}: signed integers with negatives become their unsigned
 * ZigZag image ({@code (v << 1) ^ (v >> (T - 1))}), which cascades (without dictionary, run-end or
 * sparse below it); measured on a sample.
 */
public final class ZigZagScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.INT_ZIGZAG;
    /** Excluded below the zigzag-encoded integers. */
    static final Set<SchemeId> ENCODED_EXCLUDED = Set.of(SchemeId.INT_DICT, SchemeId.INT_RUNEND, SchemeId.INT_SPARSE);

    /** Creates the scheme. */
    public ZigZagScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return ZigZagEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof PrimitiveArray p && p.ptype().isInteger() && p.ptype().isSigned();
    }

    @Override
    public Verdict judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        return ctx.finishedCascading() || facts.minLong() >= 0 ? SKIP : DEFER;
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        PrimitiveArray p = (PrimitiveArray) array;
        PrimitiveArray encoded = encode(p);
        return WriteNode.of(ZigZagEncoding.ID, null, List.of(),
                List.of(ctx.compress(encoded, SCHEME_ID, ENCODED_EXCLUDED)));
    }

    /**
     * @param p a signed integer array
     * @return its ZigZag image in the unsigned counterpart type, same validity
     */
    public static PrimitiveArray encode(PrimitiveArray p) {
        int bits = p.ptype().bitWidth();
        long[] v = Primitives.toLongs(p);
        for (int i = 0; i < v.length; i++) {
            v[i] = (v[i] << 1) ^ (v[i] >> (bits - 1));
        }
        DType.Primitive unsigned = new DType.Primitive(p.ptype().toUnsigned(), p.dtype().nullable());
        return Primitives.fromLongs(unsigned, v, v.length, p.validity());
    }
}
