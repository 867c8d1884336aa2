package io.jvortex.error;

/**
 * A Vortex file (or a part of one) is malformed, truncated, hostile or uses something this reader
 * does not support. Carries where the problem was met: the source (usually the file path), the
 * absolute byte offset when known, and a context path through the layout and encoding trees such as
 * {@code root.price/chunk[7]/fastlanes.bitpacked/child[0]}.
 *
 * <p>Every failure caused by the bytes of a file surfaces as this exception; I/O failures are
 * {@link java.io.UncheckedIOException}, API misuse is {@link IllegalArgumentException} or
 * {@link IllegalStateException}.
 */
public final class VortexException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Marker for "no byte offset known". */
    public static final long NO_OFFSET = -1;

    private final String source;
    private final long byteOffset;
    private final String contextPath;
    private final String problem;

    /**
     * Creates an exception without location information.
     *
     * @param problem what is wrong, ideally "expected X, got Y"
     */
    public VortexException(String problem) {
        this(null, NO_OFFSET, null, problem, null);
    }

    /**
     * Creates an exception with full location information.
     *
     * @param source the file or stream name, or {@code null}
     * @param byteOffset the absolute byte offset in the source, or {@link #NO_OFFSET}
     * @param contextPath the layout/encoding path, or {@code null}
     * @param problem what is wrong
     * @param cause the underlying cause, or {@code null}
     */
    public VortexException(String source, long byteOffset, String contextPath, String problem, Throwable cause) {
        super(format(source, byteOffset, contextPath, problem), cause);
        this.source = source;
        this.byteOffset = byteOffset;
        this.contextPath = contextPath;
        this.problem = problem;
    }

    private static String format(String source, long byteOffset, String contextPath, String problem) {
        StringBuilder sb = new StringBuilder();
        if (source != null) {
            sb.append(source);
        }
        if (byteOffset >= 0) {
            sb.append(sb.isEmpty() ? "" : " ").append("at byte ").append(byteOffset);
        }
        if (contextPath != null && !contextPath.isEmpty()) {
            sb.append(sb.isEmpty() ? "" : " ").append("in ").append(contextPath);
        }
        return sb.isEmpty() ? problem : sb.append(": ").append(problem).toString();
    }

    /**
     * Returns a copy of this exception with the missing location fields filled in; fields already
     * known are kept (the innermost context is the most precise).
     *
     * @param source the source name to use when none is set
     * @param byteOffset the offset to use when none is set
     * @param contextPath the path to use when none is set
     * @return this exception if nothing was missing, else an enriched copy
     */
    public VortexException withContext(String source, long byteOffset, String contextPath) {
        String s = this.source != null ? this.source : source;
        long o = this.byteOffset >= 0 ? this.byteOffset : byteOffset;
        String p = this.contextPath != null ? this.contextPath : contextPath;
        if (s == this.source && o == this.byteOffset && p == this.contextPath) {
            return this;
        }
        VortexException e = new VortexException(s, o, p, problem, getCause());
        e.setStackTrace(getStackTrace());
        return e;
    }

    /** @return the file or stream name, or {@code null} when unknown */
    public String source() {
        return source;
    }

    /** @return the absolute byte offset in the source, or {@link #NO_OFFSET} */
    public long byteOffset() {
        return byteOffset;
    }

    /** @return the layout/encoding context path, or {@code null} */
    public String contextPath() {
        return contextPath;
    }

    /** @return the problem description without location */
    public String problem() {
        return problem;
    }
}
