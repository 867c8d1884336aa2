package io.jvortex.internal.format;

/**
 * How big the trees a file describes may be: dtypes, layouts and serialized array trees nest at most
 * {@code maxDepth} levels, and a layout has at most {@code maxLayoutNodes} nodes. Checked while the
 * trees are parsed, before anything is built for the levels or nodes beyond them.
 *
 * @param maxDepth deepest nesting accepted, 1..{@link #MAX_DEPTH}
 * @param maxLayoutNodes most layout nodes accepted, at least 1
 */
public record TreeLimits(int maxDepth, int maxLayoutNodes) {
    /** The default depth, the Rust reference's. */
    public static final int DEFAULT_DEPTH = 64;
    /** The default node count, the Rust reference's. */
    public static final int DEFAULT_LAYOUT_NODES = 1_000_000;
    /** The deepest nesting that can be allowed at all: parsing recurses once per level. */
    public static final int MAX_DEPTH = 256;
    /** The defaults. */
    public static final TreeLimits DEFAULTS = new TreeLimits(DEFAULT_DEPTH, DEFAULT_LAYOUT_NODES);

    /** Validates the limits. */
    public TreeLimits {
        if (maxDepth < 1 || maxDepth > MAX_DEPTH) {
            throw new IllegalArgumentException("maxNestingDepth must be in 1.." + MAX_DEPTH + ", got " + maxDepth);
        }
        if (maxLayoutNodes < 1) {
            throw new IllegalArgumentException("maxLayoutNodes must be positive, got " + maxLayoutNodes);
        }
    }
}
