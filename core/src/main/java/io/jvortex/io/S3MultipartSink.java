package io.jvortex.io;

import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An S3 object written with a multipart upload: bytes are buffered into parts of
 * {@link IoOptions#partSizeBytes()} (at least 5 MiB, S3's minimum for all parts but the last); the first
 * full part starts the upload, each full part is uploaded (signed, with its SHA-256 payload hash, retried
 * like reads), and {@link #commit()} uploads the rest and sends CompleteMultipartUpload. An object
 * smaller than one part is sent with one PutObject at commit. Any failure, or {@link #abort()}, sends
 * AbortMultipartUpload, so nothing appears at the key unless the commit succeeded. Parts are uploaded
 * on the writing thread, one at a time.
 */
public final class S3MultipartSink implements ByteSink {
    private final S3Location location;
    private final S3Config config;
    private final URI display;
    private final HttpTransport transport;
    private final byte[] buffer;
    private int buffered;
    private long position;
    private String uploadId;
    private final List<String> partEtags = new ArrayList<>();
    private boolean committed;
    private boolean aborted;

    private S3MultipartSink(S3Location location, S3Config config, IoOptions options) {
        this.location = location;
        this.config = config;
        this.display = location.uri();
        this.transport = new HttpTransport(display, options, new StatsRecorder(),
                HttpTransport.Signer.s3(config.credentials(), config.region()));
        this.buffer = new byte[(int) options.partSizeBytes()];
    }

    /**
     * Starts writing an S3 object (no request is sent before the first full part or the commit).
     *
     * @param location the bucket and key
     * @param config the credentials, region and endpoint
     * @param options part size, timeouts and retries
     * @return the sink
     */
    public static S3MultipartSink create(S3Location location, S3Config config, IoOptions options) {
        return new S3MultipartSink(location, config, options);
    }

    @Override
    public void write(MemorySegment bytes) {
        checkOpen();
        try {
            long done = 0;
            while (done < bytes.byteSize()) {
                int n = (int) Math.min(buffer.length - buffered, bytes.byteSize() - done);
                MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, done, buffer, buffered, n);
                buffered += n;
                done += n;
                position += n;
                if (buffered == buffer.length) {
                    uploadBufferedPart();
                }
            }
        } catch (RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
    }

    private void uploadBufferedPart() {
        if (uploadId == null) {
            uploadId = initiate();
        }
        int partNumber = partEtags.size() + 1;
        byte[] part = Arrays.copyOf(buffer, buffered);
        URI uri = config.objectUri(location, "partNumber=" + partNumber + "&uploadId=" + AwsSigV4.uriEncode(uploadId, false));
        String etag = transport.withRetries(null, "UploadPart " + partNumber, () -> {
            HttpResponse<InputStream> response = transport.send(transport.request("PUT", uri, part).build());
            try {
                transport.checkSuccess(response, null, "UploadPart " + partNumber);
                return response.headers().firstValue("ETag").orElseThrow(
                        () -> new RangeReadException(display, null, "UploadPart " + partNumber + " answered without an ETag", null));
            } finally {
                transport.release(response);
            }
        });
        partEtags.add(etag);
        buffered = 0;
    }

    private String initiate() {
        URI uri = config.objectUri(location, "uploads=");
        return transport.withRetries(null, "CreateMultipartUpload", () -> {
            HttpResponse<InputStream> response = transport.send(transport.request("POST", uri, new byte[0]).build());
            try {
                transport.checkSuccess(response, null, "CreateMultipartUpload");
                String body = new String(response.body().readNBytes(64 << 10), StandardCharsets.UTF_8);
                String id = HttpTransport.xmlValue(body, "UploadId");
                if (id == null || id.isEmpty()) {
                    throw new RangeReadException(display, null, "CreateMultipartUpload answered without an UploadId", null);
                }
                return id;
            } finally {
                transport.release(response);
            }
        });
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
        checkOpen();
        try {
            if (uploadId == null) {
                putWhole();
            } else {
                if (buffered > 0) {
                    uploadBufferedPart();
                }
                complete();
            }
            committed = true;
            transport.close();
        } catch (RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
    }

    private void putWhole() {
        byte[] body = Arrays.copyOf(buffer, buffered);
        URI uri = config.objectUri(location, null);
        transport.withRetries(null, "PutObject", () -> {
            HttpResponse<InputStream> response = transport.send(transport.request("PUT", uri, body).build());
            try {
                transport.checkSuccess(response, null, "PutObject");
                return null;
            } finally {
                transport.release(response);
            }
        });
    }

    private void complete() {
        StringBuilder xml = new StringBuilder("<CompleteMultipartUpload>");
        for (int i = 0; i < partEtags.size(); i++) {
            xml.append("<Part><PartNumber>").append(i + 1).append("</PartNumber><ETag>")
                    .append(partEtags.get(i).replace("&", "&amp;").replace("<", "&lt;")).append("</ETag></Part>");
        }
        byte[] body = xml.append("</CompleteMultipartUpload>").toString().getBytes(StandardCharsets.UTF_8);
        URI uri = config.objectUri(location, "uploadId=" + AwsSigV4.uriEncode(uploadId, false));
        transport.withRetries(null, "CompleteMultipartUpload", () -> {
            HttpResponse<InputStream> response = transport.send(transport.request("POST", uri, body).build());
            try {
                transport.checkSuccess(response, null, "CompleteMultipartUpload");
                // S3 can answer 200 and report the failure in the body
                String answer = new String(response.body().readNBytes(64 << 10), StandardCharsets.UTF_8);
                if (answer.contains("<Error>")) {
                    String code = HttpTransport.xmlValue(answer, "Code");
                    if ("InternalError".equals(code) || "SlowDown".equals(code)) {
                        throw new HttpTransport.RetryableException("CompleteMultipartUpload: " + code);
                    }
                    throw new RangeReadException(display, null, "CompleteMultipartUpload failed: " + code + ": "
                            + HttpTransport.xmlValue(answer, "Message"), null);
                }
                return null;
            } finally {
                transport.release(response);
            }
        });
    }

    @Override
    public void abort() {
        if (committed || aborted) {
            return;
        }
        aborted = true;
        try {
            if (uploadId != null) {
                URI uri = config.objectUri(location, "uploadId=" + AwsSigV4.uriEncode(uploadId, false));
                transport.withRetries(null, "AbortMultipartUpload", () -> {
                    HttpResponse<InputStream> response = transport.send(transport.request("DELETE", uri, null).build());
                    try {
                        if (response.statusCode() != 404) { // already gone is what we want
                            transport.checkSuccess(response, null, "AbortMultipartUpload");
                        }
                        return null;
                    } finally {
                        transport.release(response);
                    }
                });
            }
        } finally {
            transport.close();
        }
    }

    private void abortQuietly(RuntimeException cause) {
        try {
            abort();
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    @Override
    public URI uri() {
        return display;
    }

    private void checkOpen() {
        if (committed || aborted) {
            throw new IllegalStateException(display + " is already " + (committed ? "committed" : "aborted"));
        }
    }

    /** For diagnostics: the upload's id once started, else null. */
    String uploadId() {
        return uploadId;
    }

}
