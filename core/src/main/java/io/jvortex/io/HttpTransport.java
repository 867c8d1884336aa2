package io.jvortex.io;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTTP plumbing shared by remote sources and the S3 sink: one {@link HttpClient} (HTTP/1.1, connect
 * timeout), request signing, retries with jittered exponential backoff, bounded body reads with a stall
 * watchdog, and error details from a bounded prefix of error bodies. {@link #close()} aborts everything.
 */
final class HttpTransport implements AutoCloseable {
    /** How many bytes of an error body are read for its message. */
    private static final int ERROR_BODY_BYTES = 4096;
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("jvortex-io-watchdog").factory());

    /** Signs requests: the headers to add for a method, URI and payload hash. */
    interface Signer {
        Map<String, String> headers(String method, URI uri, String payloadSha256);

        /** No signing (plain HTTP). */
        Signer NONE = (method, uri, payload) -> Map.of();

        static Signer s3(AwsCredentials credentials, String region) {
            return credentials == null ? NONE
                    : (method, uri, payload) -> AwsSigV4.s3Headers(method, uri, payload, credentials, region, Instant.now());
        }
    }

    /** A failure worth retrying: throttling, server errors, resets, truncated bodies, timeouts. */
    static final class RetryableException extends IOException {
        RetryableException(String message) {
            super(message);
        }
    }

    /** One attempt of a request. */
    interface Attempt<T> {
        T run() throws IOException, InterruptedException;
    }

    /** A parsed {@code Content-Range: bytes first-last/total} ({@code total} -1 for {@code *}). */
    record ContentRange(long first, long last, long total) {
        static ContentRange parse(String header) {
            if (header == null) {
                return null;
            }
            Matcher m = CONTENT_RANGE.matcher(header.strip());
            if (!m.matches()) {
                return null;
            }
            try {
                long first = Long.parseLong(m.group(1));
                long last = Long.parseLong(m.group(2));
                long total = m.group(3).equals("*") ? -1 : Long.parseLong(m.group(3));
                return last < first ? null : new ContentRange(first, last, total);
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    final URI display;
    final IoOptions options;
    final StatsRecorder stats;
    private final HttpClient client;
    private final Signer signer;
    private final Set<InputStream> openBodies = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();

    HttpTransport(URI display, IoOptions options, StatsRecorder stats, Signer signer) {
        this.display = display;
        this.options = options;
        this.stats = stats;
        this.signer = signer;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(options.connectTimeout())
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build();
    }

    boolean isClosed() {
        return closed.get();
    }

    /** A signed request; {@code body} null for none. */
    HttpRequest.Builder request(String method, URI uri, byte[] body) {
        String payload = body == null ? AwsSigV4.EMPTY_PAYLOAD_SHA256 : AwsSigV4.sha256Hex(body);
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(options.readTimeout())
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        signer.headers(method, uri, payload).forEach(builder::header);
        return builder;
    }

    /** Sends a request; the body stream is registered so that {@link #close()} can abort it. */
    HttpResponse<InputStream> send(HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = exchange(request, HttpResponse.BodyHandlers.ofInputStream());
        openBodies.add(response.body());
        return response;
    }

    /**
     * Sends a request unless this transport is closed. The JDK client reports some malformed answers (a
     * Content-Length that is not a number, say) with {@link IllegalArgumentException}: a server fault
     * like any other, so an {@link IOException} here.
     */
    private HttpResponse<InputStream> exchange(HttpRequest request, HttpResponse.BodyHandler<InputStream> handler)
            throws IOException, InterruptedException {
        if (closed.get()) {
            throw new IOException(display + " was closed");
        }
        try {
            return client.send(request, handler);
        } catch (IllegalArgumentException e) {
            throw new IOException("malformed HTTP response from " + display + " (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Sends a request whose answer, when {@code direct} accepts its status and headers, is copied
     * straight into {@code destination} as it arrives (no stream, no intermediate array); such a
     * response has a null body and returns once all of {@code destination} is filled. Other answers
     * (errors, unexpected ranges) come with a streamed body as from {@link #send}. A direct body that
     * ends early, runs long or stalls longer than the read timeout fails with an {@link IOException}
     * (retryable); nothing in {@code destination} may be trusted then.
     */
    HttpResponse<InputStream> sendInto(HttpRequest request, java.util.function.Predicate<HttpResponse.ResponseInfo> direct,
            MemorySegment destination) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = exchange(request, info -> direct.test(info)
                ? new IntoSegment(destination, options.readTimeout().toNanos())
                : HttpResponse.BodySubscribers.ofInputStream());
        if (response.body() != null) {
            openBodies.add(response.body());
        } else {
            stats.bytesFetched.add(destination.byteSize());
        }
        return response;
    }

    /**
     * A body subscriber that copies the body's buffers into a destination of the expected length,
     * failing when the body is shorter or longer, or makes no progress for the read timeout.
     */
    private static final class IntoSegment implements HttpResponse.BodySubscriber<InputStream> {
        private final MemorySegment destination;
        private final long timeoutNanos;
        private final CompletableFuture<InputStream> result = new CompletableFuture<>();
        private final ScheduledFuture<?> guard;
        private volatile Flow.Subscription subscription;
        private volatile long lastProgress = System.nanoTime();
        private long done;

        IntoSegment(MemorySegment destination, long timeoutNanos) {
            this.destination = destination;
            this.timeoutNanos = timeoutNanos;
            long period = Math.max(1, timeoutNanos / 4);
            this.guard = WATCHDOG.scheduleAtFixedRate(this::check, period, period, TimeUnit.NANOSECONDS);
        }

        private void check() {
            if (System.nanoTime() - lastProgress > timeoutNanos) {
                fail(new RetryableException("body stalled for more than " + Duration.ofNanos(timeoutNanos)
                        + " after " + done + " of " + destination.byteSize() + " bytes"));
            }
        }

        private void fail(Throwable t) {
            if (result.completeExceptionally(t)) {
                guard.cancel(false);
                Flow.Subscription s = subscription;
                if (s != null) {
                    s.cancel();
                }
            }
        }

        @Override
        public CompletionStage<InputStream> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            if (result.isDone()) {
                s.cancel();
            } else {
                s.request(Long.MAX_VALUE);
            }
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            if (result.isDone()) {
                return;
            }
            long length = destination.byteSize();
            for (ByteBuffer b : buffers) {
                int n = b.remaining();
                if (n > length - done) {
                    fail(new RetryableException("body longer than the " + length + " bytes asked for"));
                    return;
                }
                MemorySegment.copy(MemorySegment.ofBuffer(b), 0, destination, done, n);
                b.position(b.limit());
                done += n;
            }
            lastProgress = System.nanoTime();
        }

        @Override
        public void onError(Throwable t) {
            fail(t instanceof IOException ? t : new IOException(t));
        }

        @Override
        public void onComplete() {
            if (done != destination.byteSize()) {
                fail(new RetryableException("body ended after " + done + " of " + destination.byteSize() + " bytes"));
            } else if (result.complete(null)) {
                guard.cancel(false);
            }
        }
    }

    /** Closes a response body (and forgets it). */
    void release(HttpResponse<InputStream> response) {
        InputStream body = response.body();
        if (body == null) {
            return; // copied by sendInto: nothing left open
        }
        openBodies.remove(body);
        try {
            body.close();
        } catch (IOException ignored) {
            // the connection is dropped; nothing was handed out from it
        }
    }

    /**
     * Runs an attempt, retrying {@link IOException}s (transport failures and {@link RetryableException})
     * up to {@link IoOptions#maxRetries()} times with full-jitter exponential backoff. Other failures
     * ({@link RangeReadException}s thrown by the attempt) pass through at once.
     */
    <T> T withRetries(ByteRange range, String what, Attempt<T> attempt) {
        for (int tries = 0;; tries++) {
            if (closed.get()) {
                throw new RangeReadException(display, range, what + ": the source was closed", null);
            }
            stats.requests.increment();
            if (tries > 0) {
                stats.retries.increment();
            }
            long start = System.nanoTime();
            try {
                return attempt.run();
            } catch (IOException e) {
                if (closed.get()) {
                    throw new RangeReadException(display, range, what + ": the source was closed", e);
                }
                if (tries >= options.maxRetries()) {
                    throw new RangeReadException(display, range, what + " failed after " + (tries + 1)
                            + " attempt(s): " + describe(e), e);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RangeReadException(display, range, what + " interrupted (source closed?)", null);
            } finally {
                stats.requestNanos.add(System.nanoTime() - start);
            }
            try {
                Thread.sleep(backoffMillis(tries));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RangeReadException(display, range, what + " interrupted while backing off", null);
            }
        }
    }

    private long backoffMillis(int tries) {
        long base = options.retryBaseDelay().toMillis();
        long cap = options.retryMaxDelay().toMillis();
        long ceiling = Math.min(cap, base << Math.min(tries, 20));
        return ceiling <= 0 ? 0 : ThreadLocalRandom.current().nextLong(ceiling + 1);
    }

    private static String describe(IOException e) {
        String message = e.getMessage();
        return e instanceof RetryableException ? message
                : e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /**
     * Fails non-success answers: {@code 429}/{@code 5xx} as retryable, everything else at once with the
     * status and the server's error code (S3's {@code <Code>}).
     */
    void checkSuccess(HttpResponse<InputStream> response, ByteRange range, String what) throws IOException {
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return;
        }
        String detail = errorDetail(response);
        if (status == 429 || status >= 500) {
            throw new RetryableException("HTTP " + status + detail);
        }
        if (status == 412) {
            throw new ObjectChangedException(display, range, what + ": the object changed since it was opened"
                    + " (HTTP 412 Precondition Failed" + detail + ")");
        }
        String meaning = switch (status) {
            case 404 -> "not found";
            case 403 -> "access denied (check the credentials and the bucket's policy)";
            case 401 -> "unauthorized";
            case 416 -> "range not satisfiable";
            default -> "failed";
        };
        throw new RangeReadException(display, range, what + " " + meaning + " (HTTP " + status + detail + ")", null);
    }

    /** A bounded prefix of the error body, as {@code ": Code: Message"} when it is S3 XML. */
    String errorDetail(HttpResponse<InputStream> response) {
        InputStream stream = response.body();
        // an error body may stall like any other: closing it after the read timeout unblocks the read
        ScheduledFuture<?> guard = WATCHDOG.schedule(() -> {
            try {
                stream.close();
            } catch (IOException ignored) {
                // the reader sees the closed stream
            }
        }, options.readTimeout().toNanos(), TimeUnit.NANOSECONDS);
        try (InputStream body = stream) {
            byte[] prefix = body.readNBytes(ERROR_BODY_BYTES);
            String text = new String(prefix, StandardCharsets.UTF_8);
            String code = xmlValue(text, "Code");
            String message = xmlValue(text, "Message");
            if (code != null) {
                return ": " + code + (message != null ? ": " + message : "");
            }
            String trimmed = text.strip();
            return trimmed.isEmpty() ? "" : ": " + (trimmed.length() > 200 ? trimmed.substring(0, 200) + "…" : trimmed);
        } catch (IOException e) {
            return "";
        } finally {
            guard.cancel(false);
            openBodies.remove(response.body());
        }
    }

    static String xmlValue(String xml, String element) {
        int start = xml.indexOf("<" + element + ">");
        if (start < 0) {
            return null;
        }
        int from = start + element.length() + 2;
        int end = xml.indexOf("</" + element + ">", from);
        return end < 0 ? null : xml.substring(from, end).strip();
    }

    /**
     * Reads exactly {@code destination.byteSize()} bytes, failing with a {@link RetryableException} when
     * the body ends early or stalls longer than the read timeout.
     */
    void readFully(InputStream body, MemorySegment destination) throws IOException {
        AtomicLong lastProgress = new AtomicLong(System.nanoTime());
        AtomicBoolean stalled = new AtomicBoolean();
        long timeoutNanos = options.readTimeout().toNanos();
        long period = Math.max(1, timeoutNanos / 4);
        ScheduledFuture<?> guard = WATCHDOG.scheduleAtFixedRate(() -> {
            if (System.nanoTime() - lastProgress.get() > timeoutNanos && stalled.compareAndSet(false, true)) {
                try {
                    body.close();
                } catch (IOException ignored) {
                    // the reader sees the closed stream
                }
            }
        }, period, period, TimeUnit.NANOSECONDS);
        byte[] buffer = new byte[(int) Math.min(64 << 10, Math.max(1, destination.byteSize()))];
        long done = 0;
        long length = destination.byteSize();
        try {
            while (done < length) {
                int n;
                try {
                    n = body.read(buffer, 0, (int) Math.min(buffer.length, length - done));
                } catch (IOException e) {
                    if (stalled.get()) {
                        throw new RetryableException("body stalled for more than " + options.readTimeout()
                                + " after " + done + " of " + length + " bytes");
                    }
                    throw new RetryableException("body failed after " + done + " of " + length + " bytes: " + e);
                }
                if (n < 0) {
                    throw new RetryableException("body ended after " + done + " of " + length + " bytes");
                }
                MemorySegment.copy(buffer, 0, destination, ValueLayout.JAVA_BYTE, done, n);
                done += n;
                lastProgress.set(System.nanoTime());
            }
        } finally {
            guard.cancel(false);
        }
        stats.bytesFetched.add(length);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            for (InputStream body : openBodies) {
                try {
                    body.close();
                } catch (IOException ignored) {
                    // closing is best effort; the client is shut down next
                }
            }
            client.shutdownNow();
            try {
                // its selector thread releases the client's sockets and descriptors when it ends: wait
                // briefly, so that many short-lived sources do not pile up open files
                client.awaitTermination(Duration.ofSeconds(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
