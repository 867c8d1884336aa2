package io.jvortex.internal.encodings.alp;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.dtype.PType;
import io.jvortex.spi.WriteNode;

/**
 * The cascading compressor's ALP scheme (the reference's {@code ALPScheme}): f32/f64 arrays become
 * {@code vortex.alp} with the encoded integers compressed one level deeper. It only pays when the integers
 * compress, so it is measured on the sample (the default {@link #estimate}); where the cascade cannot go
 * deeper the measurement shows that it does not pay.
 */
public final class AlpScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.FLOAT_ALP;
    /**
     * An array id of the first edition whose readers (0.54+) know the patches' chunk-offsets child; older
     * editions get patches without it.
     */
    static final String CHUNK_OFFSETS_EDITION_MARKER = "fastlanes.rle";

    /** Creates the (stateless) scheme. */
    public AlpScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return AlpEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof PrimitiveArray p && (p.ptype() == PType.F32 || p.ptype() == PType.F64);
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        AlpEncoder.Encoded encoded = AlpEncoder.encode((PrimitiveArray) array);
        WriteNode ints = ctx.compress(encoded.encoded(), SCHEME_ID);
        return AlpEncoder.node(encoded, ints, ctx.allowed(CHUNK_OFFSETS_EDITION_MARKER));
    }
}
