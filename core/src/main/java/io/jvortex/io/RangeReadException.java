package io.jvortex.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;

/**
 * A read of a byte range failed: the source could not be reached, answered with an error, sent other
 * bytes than asked for, or the object changed. The message names the source and the range; the data
 * of a failed read is never handed out.
 */
public class RangeReadException extends UncheckedIOException {
    /** The source's URI. */
    private final URI source;
    /** The failed range, or null. */
    private final transient ByteRange range;

    /**
     * @param source the source's URI
     * @param range the range that failed, or null when the failure is not about one range (opening)
     * @param message what went wrong
     * @param cause the underlying I/O exception, or null
     */
    public RangeReadException(URI source, ByteRange range, String message, IOException cause) {
        super(source + (range == null ? "" : " bytes " + range) + ": " + message,
                cause == null ? new IOException(message) : cause);
        this.source = source;
        this.range = range;
    }

    /**
     * @return the source's URI
     */
    public URI source() {
        return source;
    }

    /**
     * @return the failed range, or null when the failure happened while opening
     */
    public ByteRange range() {
        return range;
    }
}
