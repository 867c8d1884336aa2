package io.jvortex.internal.compress;

import io.jvortex.array.Canonical;
import io.jvortex.spi.WriteNode;

/**
 * One way the cascading compressor may encode an array (BtrBlocks' "scheme"): it says which arrays it
 * accepts, estimates how small it would make a sample, and encodes, handing its own children back to
 * the compressor ({@link CompressContext#compress}) so they cascade.
 *
 * <p>Schemes live in their encoding's package ({@code io.jvortex.spi.<name>}) and are listed in
 * {@code io.jvortex.internal.registry.BuiltinSchemes}. A scheme must be deterministic: the same input gives the same node.
 */
public interface Scheme {
    /** {@link Verdict#SKIP}, for schemes' brevity. */
    Verdict SKIP = Verdict.SKIP;
    /** {@link Verdict#MEASURE}, for schemes' brevity. */
    Verdict MEASURE = Verdict.MEASURE;
    /** {@link Verdict#ALWAYS}, for schemes' brevity. */
    Verdict ALWAYS = Verdict.ALWAYS;
    /** {@link Verdict#DEFER}, for schemes' brevity. */
    Verdict DEFER = Verdict.DEFER;

    /**
     * @return this scheme's typed id, unique among the schemes; exclusions refer to it
     */
    SchemeId id();

    /**
     * @return the id's stable name, such as {@code int.bitpacked}
     */
    default String name() {
        return id().label();
    }

    /**
     * @return the encoding id at the root of what {@link #compress} returns; the scheme is only tried
     *         when the file's edition permits it
     */
    String encodingId();

    /**
     * A cheap dtype / physical-form check.
     *
     * @param array the canonical array (never empty, never all-null)
     * @return whether this scheme can encode it
     */
    boolean accepts(Canonical array);

    /**
     * Judges the whole array from its facts before any sample is taken, as the reference's verdicts
     * do (e.g. frame of reference from the value range, dictionary from the distinct count). Verdicts
     * are collected for every scheme first; {@link Verdict#ALWAYS} wins at once, then the deferred schemes'
     * {@link #estimate}s run on the sample in list order.
     *
     * @param array the whole array (never empty, never all-null)
     * @param facts lazily computed facts about it
     * @param ctx the compression context
     * @return a {@link Verdict.Size} for the whole array, {@link Verdict#SKIP}, {@link Verdict#ALWAYS},
     *         or {@link Verdict#DEFER} (the default) to be estimated on a sample
     */
    default Verdict judge(Canonical array, ArrayFacts facts, CompressContext ctx) {
        return DEFER;
    }

    /**
     * Estimates the encoded size of a sample.
     *
     * @param sample a sample of the array (or the whole array when it is small)
     * @param facts lazily computed facts about the sample
     * @param ctx the compression context (depth, exclusions, edition)
     * @return a {@link Verdict.Size} for the sample, {@link Verdict#SKIP} or {@link Verdict#MEASURE} (the
     *         default)
     */
    default Verdict estimate(Canonical sample, ArrayFacts facts, CompressContext ctx) {
        return MEASURE;
    }

    /**
     * Encodes the array; children are compressed through {@code ctx}.
     *
     * @param array the array
     * @param facts facts about it
     * @param ctx the compression context
     * @return the node, or {@code null} when the scheme turns out not to apply
     */
    WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx);
}
