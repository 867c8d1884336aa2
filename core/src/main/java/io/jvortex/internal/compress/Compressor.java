package io.jvortex.internal.compress;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.UnionArray;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.array.VariantArray;
import io.jvortex.dtype.DType;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The BtrBlocks-style cascading compressor: for each leaf array (bool, primitive, decimal, strings)
 * every eligible {@link Scheme} first judges the whole array ({@link Scheme#judge}: skip, always use,
 * or a size), then the deferred ones estimate on a sample; the best one encodes the whole array and
 * its children cascade through this compressor again. Arrays at depth {@link #MAX_DEPTH} are still
 * encoded by a scheme, but their children stay canonical (the reference's {@code MAX_CASCADE}). A
 * result is kept only when it is strictly smaller than the canonical form. Nested arrays (struct,
 * lists, extension, map) compress their children. Thread-safe and deterministic.
 */
public final class Compressor {
    /** Maximum cascade depth (the reference's {@code MAX_CASCADE}). */
    public static final int MAX_DEPTH = 3;
    private static final SchemeId LIST_OFFSETS_EXCLUDED = SchemeId.INT_DICT;

    private final List<Scheme> schemes;
    private final Predicate<String> allowedEncodingIds;

    /**
     * @param schemes the schemes, in evaluation order (ties go to the earlier one)
     * @param allowedEncodingIds which encoding ids the file's edition permits
     */
    public Compressor(List<Scheme> schemes, Predicate<String> allowedEncodingIds) {
        this.schemes = List.copyOf(schemes);
        this.allowedEncodingIds = Objects.requireNonNull(allowedEncodingIds, "allowedEncodingIds");
    }

    /** @return the schemes, in evaluation order */
    public List<Scheme> schemes() {
        return schemes;
    }

    boolean allowed(String encodingId) {
        return allowedEncodingIds.test(encodingId);
    }

    /**
     * Compresses one chunk.
     *
     * @param array the chunk (opaque, variant and union arrays are not writable)
     * @return its node tree
     */
    public WriteNode compress(Canonical array) {
        return compress(array, new CompressContext(this, 0, Set.of()));
    }

    /**
     * Compresses one chunk without some schemes (e.g. the integer dictionary scheme for data chunks
     * whose column already went through the dictionary layout).
     *
     * @param array the chunk
     * @param excludedSchemes schemes not to use anywhere in the cascade
     * @return its node tree
     */
    public WriteNode compress(Canonical array, Set<SchemeId> excludedSchemes) {
        return compress(array, new CompressContext(this, 0, excludedSchemes));
    }

    /**
     * Encodes a leaf array with one given scheme at the root (its children cascade as usual), for
     * callers that compare a particular encoding against the compressor's own choice.
     *
     * @param array the leaf array
     * @param scheme the root scheme
     * @return the node tree, or {@code null} when the scheme does not apply to the array (not one of
     *         this compressor's schemes, not accepted, not permitted by the edition, or judged a skip)
     */
    public WriteNode compressWith(Canonical array, Scheme scheme) {
        Objects.requireNonNull(array, "array");
        Objects.requireNonNull(scheme, "scheme");
        if (array.length() == 0 || !schemes.contains(scheme) || !allowed(scheme.encodingId())
                || !scheme.accepts(array)) {
            return null;
        }
        CompressContext ctx = new CompressContext(this, 0, Set.of());
        ArrayFacts facts = new ArrayFacts(array);
        if (scheme.judge(array, facts, ctx) instanceof Verdict.Skip) {
            return null;
        }
        return scheme.compress(array, facts, ctx);
    }

    WriteNode compress(Canonical array, CompressContext ctx) {
        return switch (array) {
            case NullArray n -> CanonicalEncoder.encode(n);
            case StructArray s -> CanonicalEncoder.encode(s, child -> compress(child, ctx));
            // Offsets and sizes never get an integer dictionary (the reference's root exclusion).
            case ListArray l -> CanonicalEncoder.encode(l, child -> compress(child,
                    child == l.elements() ? ctx : ctx.withExcluded(LIST_OFFSETS_EXCLUDED)));
            case ListViewArray l -> CanonicalEncoder.encode(l, child -> compress(child,
                    child == l.elements() ? ctx : ctx.withExcluded(LIST_OFFSETS_EXCLUDED)));
            case FixedSizeListArray f -> CanonicalEncoder.encode(f, child -> compress(child, ctx));
            case MapArray m -> CanonicalEncoder.encode(m, child -> compress(child, ctx));
            case ExtensionArray e -> leafOrNested(e, ctx);
            case BoolArray b -> leaf(b, ctx);
            case PrimitiveArray p -> leaf(p, ctx);
            case DecimalArray d -> leaf(d, ctx);
            case VarBinArray v -> leaf(v, ctx);
            case VarBinViewArray v -> leaf(v, ctx);
            case VariantArray v -> CanonicalEncoder.encode(v);
            case UnionArray u -> CanonicalEncoder.encode(u);
            case OpaqueArray o -> CanonicalEncoder.encode(o);
        };
    }

    /** Extension arrays: the storage compressed, or an extension scheme (e.g. datetime parts) if smaller. */
    private WriteNode leafOrNested(ExtensionArray e, CompressContext ctx) {
        WriteNode viaStorage = CanonicalEncoder.encode(e, child -> compress(child, ctx));
        if (e.length() == 0 || allNull(e)) {
            return allNull(e) && e.length() > 0 ? CanonicalEncoder.constant(Scalar.nullOf(e.dtype())) : viaStorage;
        }
        WriteNode best = choose(e, ctx, NodeSize.bytes(viaStorage));
        return best != null && NodeSize.bytes(best) < NodeSize.bytes(viaStorage) ? best : viaStorage;
    }

    private WriteNode leaf(Canonical array, CompressContext ctx) {
        WriteNode canonical = CanonicalEncoder.encode(array);
        if (array.length() == 0) {
            return canonical;
        }
        if (allNull(array)) {
            return CanonicalEncoder.constant(Scalar.nullOf(array.dtype()));
        }
        long canonicalBytes = NodeSize.bytes(canonical);
        WriteNode best = choose(array, ctx, canonicalBytes);
        return best != null && NodeSize.bytes(best) < canonicalBytes ? best : canonical;
    }

    /**
     * Picks a scheme as the reference does: every eligible scheme first judges the whole array
     * ({@link Scheme#judge}); {@link Verdict#ALWAYS} wins at once, size verdicts compete by ratio; then
     * the deferred schemes estimate on a sample (in sampling mode, so their children do not sample
     * again). The best ratio above 1 wins (ties go to the earlier scheme) and encodes the whole array.
     */
    private WriteNode choose(Canonical array, CompressContext ctx, long canonicalBytes) {
        ArrayFacts facts = new ArrayFacts(array);
        Scheme best = null;
        double bestRatio = 1.0;
        List<Scheme> deferred = new ArrayList<>();
        for (Scheme scheme : schemes) {
            if (ctx.excluded(scheme.id()) || !allowed(scheme.encodingId()) || !scheme.accepts(array)) {
                continue;
            }
            long bytes;
            switch (scheme.judge(array, facts, ctx)) {
                case Verdict.Always a -> {
                    return scheme.compress(array, facts, ctx);
                }
                case Verdict.Defer d -> {
                    deferred.add(scheme);
                    continue;
                }
                case Verdict.Skip s -> {
                    continue;
                }
                case Verdict.Size size -> bytes = size.bytes();
                case Verdict.Measure m -> throw new IllegalStateException(
                        "scheme " + scheme.name() + " judged MEASURE, which only an estimate may answer");
            }
            double ratio = (double) canonicalBytes / Math.max(1, bytes);
            if (ratio > bestRatio) {
                bestRatio = ratio;
                best = scheme;
            }
        }
        if (!deferred.isEmpty()) {
            Canonical sample = ctx.sampling() ? array : Sampler.sample(array);
            ArrayFacts sampleFacts = sample == array ? facts : new ArrayFacts(sample);
            long sampleBytes = sample == array ? canonicalBytes : NodeSize.bytes(CanonicalEncoder.encode(sample));
            CompressContext sampleCtx = ctx.withSampling();
            for (Scheme scheme : deferred) {
                long estimate;
                switch (scheme.estimate(sample, sampleFacts, sampleCtx)) {
                    case Verdict.Measure m -> {
                        WriteNode node = scheme.compress(sample, sampleFacts, sampleCtx);
                        if (node == null) {
                            continue;
                        }
                        estimate = NodeSize.bytes(node);
                    }
                    case Verdict.Size size -> estimate = size.bytes();
                    case Verdict.Skip s -> {
                        continue;
                    }
                    case Verdict.Always a -> throw new IllegalStateException(
                            "scheme " + scheme.name() + " estimated ALWAYS, which only a judgement may answer");
                    case Verdict.Defer d -> throw new IllegalStateException(
                            "scheme " + scheme.name() + " estimated DEFER, which only a judgement may answer");
                }
                double ratio = (double) sampleBytes / Math.max(1, estimate);
                if (ratio > bestRatio) {
                    bestRatio = ratio;
                    best = scheme;
                }
            }
        }
        return best == null ? null : best.compress(array, facts, ctx);
    }

    private static boolean allNull(Canonical array) {
        return array.dtype().nullable() && !(array.dtype() instanceof DType.Null)
                && array.validity().nullCount(array.length()) == array.length();
    }
}
