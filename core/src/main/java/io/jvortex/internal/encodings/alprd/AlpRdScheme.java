package io.jvortex.internal.encodings.alprd;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.dtype.PType;
import io.jvortex.spi.WriteNode;

/**
 * The cascading compressor's ALP-RD scheme (the reference's {@code ALPRDScheme}): f32/f64 arrays become
 * {@code vortex.alprd}, measured on the sample. The reference bit-packs the codes and right parts directly;
 * here both go one level down the cascade, where bit-packing (or something smaller) picks them up.
 */
public final class AlpRdScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.FLOAT_ALPRD;

    /** Creates the (stateless) scheme. */
    public AlpRdScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return AlpRdEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof PrimitiveArray p && (p.ptype() == PType.F32 || p.ptype() == PType.F64);
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        AlpRdEncoder.Encoded encoded = AlpRdEncoder.encode((PrimitiveArray) array);
        WriteNode left = ctx.compress(encoded.leftCodes(), SCHEME_ID);
        WriteNode right = ctx.compress(encoded.rightParts(), SCHEME_ID);
        return AlpRdEncoder.node(encoded, left, right);
    }
}
