package io.jvortex.bench.remote;

import java.io.EOFException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * parquet-java's {@link InputFile} over HTTP range GETs, as a user without Hadoop would write it: a
 * seekable stream that fetches what parquet-java asks for ({@code readFully} of a column chunk is one
 * request), reading ahead {@value #BLOCK} bytes for small reads. The remote benchmark's Parquet peer.
 */
public final class HttpInputFile implements InputFile {
    /** Read-ahead for reads smaller than this. */
    static final int BLOCK = 1 << 20;

    private final HttpClient client;
    private final URI uri;
    private final long length;

    /**
     * Asks the object's size (one HEAD request).
     *
     * @param client the HTTP client
     * @param uri the object
     * @throws IOException when the server does not answer 200
     */
    public HttpInputFile(HttpClient client, URI uri) throws IOException {
        this.client = client;
        this.uri = uri;
        HttpResponse<Void> head = send(HttpRequest.newBuilder(uri).method("HEAD", HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding());
        if (head.statusCode() != 200) {
            throw new IOException("HEAD " + uri + ": " + head.statusCode());
        }
        this.length = head.headers().firstValueAsLong("Content-Length")
                .orElseThrow(() -> new IOException("HEAD " + uri + ": no Content-Length"));
    }

    @Override
    public long getLength() {
        return length;
    }

    @Override
    public SeekableInputStream newStream() {
        return new Stream();
    }

    private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) throws IOException {
        try {
            return client.send(request, handler);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** Bytes {@code [start, start + n)} in one request. */
    private byte[] fetch(long start, int n) throws IOException {
        HttpResponse<byte[]> response = send(HttpRequest.newBuilder(uri)
                .header("Range", "bytes=" + start + "-" + (start + n - 1)).timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 206 || response.body().length != n) {
            throw new IOException("GET " + uri + " bytes " + start + "+" + n + ": " + response.statusCode() + ", "
                    + response.body().length + " bytes");
        }
        return response.body();
    }

    private final class Stream extends SeekableInputStream {
        private long position;
        private byte[] block = new byte[0];
        private long blockStart;

        @Override
        public long getPos() {
            return position;
        }

        @Override
        public void seek(long newPos) {
            position = newPos;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (position >= length) {
                return -1;
            }
            int n = (int) Math.min(len, length - position);
            readFully(b, off, n);
            return n;
        }

        @Override
        public void readFully(byte[] bytes) throws IOException {
            readFully(bytes, 0, bytes.length);
        }

        @Override
        public void readFully(byte[] bytes, int start, int len) throws IOException {
            if (position + len > length) {
                throw new EOFException("read of " + len + " at " + position + " past " + length);
            }
            if (position >= blockStart && position + len <= blockStart + block.length) {
                System.arraycopy(block, (int) (position - blockStart), bytes, start, len);
            } else if (len >= BLOCK) {
                System.arraycopy(fetch(position, len), 0, bytes, start, len);
            } else {
                int n = (int) Math.min(BLOCK, length - position);
                block = fetch(position, n);
                blockStart = position;
                System.arraycopy(block, 0, bytes, start, len);
            }
            position += len;
        }

        @Override
        public int read(ByteBuffer buf) throws IOException {
            int n = (int) Math.min(buf.remaining(), length - position);
            if (n <= 0) {
                return buf.hasRemaining() ? -1 : 0;
            }
            byte[] tmp = new byte[n];
            readFully(tmp, 0, n);
            buf.put(tmp);
            return n;
        }

        @Override
        public void readFully(ByteBuffer buf) throws IOException {
            byte[] tmp = new byte[buf.remaining()];
            readFully(tmp, 0, tmp.length);
            buf.put(tmp);
        }

        @Override
        public long skip(long n) {
            long skipped = Math.max(0, Math.min(n, length - position));
            position += skipped;
            return skipped;
        }

        @Override
        public int available() {
            return (int) Math.min(Integer.MAX_VALUE, Math.max(0, blockStart + block.length - position));
        }

        @Override
        public void close() {
            block = new byte[0];
        }
    }
}
