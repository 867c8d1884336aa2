package io.jvortex.internal.encodings.varbin;

import io.jvortex.internal.format.VarBinMetadata;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.dtype.DType;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Strings and binaries that no other scheme shrinks, stored as the reference 0.91 writer stores them:
 * {@code vortex.varbin} with the bytes of the valid rows (nothing for null rows) and offsets narrowed
 * to the smallest unsigned type, compressed by the integer cascade. Tried last, so it is the
 * fallback for incompressible text (16-byte views cost more than 1–4-byte offsets).
 */
public final class VarBinScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.STRING_VARBIN;

    /** Creates the (stateless) scheme. */
    public VarBinScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return "vortex.varbin";
    }

    @Override
    public boolean accepts(Canonical array) {
        return (array instanceof VarBinArray || array instanceof VarBinViewArray)
                && (array.dtype() instanceof DType.Utf8 || array.dtype() instanceof DType.Binary);
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        FlatStrings rows = FlatStrings.of(array);
        if (rows == null) {
            return null;
        }
        PrimitiveArray offsets = FlatStrings.narrowUnsigned(rows.offsets(), rows.length() + 1);
        byte[] metadata = new VarBinMetadata(offsets.ptype()).serialize();
        List<WriteNode> children = new ArrayList<>();
        children.add(ctx.compress(offsets, SCHEME_ID));
        children.addAll(CanonicalEncoder.validityChildren(array.dtype(), array.validity(), array.length()));
        return WriteNode.of("vortex.varbin", metadata,
                List.of(new WriteNode.Buffer(MemorySegment.ofArray(rows.data()), 1)), children);
    }
}
