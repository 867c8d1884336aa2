package io.jvortex.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.util.Objects;

/**
 * Any {@link OutputStream} (standard output, a socket, another library's stream). Commit flushes and
 * closes the stream; abort closes it. A stream cannot take back bytes, so "nothing appears on abort"
 * holds only as far as the stream's consumer honours an unfinished stream: use {@link FileSink} or
 * {@link S3MultipartSink} where atomicity matters.
 */
public final class StreamSink implements ByteSink {
    private final OutputStream out;
    private final URI uri;
    private final byte[] buffer = new byte[64 << 10];
    private long position;
    private boolean committed;
    private boolean aborted;

    /**
     * @param out the stream, owned by the sink from now on (closed at commit or abort)
     * @param uri a name for messages, e.g. {@code stdout:}
     */
    public StreamSink(OutputStream out, URI uri) {
        this.out = Objects.requireNonNull(out, "out");
        this.uri = Objects.requireNonNull(uri, "uri");
    }

    @Override
    public void write(MemorySegment bytes) {
        if (committed || aborted) {
            throw new IllegalStateException(uri + " is already " + (committed ? "committed" : "aborted"));
        }
        try {
            long done = 0;
            while (done < bytes.byteSize()) {
                int n = (int) Math.min(buffer.length, bytes.byteSize() - done);
                MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, done, buffer, 0, n);
                out.write(buffer, 0, n);
                done += n;
            }
            position += done;
        } catch (IOException e) {
            abort();
            throw new UncheckedIOException("cannot write " + uri + " at byte " + position + ": " + e.getMessage(), e);
        }
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public void commit() {
        if (committed) {
            return;
        }
        if (aborted) {
            throw new IllegalStateException(uri + " is already aborted");
        }
        try {
            out.flush();
            out.close();
            committed = true;
        } catch (IOException e) {
            abort();
            throw new UncheckedIOException("cannot commit " + uri + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void abort() {
        if (committed || aborted) {
            return;
        }
        aborted = true;
        try {
            out.close();
        } catch (IOException ignored) {
            // an aborted stream's state does not matter
        }
    }

    @Override
    public URI uri() {
        return uri;
    }
}
