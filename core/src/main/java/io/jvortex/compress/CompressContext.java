package io.jvortex.compress;

import io.jvortex.array.Canonical;
import io.jvortex.write.WriteNode;
import java.util.HashSet;
import java.util.Set;

/**
 * Where a scheme stands in the cascade: its depth, the schemes excluded below it, and the compressor
 * to hand children to. Immutable; {@link #compress} derives the child context.
 */
public final class CompressContext {
    private final Compressor compressor;
    private final int depth;
    private final Set<String> excluded;

    CompressContext(Compressor compressor, int depth, Set<String> excluded) {
        this.compressor = compressor;
        this.depth = depth;
        this.excluded = Set.copyOf(excluded);
    }

    /** @return cascade depth of the array being encoded (0 = the chunk itself) */
    public int depth() {
        return depth;
    }

    /**
     * @param schemeName a scheme name
     * @return whether it may not be used at this point of the cascade
     */
    public boolean excluded(String schemeName) {
        return excluded.contains(schemeName);
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
     * Compresses a child one level deeper. The calling scheme and every scheme named here are
     * excluded below (the same scheme never appears twice in one chain).
     *
     * @param child the child array
     * @param caller the calling scheme's name
     * @param excludeSchemes further scheme names to exclude for this child (e.g. no dictionary on
     *        list offsets)
     * @return the child's node
     */
    public WriteNode compress(Canonical child, String caller, String... excludeSchemes) {
        Set<String> next = new HashSet<>(excluded);
        next.add(caller);
        next.addAll(Set.of(excludeSchemes));
        return compressor.compress(child, new CompressContext(compressor, depth + 1, next));
    }
}
