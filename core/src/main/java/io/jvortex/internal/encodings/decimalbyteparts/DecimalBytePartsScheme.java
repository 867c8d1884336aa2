package io.jvortex.internal.encodings.decimalbyteparts;

import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.dtype.PType;
import io.jvortex.spi.WriteNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The cascading compressor's decimal scheme (the reference's {@code DecimalScheme}, "always use"): decimals
 * whose values fit {@code i64} become {@code vortex.decimal_byte_parts} over their narrowed unscaled values,
 * which cascade as integers. Wider values become {@code vortex.decimal_byte_parts.v2} (an {@code i64} msp and
 * one or three unsigned lower parts, each cascading) when the file's edition permits that id, as the
 * reference's v2 mode does; otherwise they leave the array canonical.
 */
public final class DecimalBytePartsScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.DECIMAL_BYTE_PARTS;

    /** Creates the (stateless) scheme. */
    public DecimalBytePartsScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return DecimalBytePartsEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof DecimalArray;
    }

    /** "Always use": an estimate no other scheme can beat; the compressor still keeps the smaller result. */
    @Override
    public Verdict estimate(Canonical sample, ArrayFacts facts, CompressContext ctx) {
        return Verdict.size(0);
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        PrimitiveArray msp = DecimalBytePartsEncoder.mostSignificantPart((DecimalArray) array);
        if (msp != null) {
            return DecimalBytePartsEncoder.node(ctx.compress(msp, SCHEME_ID), msp.ptype());
        }
        if (!ctx.allowed(DecimalBytePartsV2Encoding.ID)) {
            return null;
        }
        DecimalBytePartsEncoder.Parts parts = DecimalBytePartsEncoder.split((DecimalArray) array);
        WriteNode mspNode = ctx.compress(parts.msp(), SCHEME_ID);
        List<WriteNode> lower = new ArrayList<>(parts.lowerParts().size());
        List<PType> lowerTypes = new ArrayList<>(parts.lowerParts().size());
        for (PrimitiveArray part : parts.lowerParts()) {
            lower.add(ctx.compress(part, SCHEME_ID));
            lowerTypes.add(part.ptype());
        }
        return DecimalBytePartsEncoder.nodeV2(mspNode, PType.I64, lower, lowerTypes);
    }
}
