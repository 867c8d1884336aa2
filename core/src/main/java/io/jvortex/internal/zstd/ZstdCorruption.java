package io.jvortex.internal.zstd;

/**
 * Internal signal for malformed input, carrying the src-relative byte offset where decoding stopped.
 * {@link Zstd} turns it into a {@link io.jvortex.error.VortexException} with the frame context; it has
 * no stack trace because it is a control-flow signal, not a programming error.
 */
final class ZstdCorruption extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Offset in the src buffer (not the frame) where the problem was found. */
    final long position;

    ZstdCorruption(long position, String problem) {
        super(problem, null, false, false);
        this.position = position;
    }
}
