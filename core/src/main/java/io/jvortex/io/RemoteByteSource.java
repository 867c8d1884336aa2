package io.jvortex.io;

import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * An object read with HTTP range requests: a plain HTTP(S) resource or an S3 object (GetObject with
 * SigV4 signing). Opening sends one suffix-range GET of {@link IoOptions#tailReadBytes()} that yields
 * the size, the version (ETag, else Last-Modified) and the tail bytes (kept for the footer reads);
 * later requests carry {@code If-Match} (or {@code If-Unmodified-Since}) and every answer is checked
 * against the pinned version, the requested range ({@code Content-Range}, {@code Content-Length}) and
 * the object size, so a read returns exactly the object's bytes or fails with a
 * {@link RangeReadException} naming the URI and range.
 */
public final class RemoteByteSource implements ByteSource {
    private final URI display;
    private final URI requestUri;
    private final HttpTransport transport;
    private final StatsRecorder stats;
    private final long sizeBytes;
    private final String etag;
    private final String lastModified;
    private final PlannedReader reader;

    /** What opening learned. */
    private record Opened(long sizeBytes, String etag, String lastModified, long tailOffset, MemorySegment tail) {
    }

    private RemoteByteSource(URI display, URI requestUri, HttpTransport transport, StatsRecorder stats) {
        this.display = display;
        this.requestUri = requestUri;
        this.transport = transport;
        this.stats = stats;
        Opened opened;
        try {
            opened = open();
        } catch (RuntimeException e) {
            transport.close();
            throw e;
        }
        this.sizeBytes = opened.sizeBytes();
        this.etag = opened.etag();
        this.lastModified = opened.lastModified();
        this.reader = new PlannedReader(display, sizeBytes, transport.options, this::fetchInto, stats);
        reader.keep(opened.tailOffset(), opened.tail());
    }

    /**
     * Opens an HTTP(S) resource (its server must answer range requests).
     *
     * @param uri the {@code http:} or {@code https:} URI
     * @param options I/O options
     * @return the opened source
     * @throws RangeReadException when the resource cannot be opened
     * @throws IllegalArgumentException when the URI is not HTTP(S)
     */
    public static RemoteByteSource openHttp(URI uri, IoOptions options) {
        String scheme = uri.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
            throw new IllegalArgumentException("not an http(s) URI: " + uri);
        }
        StatsRecorder stats = new StatsRecorder();
        return new RemoteByteSource(uri, uri,
                new HttpTransport(uri, options, stats, HttpTransport.Signer.NONE), stats);
    }

    /**
     * Opens an S3 object (GetObject ranges, SigV4-signed when the configuration has credentials).
     *
     * @param location the bucket and key
     * @param config the credentials, region and endpoint
     * @param options I/O options
     * @return the opened source
     * @throws RangeReadException when the object cannot be opened (missing, access denied, bad credentials)
     */
    public static RemoteByteSource openS3(S3Location location, S3Config config, IoOptions options) {
        Objects.requireNonNull(config, "config");
        StatsRecorder stats = new StatsRecorder();
        URI display = location.uri();
        return new RemoteByteSource(display, config.objectUri(location, null),
                new HttpTransport(display, options, stats, HttpTransport.Signer.s3(config.credentials(), config.region())),
                stats);
    }

    /**
     * The pinned ETag, when the server sent one.
     *
     * @return the ETag as sent (quotes included), or null
     */
    public String etag() {
        return etag;
    }

    /**
     * The pinned Last-Modified, when the server sent one.
     *
     * @return the header value, or null
     */
    public String lastModified() {
        return lastModified;
    }

    private Opened open() {
        long tailBytes = transport.options.tailReadBytes();
        if (tailBytes > 0) {
            Opened opened = transport.withRetries(null, "open (GET last " + tailBytes + " bytes)", () -> {
                HttpRequest request = transport.request("GET", requestUri, null)
                        .header("Range", "bytes=-" + tailBytes).build();
                HttpResponse<InputStream> response = transport.send(request);
                try {
                    if (response.statusCode() == 416) {
                        return null; // an empty object (or no suffix ranges): ask with HEAD
                    }
                    transport.checkSuccess(response, null, "open");
                    String tag = header(response, "ETag");
                    String modified = header(response, "Last-Modified");
                    OptionalLong declared = response.headers().firstValueAsLong("Content-Length");
                    if (response.statusCode() == 206) {
                        HttpTransport.ContentRange range = HttpTransport.ContentRange.parse(header(response, "Content-Range"));
                        long length = range == null ? -1 : range.last() - range.first() + 1;
                        if (range == null || range.total() < 0 || range.last() != range.total() - 1
                                || length > tailBytes || range.first() != Math.max(0, range.total() - tailBytes)
                                || (declared.isPresent() && declared.getAsLong() != length)) {
                            throw new RangeReadException(display, null, "open: the answer to a request for the last "
                                    + tailBytes + " bytes has Content-Range \"" + header(response, "Content-Range")
                                    + "\" and Content-Length " + declared + ", which do not match", null);
                        }
                        MemorySegment tail = Arena.ofAuto().allocate(length, 8);
                        transport.readFully(response.body(), tail);
                        return new Opened(range.total(), tag, modified, range.first(), tail);
                    }
                    // 200: the server ignored the Range header; the size comes from Content-Length
                    if (declared.isEmpty() || declared.getAsLong() < 0) {
                        throw new RangeReadException(display, null,
                                "open: the server ignores Range requests and sends no Content-Length", null);
                    }
                    long size = declared.getAsLong();
                    if (size <= tailBytes) {
                        MemorySegment tail = Arena.ofAuto().allocate(size, 8);
                        transport.readFully(response.body(), tail);
                        return new Opened(size, tag, modified, 0, tail);
                    }
                    return new Opened(size, tag, modified, 0, null);
                } finally {
                    transport.release(response);
                }
            });
            if (opened != null) {
                return opened;
            }
        }
        return transport.withRetries(null, "open (HEAD)", () -> {
            HttpResponse<InputStream> response = transport.send(
                    transport.request("HEAD", requestUri, null).build());
            try {
                transport.checkSuccess(response, null, "open");
                OptionalLong declared = response.headers().firstValueAsLong("Content-Length");
                if (declared.isEmpty() || declared.getAsLong() < 0) {
                    throw new RangeReadException(display, null, "open: HEAD answered without a Content-Length", null);
                }
                return new Opened(declared.getAsLong(), header(response, "ETag"), header(response, "Last-Modified"),
                        0, null);
            } finally {
                transport.release(response);
            }
        });
    }

    private void fetchInto(long byteOffset, MemorySegment destination) {
        ByteRange range = new ByteRange(byteOffset, destination.byteSize());
        long last = range.endOffset() - 1;
        transport.withRetries(range, "GET", () -> {
            HttpRequest.Builder builder = transport.request("GET", requestUri, null)
                    .header("Range", "bytes=" + byteOffset + "-" + last);
            if (etag != null && !etag.startsWith("W/")) {
                builder.header("If-Match", etag);
            } else if (lastModified != null) {
                builder.header("If-Unmodified-Since", lastModified);
            }
            // the common answer (206 with exactly the asked range) is copied straight into destination
            HttpResponse<InputStream> response = transport.sendInto(builder.build(),
                    info -> isExactly(info, byteOffset, last, destination.byteSize()), destination);
            try {
                transport.checkSuccess(response, range, "GET");
                checkVersion(response, range);
                OptionalLong declared = response.headers().firstValueAsLong("Content-Length");
                if (response.statusCode() == 206) {
                    String header = header(response, "Content-Range");
                    HttpTransport.ContentRange answered = HttpTransport.ContentRange.parse(header);
                    if (answered == null || answered.first() != byteOffset || answered.last() != last
                            || (answered.total() >= 0 && answered.total() != sizeBytes)) {
                        throw new RangeReadException(display, range, "the server answered with Content-Range \""
                                + header + "\", expected \"bytes " + byteOffset + "-" + last + "/" + sizeBytes + "\"",
                                null);
                    }
                } else if (response.statusCode() != 200 || byteOffset != 0 || destination.byteSize() != sizeBytes) {
                    throw new RangeReadException(display, range, "expected 206 Partial Content, got HTTP "
                            + response.statusCode(), null);
                }
                if (declared.isPresent() && declared.getAsLong() != destination.byteSize()) {
                    // a short (or long) body announced up front: a truncating intermediary, worth a retry
                    throw new HttpTransport.RetryableException("Content-Length " + declared.getAsLong()
                            + " differs from the " + destination.byteSize() + " bytes asked for");
                }
                if (response.body() != null) {
                    transport.readFully(response.body(), destination);
                }
                return null;
            } finally {
                transport.release(response);
            }
        });
    }

    /** Whether an answer is a 206 of exactly the asked bytes (the checks after the body repeat this). */
    private boolean isExactly(HttpResponse.ResponseInfo info, long first, long last, long length) {
        if (info.statusCode() != 206) {
            return false;
        }
        HttpTransport.ContentRange answered = HttpTransport.ContentRange.parse(
                info.headers().firstValue("Content-Range").orElse(null));
        OptionalLong declared = info.headers().firstValueAsLong("Content-Length");
        return answered != null && answered.first() == first && answered.last() == last
                && (answered.total() < 0 || answered.total() == sizeBytes)
                && (declared.isEmpty() || declared.getAsLong() == length);
    }

    private void checkVersion(HttpResponse<InputStream> response, ByteRange range) {
        String tag = header(response, "ETag");
        if (etag != null && tag != null && !tag.equals(etag)) {
            throw new ObjectChangedException(display, range, "ETag was " + etag + " when opened, now " + tag);
        }
        String modified = header(response, "Last-Modified");
        if (etag == null && lastModified != null && modified != null && !modified.equals(lastModified)) {
            throw new ObjectChangedException(display, range, "Last-Modified was " + lastModified
                    + " when opened, now " + modified);
        }
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    @Override
    public long size() {
        return sizeBytes;
    }

    @Override
    public List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges) {
        return reader.read(ranges);
    }

    @Override
    public List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges, long coalesceGapBytes) {
        return reader.read(ranges, coalesceGapBytes);
    }

    @Override
    public URI uri() {
        return display;
    }

    @Override
    public IoStats stats() {
        return stats.snapshot();
    }

    @Override
    public void close() {
        reader.close();
        transport.close();
    }

    @Override
    public String toString() {
        return "RemoteByteSource[" + display + ", " + sizeBytes + " bytes, ETag " + etag + "]";
    }
}
