package io.jvortex.internal.encodings.datetimeparts;

import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.spi.WriteNode;

/**
 * The cascading compressor's temporal scheme (the reference's {@code TemporalScheme}, "always use"): timestamp
 * extension arrays become {@code vortex.datetimeparts}, each part cascading as integers. The compressor also
 * compresses the timestamps' storage and keeps whichever is smaller, as the reference does.
 */
public final class DateTimePartsScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.EXT_TEMPORAL;

    /** Creates the (stateless) scheme. */
    public DateTimePartsScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return DateTimePartsEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof ExtensionArray e && DateTimePartsEncoder.timestampUnit(e) != null;
    }

    /** "Always use": the compressor still compares the result with the compressed storage. */
    @Override
    public Verdict estimate(Canonical sample, ArrayFacts facts, CompressContext ctx) {
        return Verdict.size(0);
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        ExtensionArray timestamps = (ExtensionArray) array;
        DateTimePartsEncoder.Parts parts = DateTimePartsEncoder.split(timestamps);
        WriteNode days = ctx.compress(parts.days(), SCHEME_ID);
        WriteNode seconds = ctx.compress(parts.seconds(), SCHEME_ID);
        WriteNode subseconds = ctx.compress(parts.subseconds(), SCHEME_ID);
        return DateTimePartsEncoder.node(days, parts.days().ptype(), seconds,
                parts.seconds().ptype(), subseconds, parts.subseconds().ptype());
    }
}
