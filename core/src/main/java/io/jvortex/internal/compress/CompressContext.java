package io.jvortex.internal.compress;

import io.jvortex.array.Canonical;
import io.jvortex.spi.WriteNode;
import java.util.HashSet;
import java.util.Set;

/**
 * Where a scheme stands in the cascade: its depth, the schemes excluded below it, and the compressor
 * to hand children to. Immutable; {@link #compress} derives the child context.
 */
public final class CompressContext {
    private final Compressor compressor;
    private final int depth;
    private final Set<SchemeId> excluded;
    private final boolean sampling;

    CompressContext(Compressor compressor, int depth, Set<SchemeId> excluded) {
        this(compressor, depth, excluded, false);
    }

    private CompressContext(Compressor compressor, int depth, Set<SchemeId> excluded, boolean sampling) {
        this.compressor = compressor;
        this.depth = depth;
        this.excluded = Set.copyOf(excluded);
        this.sampling = sampling;
    }

    /**
     * @return whether the array being encoded is (part of) a sample being measured; schemes that only
     *         pay off on the whole array (constant, sequence) skip samples, as the reference's do
     */
    public boolean sampling() {
        return sampling;
    }

    /**
     * @return whether children can no longer be compressed at this depth (the reference's
     *         {@code finished_cascading}); schemes whose whole point is their child skip then
     */
    public boolean finishedCascading() {
        return depth >= Compressor.MAX_DEPTH;
    }

    CompressContext withExcluded(SchemeId scheme) {
        Set<SchemeId> next = new HashSet<>(excluded);
        next.add(scheme);
        return new CompressContext(compressor, depth, next, sampling);
    }

    CompressContext withSampling() {
        return sampling ? this : new CompressContext(compressor, depth, excluded, true);
    }

    /**
     * Compresses a child one level deeper with only the calling scheme excluded below.
     *
     * @param child the child array
     * @param caller the calling scheme's id
     * @return the child's node (canonical once the cascade depth is exhausted)
     */
    public WriteNode compress(Canonical child, SchemeId caller) {
        return compress(child, caller, Set.of());
    }

    /** @return cascade depth of the array being encoded (0 = the chunk itself) */
    public int depth() {
        return depth;
    }

    /**
     * @param scheme a scheme's id
     * @return whether it may not be used at this point of the cascade
     */
    public boolean excluded(SchemeId scheme) {
        return excluded.contains(scheme);
    }

    /**
     * @param encodingId an encoding id
     * @return whether the file's edition permits it
     */
    public boolean allowed(String encodingId) {
        return compressor.allowed(encodingId);
    }

    /** @return the compressor (its options) */
    public Compressor compressor() {
        return compressor;
    }

    /**
     * Compresses a child one level deeper. The calling scheme and every scheme the caller declares
     * excluded for this child are excluded below (the same scheme never appears twice in one chain).
     *
     * @param child the child array
     * @param caller the calling scheme's id
     * @param excludeSchemes further schemes to exclude for this child, as the calling scheme declares
     *        them (e.g. no dictionary on run ends)
     * @return the child's node (canonical once the cascade depth is exhausted)
     */
    public WriteNode compress(Canonical child, SchemeId caller, Set<SchemeId> excludeSchemes) {
        if (finishedCascading()) {
            return io.jvortex.spi.CanonicalEncoder.encode(child);
        }
        Set<SchemeId> next = new HashSet<>(excluded);
        next.add(caller);
        next.addAll(excludeSchemes);
        return compressor.compress(child, new CompressContext(compressor, depth + 1, next, sampling));
    }
}
