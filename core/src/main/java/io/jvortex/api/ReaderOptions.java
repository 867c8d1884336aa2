package io.jvortex.api;

import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.format.TreeLimits;
import io.jvortex.io.IoOptions;
import io.jvortex.registry.EncodingRegistry;
import java.time.Duration;
import java.util.Objects;

/**
 * How a file is opened.
 *
 * @param encodings the encodings to decode with
 * @param allowUnknown read unknown encodings/layouts as opaque (all-null) data instead of failing
 * @param maxDecodedBytes the most bytes one segment or one chunk may decode to; guards against
 *     corrupt or hostile length fields: every decoder charges its buffers to this budget before
 *     allocating them, and fails with a {@link io.jvortex.error.VortexException} naming the node when
 *     a claim would exceed it. Lower it when reading untrusted files in a small process. Besides
 *     the budget and the two caps below, layouts or dtypes sharing a table between parents and
 *     claims that the bytes present cannot back (a buffer shorter than its row count, a Zstandard
 *     frame claiming more than 32768 times its size) are refused
 * @param io how files opened by URI or byte source do their I/O (tail read, request planning, cache,
 *     timeouts); files opened by path are memory-mapped and ignore it
 * @param maxNestingDepth the deepest dtype, layout tree and serialized array tree accepted, 1..256
 *     (default 64, the Rust reference's); deeper files fail to open or, for array trees, to decode
 * @param maxLayoutNodes the most nodes a file's layout tree may have (default 1,000,000, the Rust
 *     reference's); checked while the layout is parsed: at open, except for the columns of a struct of
 *     more than 64 fields, which are parsed (and counted) when a scan first needs them
 * @param mappingRetention for files opened by path: how long a file's memory mapping stays after its
 *     last reader closes (default 10 s). Readers of the same unchanged file (same inode and size) share
 *     one mapping, so opening a file again within this time maps nothing and faults in none of the
 *     pages read before. A file rewritten in place is read as it is now; a file replaced by another is
 *     mapped anew. An idle mapping keeps a deleted file's disk space until it is unmapped, and at most 64
 *     idle mappings are kept. Zero: each reader maps the file and unmaps it when it closes
 */
public record ReaderOptions(EncodingRegistry encodings, boolean allowUnknown, long maxDecodedBytes, IoOptions io,
                            int maxNestingDepth, int maxLayoutNodes, Duration mappingRetention) {
    /** Default decoded-size budget: 2 GiB. */
    public static final long DEFAULT_MAX_DECODED_BYTES = 2L << 30;

    /** Default nesting cap: 64 levels. */
    public static final int DEFAULT_MAX_NESTING_DEPTH = TreeLimits.DEFAULT_DEPTH;
    /** Default layout-node cap: a million. */
    public static final int DEFAULT_MAX_LAYOUT_NODES = TreeLimits.DEFAULT_LAYOUT_NODES;
    /** Default retention of an idle file mapping: 10 seconds. */
    public static final Duration DEFAULT_MAPPING_RETENTION = VortexFile.DEFAULT_MAPPING_RETENTION;

    /**
     * Validates the components.
     *
     * @throws IllegalArgumentException naming a component out of its range
     */
    public ReaderOptions {
        Objects.requireNonNull(encodings, "encodings");
        Objects.requireNonNull(io, "io");
        Objects.requireNonNull(mappingRetention, "mappingRetention");
        if (mappingRetention.isNegative()) {
            throw new IllegalArgumentException("mappingRetention must not be negative, got " + mappingRetention);
        }
        if (maxDecodedBytes <= 0) {
            throw new IllegalArgumentException("maxDecodedBytes must be positive, got " + maxDecodedBytes);
        }
        new TreeLimits(maxNestingDepth, maxLayoutNodes);
    }

    /**
     * Options with the default mapping retention.
     *
     * @param encodings the encodings to decode with
     * @param allowUnknown read unknown encodings/layouts as opaque (all-null) data instead of failing
     * @param maxDecodedBytes the most bytes one segment or one chunk may decode to
     * @param io how files opened by URI or byte source do their I/O
     * @param maxNestingDepth the deepest dtype, layout tree and serialized array tree accepted
     * @param maxLayoutNodes the most nodes a file's layout tree may have
     */
    public ReaderOptions(EncodingRegistry encodings, boolean allowUnknown, long maxDecodedBytes, IoOptions io,
                         int maxNestingDepth, int maxLayoutNodes) {
        this(encodings, allowUnknown, maxDecodedBytes, io, maxNestingDepth, maxLayoutNodes,
                DEFAULT_MAPPING_RETENTION);
    }

    /**
     * Options with the default caps on nesting and layout nodes.
     *
     * @param encodings the encodings to decode with
     * @param allowUnknown read unknown encodings/layouts as opaque (all-null) data instead of failing
     * @param maxDecodedBytes the most bytes one segment or one chunk may decode to
     * @param io how files opened by URI or byte source do their I/O
     */
    public ReaderOptions(EncodingRegistry encodings, boolean allowUnknown, long maxDecodedBytes, IoOptions io) {
        this(encodings, allowUnknown, maxDecodedBytes, io, DEFAULT_MAX_NESTING_DEPTH, DEFAULT_MAX_LAYOUT_NODES);
    }

    /**
     * Options with the default I/O ({@link IoOptions#defaults()}).
     *
     * @param encodings the encodings to decode with
     * @param allowUnknown read unknown encodings/layouts as opaque (all-null) data instead of failing
     * @param maxDecodedBytes the most bytes one segment or one chunk may decode to
     */
    public ReaderOptions(EncodingRegistry encodings, boolean allowUnknown, long maxDecodedBytes) {
        this(encodings, allowUnknown, maxDecodedBytes, IoOptions.defaults());
    }

    /**
     * @return the defaults: built-in and service-loaded encodings, unknown ids fail, 2 GiB budget,
     *     {@link IoOptions#defaults()}
     */
    public static ReaderOptions defaults() {
        return new ReaderOptions(EncodingRegistry.defaults(), false, DEFAULT_MAX_DECODED_BYTES);
    }

    /**
     * @param options how files opened by URI or byte source do their I/O
     * @return a copy with those I/O options
     */
    public ReaderOptions withIo(IoOptions options) {
        return new ReaderOptions(encodings, allowUnknown, maxDecodedBytes, options, maxNestingDepth, maxLayoutNodes,
                mappingRetention);
    }

    /**
     * @param allow whether unknown ids decode to opaque arrays
     * @return a copy with that setting
     */
    public ReaderOptions withAllowUnknown(boolean allow) {
        return new ReaderOptions(encodings, allow, maxDecodedBytes, io, maxNestingDepth, maxLayoutNodes,
                mappingRetention);
    }

    /**
     * @param registry the encodings to use (e.g. with user encodings registered)
     * @return a copy with that registry
     */
    public ReaderOptions withEncodings(EncodingRegistry registry) {
        return new ReaderOptions(registry, allowUnknown, maxDecodedBytes, io, maxNestingDepth, maxLayoutNodes,
                mappingRetention);
    }

    /**
     * @param bytes the decoded-size budget
     * @return a copy with that budget
     */
    public ReaderOptions withMaxDecodedBytes(long bytes) {
        return new ReaderOptions(encodings, allowUnknown, bytes, io, maxNestingDepth, maxLayoutNodes,
                mappingRetention);
    }

    /**
     * @param depth the deepest dtype, layout tree and array tree accepted, 1..256
     * @return a copy with that cap
     */
    public ReaderOptions withMaxNestingDepth(int depth) {
        return new ReaderOptions(encodings, allowUnknown, maxDecodedBytes, io, depth, maxLayoutNodes,
                mappingRetention);
    }

    /**
     * @param nodes the most layout nodes accepted
     * @return a copy with that cap
     */
    public ReaderOptions withMaxLayoutNodes(int nodes) {
        return new ReaderOptions(encodings, allowUnknown, maxDecodedBytes, io, maxNestingDepth, nodes, mappingRetention);
    }

    /**
     * @param retention how long a file's mapping stays after its last reader closes; zero: unmapped then
     * @return a copy with that retention
     */
    public ReaderOptions withMappingRetention(Duration retention) {
        return new ReaderOptions(encodings, allowUnknown, maxDecodedBytes, io, maxNestingDepth, maxLayoutNodes,
                retention);
    }

    TreeLimits treeLimits() {
        return new TreeLimits(maxNestingDepth, maxLayoutNodes);
    }
}
