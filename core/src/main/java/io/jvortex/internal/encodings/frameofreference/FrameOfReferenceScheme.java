package io.jvortex.internal.encodings.frameofreference;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.dtype.DType;
import io.jvortex.internal.encodings.bitpacked.BitPackingScheme;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.util.List;

/**
 * The reference's {@code vortex.int.for}: subtract the minimum (wrapping in the type) and bit-pack
 * the result directly as a leaf. Judged from the value range: only when the minimum is not 0 and
 * {@code max - min} needs fewer bits than {@code max}; the estimate is the type width over the
 * range's width. When the file's edition has {@code fastlanes.for.v2} it subtracts each 1024-row
 * chunk's own minimum instead ({@code compressChunked}), as the reference's v2 mode does.
 */
public final class FrameOfReferenceScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.INT_FOR;

    /** Creates the scheme. */
    public FrameOfReferenceScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
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
    public Verdict judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
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
        return Verdict.size(Math.max(1, (long) p.length() * forBits / 8));
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        if (ctx.allowed(FrameOfReferenceV2Encoding.ID)) {
            return compressChunked((PrimitiveArray) array, facts, ctx);
        }
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
        byte[] reference = new FrameOfReferenceMetadata(new Scalar(p.dtype().withNullable(false), min)).serialize();
        return WriteNode.of(FrameOfReferenceEncoding.ID, reference, List.of(), List.of(child));
    }

    /**
     * The reference's v2 mode: each 1024-row chunk's minimum valid value is its reference (an all-null
     * chunk reuses the previous chunk's, or the first valid chunk's at the start, so the references
     * form runs), null rows encode as 0, and the residuals are bit-packed with a width per block.
     * References that are all equal give a single-reference {@code fastlanes.for}; otherwise they are
     * compressed as a child of {@code fastlanes.for.v2}.
     */
    private static WriteNode compressChunked(PrimitiveArray p, ArrayFacts facts, CompressContext ctx) {
        long[] v = facts.longs();
        int len = p.length();
        int chunks = (len + 1023) / 1024;
        boolean signed = p.ptype().isSigned();
        boolean allValid = p.validity() instanceof Validity.AllValid;
        long[] references = new long[chunks];
        boolean[] found = new boolean[chunks];
        int firstFound = -1;
        for (int c = 0; c < chunks; c++) {
            long min = 0;
            int to = Math.min(len, c * 1024 + 1024);
            for (int i = c * 1024; i < to; i++) {
                if (allValid || p.isValid(i)) {
                    // u64 values above Long.MAX_VALUE are negative longs: compare them unsigned
                    if (!found[c] || (signed ? v[i] < min : Long.compareUnsigned(v[i], min) < 0)) {
                        min = v[i];
                        found[c] = true;
                    }
                }
            }
            references[c] = min;
            if (found[c] && firstFound < 0) {
                firstFound = c;
            }
        }
        if (firstFound < 0) {
            return null;
        }
        for (int c = 0; c < chunks; c++) {
            if (!found[c]) {
                references[c] = c < firstFound ? references[firstFound] : references[c - 1];
            }
        }
        long[] residuals = new long[len];
        for (int i = 0; i < len; i++) {
            residuals[i] = allValid || p.isValid(i) ? v[i] - references[i >>> 10] : 0;
        }
        PrimitiveArray encoded = Primitives.fromLongs(p.dtype(), residuals, len, p.validity());
        WriteNode child = BitPackingScheme.encodeBlocked(encoded, Primitives.toLongs(encoded));
        if (child == null) {
            child = CanonicalEncoder.encode(encoded);
        }
        DType.Primitive nonNullable = (DType.Primitive) p.dtype().withNullable(false);
        boolean single = true;
        for (long r : references) {
            single &= r == references[0];
        }
        if (single) {
            byte[] reference = new FrameOfReferenceMetadata(new Scalar(nonNullable, references[0])).serialize();
            return WriteNode.of(FrameOfReferenceEncoding.ID, reference, List.of(), List.of(child));
        }
        PrimitiveArray refs = Primitives.fromLongs(nonNullable, references, chunks, Validity.ALL_VALID);
        return WriteNode.of(FrameOfReferenceV2Encoding.ID, new FrameOfReferenceV2Metadata(0).serialize(), List.of(),
                List.of(child, ctx.compress(refs, SCHEME_ID)));
    }
}
