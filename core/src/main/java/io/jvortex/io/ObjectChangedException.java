package io.jvortex.io;

import java.net.URI;

/**
 * The remote object changed while it was being read: its ETag (or Last-Modified) differs from the one
 * pinned when the source was opened, or the server refused a conditional request ({@code 412}).
 * Reading on would mix two versions of the file, so the read fails; reopen the source to read the new
 * version.
 */
public final class ObjectChangedException extends RangeReadException {

    /**
     * @param source the source's URI
     * @param range the range being read
     * @param message what was pinned and what was seen
     */
    public ObjectChangedException(URI source, ByteRange range, String message) {
        super(source, range, message, null);
    }
}
