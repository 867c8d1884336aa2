package io.jvortex.api;

import io.jvortex.io.IoOptions;
import io.jvortex.registry.EncodingRegistry;
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
 *     the budget, fixed caps refuse trees nested deeper than 64 (dtypes, layouts, array trees),
 *     layouts of more than a million nodes, layouts or dtypes sharing a table between parents, and
 *     claims that the bytes present cannot back (a buffer shorter than its row count, a Zstandard
 *     frame claiming more than 32768 times its size)
 * @param io how files opened by URI or byte source do their I/O (tail read, request planning, cache,
 *     timeouts); files opened by path are memory-mapped and ignore it
 */
public record ReaderOptions(EncodingRegistry encodings, boolean allowUnknown, long maxDecodedBytes, IoOptions io) {
    /** Default decoded-size budget: 2 GiB. */
    public static final long DEFAULT_MAX_DECODED_BYTES = 2L << 30;

    /** Validates the components. */
    public ReaderOptions {
        Objects.requireNonNull(encodings, "encodings");
        Objects.requireNonNull(io, "io");
        if (maxDecodedBytes <= 0) {
            throw new IllegalArgumentException("maxDecodedBytes must be positive, got " + maxDecodedBytes);
        }
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
        return new ReaderOptions(encodings, allowUnknown, maxDecodedBytes, options);
    }

    /**
     * @param allow whether unknown ids decode to opaque arrays
     * @return a copy with that setting
     */
    public ReaderOptions withAllowUnknown(boolean allow) {
        return new ReaderOptions(encodings, allow, maxDecodedBytes, io);
    }

    /**
     * @param registry the encodings to use (e.g. with user encodings registered)
     * @return a copy with that registry
     */
    public ReaderOptions withEncodings(EncodingRegistry registry) {
        return new ReaderOptions(registry, allowUnknown, maxDecodedBytes, io);
    }

    /**
     * @param bytes the decoded-size budget
     * @return a copy with that budget
     */
    public ReaderOptions withMaxDecodedBytes(long bytes) {
        return new ReaderOptions(encodings, allowUnknown, bytes, io);
    }
}
