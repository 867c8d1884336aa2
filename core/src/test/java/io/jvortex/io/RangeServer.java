package io.jvortex.io;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A loopback HTTP server of one object that answers range requests the way S3 does: single ranges
 * ({@code a-b}, {@code a-}, {@code -n}) with 206 and Content-Range, ETag and Last-Modified on every
 * answer, {@code If-Match} (412 when it differs), 416 for unsatisfiable ranges, HEAD.
 */
final class RangeServer implements AutoCloseable {
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile byte[] content;
    private volatile String etag;
    private volatile int version;

    RangeServer(byte[] content) throws IOException {
        replace(content);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** Replaces the object (a new ETag). */
    void replace(byte[] newContent) {
        this.content = newContent.clone();
        this.version++;
        this.etag = "\"v" + version + "-" + Integer.toHexString(java.util.Arrays.hashCode(newContent)) + "\"";
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    int requests() {
        return requests.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        try (exchange) {
            byte[] bytes = content;
            String tag = etag;
            exchange.getResponseHeaders().set("ETag", tag);
            exchange.getResponseHeaders().set("Last-Modified", "Wed, 0" + Math.min(version, 9) + " Jan 2025 00:00:00 GMT");
            exchange.getResponseHeaders().set("Accept-Ranges", "bytes");
            if (!exchange.getRequestURI().getPath().equals("/object")) {
                send(exchange, 404, "<Error><Code>NoSuchKey</Code></Error>".getBytes());
                return;
            }
            String ifMatch = exchange.getRequestHeaders().getFirst("If-Match");
            if (ifMatch != null && !ifMatch.equals(tag)) {
                send(exchange, 412, "<Error><Code>PreconditionFailed</Code></Error>".getBytes());
                return;
            }
            boolean head = exchange.getRequestMethod().equals("HEAD");
            String range = exchange.getRequestHeaders().getFirst("Range");
            long first = 0;
            long last = bytes.length - 1L;
            int status = 200;
            if (range != null) {
                Matcher m = RANGE.matcher(range);
                if (!m.matches() || (m.group(1).isEmpty() && m.group(2).isEmpty())) {
                    send(exchange, 400, new byte[0]);
                    return;
                }
                if (m.group(1).isEmpty()) {
                    long n = Long.parseLong(m.group(2));
                    first = Math.max(0, bytes.length - n);
                } else {
                    first = Long.parseLong(m.group(1));
                    if (!m.group(2).isEmpty()) {
                        last = Math.min(last, Long.parseLong(m.group(2)));
                    }
                }
                if (first >= bytes.length || last < first) {
                    exchange.getResponseHeaders().set("Content-Range", "bytes */" + bytes.length);
                    send(exchange, 416, new byte[0]);
                    return;
                }
                status = 206;
                exchange.getResponseHeaders().set("Content-Range", "bytes " + first + "-" + last + "/" + bytes.length);
            }
            int length = (int) (last - first + 1);
            if (head) {
                exchange.getResponseHeaders().set("Content-Length", Integer.toString(length));
                exchange.sendResponseHeaders(status, -1);
                return;
            }
            exchange.sendResponseHeaders(status, length == 0 ? -1 : length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes, (int) first, length);
            }
        } catch (IOException e) {
            // the client went away (tests close sources mid-request)
        }
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
