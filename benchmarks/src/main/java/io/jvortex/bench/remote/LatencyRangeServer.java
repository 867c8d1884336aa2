package io.jvortex.bench.remote;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A loopback HTTP server for the remote benchmarks: serves the files of one directory with range GETs
 * ({@code bytes=a-b}, {@code bytes=a-}, {@code bytes=-n}), HEAD and a strong ETag, and answers every
 * request only after a fixed latency (the round trip of an object store), each request on its own
 * virtual thread so that concurrent requests overlap as they would against S3. Counts requests and body
 * bytes, so each workload reports what it fetched.
 */
public final class LatencyRangeServer implements AutoCloseable {
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

    private final Path root;
    private final long latencyMillis;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    /**
     * Starts the server on 127.0.0.1 and a free port.
     *
     * @param root the directory served
     * @param latencyMillis the delay before every answer
     * @throws IOException when the server cannot bind
     */
    public LatencyRangeServer(Path root, long latencyMillis) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.latencyMillis = latencyMillis;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /**
     * @param file a file under the served directory
     * @return its URL on this server
     */
    public URI uri(Path file) {
        Path relative = root.relativize(file.toAbsolutePath().normalize());
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/" + relative.toString().replace('\\', '/'));
    }

    /** @return requests answered since the last {@link #reset()} */
    public long requests() {
        return requests.get();
    }

    /** @return body bytes sent since the last {@link #reset()} */
    public long bytes() {
        return bytes.get();
    }

    /** Zeroes the counters. */
    public void reset() {
        requests.set(0);
        bytes.set(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            requests.incrementAndGet();
            Thread.sleep(latencyMillis);
            Path file = root.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            long size = Files.size(file);
            String etag = "\"" + Long.toHexString(size) + "-" + Long.toHexString(Files.getLastModifiedTime(file).toMillis()) + "\"";
            exchange.getResponseHeaders().set("ETag", etag);
            exchange.getResponseHeaders().set("Accept-Ranges", "bytes");
            if (exchange.getRequestMethod().equals("HEAD")) {
                exchange.getResponseHeaders().set("Content-Length", Long.toString(size));
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            String match = exchange.getRequestHeaders().getFirst("If-Match");
            if (match != null && !match.equals(etag)) {
                exchange.sendResponseHeaders(412, -1);
                return;
            }
            long start = 0;
            long end = size - 1;
            int status = 200;
            String range = exchange.getRequestHeaders().getFirst("Range");
            if (range != null) {
                Matcher m = RANGE.matcher(range.trim());
                if (!m.matches() || (m.group(1).isEmpty() && m.group(2).isEmpty())) {
                    exchange.sendResponseHeaders(400, -1);
                    return;
                }
                if (m.group(1).isEmpty()) {
                    start = Math.max(0, size - Long.parseLong(m.group(2)));
                } else {
                    start = Long.parseLong(m.group(1));
                    if (!m.group(2).isEmpty()) {
                        end = Math.min(end, Long.parseLong(m.group(2)));
                    }
                }
                if (start >= size || start > end) {
                    exchange.getResponseHeaders().set("Content-Range", "bytes */" + size);
                    exchange.sendResponseHeaders(416, -1);
                    return;
                }
                status = 206;
                exchange.getResponseHeaders().set("Content-Range", "bytes " + start + "-" + end + "/" + size);
            }
            long length = end - start + 1;
            exchange.sendResponseHeaders(status, length);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
                 OutputStream out = exchange.getResponseBody()) {
                ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
                long position = start;
                while (position <= end) {
                    buffer.clear().limit((int) Math.min(buffer.capacity(), end - position + 1));
                    int n = channel.read(buffer, position);
                    if (n < 0) {
                        break;
                    }
                    out.write(buffer.array(), 0, n);
                    position += n;
                }
            }
            bytes.addAndGet(length);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
