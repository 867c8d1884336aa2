package io.jvortex.io;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A loopback HTTP proxy in front of a {@link RangeServer} that injects one {@link Fault} per request,
 * chosen by a schedule (request number to fault): the failures a remote read must survive or report.
 */
final class FaultProxy implements AutoCloseable {

    /** What the proxy does to one request. */
    enum Fault {
        /** Forward unchanged. */
        NONE,
        /** 503 with S3's SlowDown body. */
        SLOW_DOWN_503,
        /** 429 Too Many Requests. */
        TOO_MANY_429,
        /** 500 Internal Error. */
        INTERNAL_500,
        /** Send the headers and half the body, then drop the connection. */
        DROP_MID_BODY,
        /** A consistent but short answer: Content-Length and body cut in half, Content-Range unchanged. */
        TRUNCATE,
        /** Content-Range shifted by one byte (the body unchanged). */
        LIE_CONTENT_RANGE,
        /** Another ETag than the object's. */
        CHANGE_ETAG,
        /** Wait {@link #delayMillis} before answering. */
        DELAY,
        /** Send half the body, wait {@link #delayMillis}, send the rest. */
        STALL_BODY,
        /** A 503 whose error body stalls for {@link #delayMillis} after its first bytes. */
        STALL_ERROR_BODY
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI upstream;
    private final AtomicInteger requests = new AtomicInteger();
    private final ConcurrentLinkedQueue<Fault> applied = new ConcurrentLinkedQueue<>();
    private volatile IntFunction<Fault> schedule = n -> Fault.NONE;
    volatile long delayMillis = 2_000;

    FaultProxy(URI upstream) throws IOException {
        this.upstream = upstream;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** Sets the fault of each request by its number (0-based, counting from now on). */
    void schedule(IntFunction<Fault> faults) {
        requests.set(0);
        applied.clear();
        this.schedule = faults;
    }

    /** Faults in order of the first requests, then none. */
    void script(Fault... faults) {
        List<Fault> list = List.of(faults);
        schedule(n -> n < list.size() ? list.get(n) : Fault.NONE);
    }

    List<Fault> applied() {
        return List.copyOf(applied);
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    private void handle(HttpExchange exchange) throws IOException {
        Fault fault = schedule.apply(requests.getAndIncrement());
        applied.add(fault);
        try (exchange) {
            switch (fault) {
                case SLOW_DOWN_503 -> {
                    error(exchange, 503, "<Error><Code>SlowDown</Code><Message>Reduce your request rate.</Message></Error>");
                    return;
                }
                case TOO_MANY_429 -> {
                    error(exchange, 429, "");
                    return;
                }
                case INTERNAL_500 -> {
                    error(exchange, 500, "<Error><Code>InternalError</Code></Error>");
                    return;
                }
                case DELAY -> sleep(delayMillis);
                case STALL_ERROR_BODY -> {
                    exchange.sendResponseHeaders(503, 100);
                    OutputStream out = exchange.getResponseBody();
                    out.write("<Error><Code>".getBytes());
                    out.flush();
                    sleep(delayMillis);
                    return;
                }
                default -> {
                }
            }
            HttpRequest.Builder forward = HttpRequest.newBuilder(upstream.resolve(exchange.getRequestURI().getRawPath()))
                    .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.noBody());
            for (String name : List.of("Range", "If-Match", "If-Unmodified-Since")) {
                String value = exchange.getRequestHeaders().getFirst(name);
                if (value != null) {
                    forward.header(name, value);
                }
            }
            HttpResponse<byte[]> answer = client.send(forward.build(), HttpResponse.BodyHandlers.ofByteArray());
            byte[] body = answer.body();
            for (String name : List.of("ETag", "Last-Modified", "Content-Range", "Accept-Ranges")) {
                answer.headers().firstValue(name).ifPresent(v -> exchange.getResponseHeaders().set(name, v));
            }
            boolean head = exchange.getRequestMethod().equals("HEAD");
            if (head) {
                answer.headers().firstValue("Content-Length").ifPresent(v -> exchange.getResponseHeaders().set("Content-Length", v));
                exchange.sendResponseHeaders(answer.statusCode(), -1);
                return;
            }
            switch (fault) {
                case CHANGE_ETAG -> exchange.getResponseHeaders().set("ETag", "\"changed-behind-your-back\"");
                case LIE_CONTENT_RANGE -> answer.headers().firstValue("Content-Range").ifPresent(v -> {
                    var m = java.util.regex.Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+)").matcher(v);
                    if (m.matches()) {
                        long first = Long.parseLong(m.group(1)) + 1;
                        long last = Long.parseLong(m.group(2)) + 1;
                        exchange.getResponseHeaders().set("Content-Range", "bytes " + first + "-" + last + "/" + m.group(3));
                    }
                });
                default -> {
                }
            }
            if (body.length == 0) {
                exchange.sendResponseHeaders(answer.statusCode(), -1);
                return;
            }
            OutputStream out;
            switch (fault) {
                case TRUNCATE -> {
                    exchange.sendResponseHeaders(answer.statusCode(), body.length / 2 == 0 ? -1 : body.length / 2);
                    if (body.length / 2 > 0) {
                        out = exchange.getResponseBody();
                        out.write(body, 0, body.length / 2);
                        out.close();
                    }
                }
                case DROP_MID_BODY -> {
                    exchange.sendResponseHeaders(answer.statusCode(), body.length);
                    out = exchange.getResponseBody();
                    out.write(body, 0, body.length / 2);
                    out.flush();
                    // an exception escaping the handler makes the JDK server close the connection
                    throw new IllegalStateException("dropping the connection on purpose");
                }
                case STALL_BODY -> {
                    exchange.sendResponseHeaders(answer.statusCode(), body.length);
                    out = exchange.getResponseBody();
                    out.write(body, 0, body.length / 2);
                    out.flush();
                    sleep(delayMillis);
                    out.write(body, body.length / 2, body.length - body.length / 2);
                    out.close();
                }
                default -> {
                    exchange.sendResponseHeaders(answer.statusCode(), body.length);
                    out = exchange.getResponseBody();
                    out.write(body);
                    out.close();
                }
            }
        } catch (IOException | InterruptedException e) {
            // the client went away or the connection was dropped on purpose
        }
    }

    private static void error(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes();
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        client.shutdownNow();
    }
}
