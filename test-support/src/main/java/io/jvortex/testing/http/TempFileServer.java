package io.jvortex.testing.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A loopback HTTP server (127.0.0.1, a free port) that serves the files under the temporary directory
 * with range GETs ({@code bytes=a-b}, {@code bytes=-n}), HEAD and an ETag, so that tests can read the
 * files they wrote through {@code VortexReader.open(URI)} as well as from disk. One per JVM, started on
 * first use.
 */
public final class TempFileServer {
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");
    private static TempFileServer shared;

    private final Path root;
    private final HttpServer server;

    private TempFileServer(Path root) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    /** @return the server of this JVM */
    public static synchronized TempFileServer shared() {
        if (shared == null) {
            try {
                shared = new TempFileServer(Path.of(System.getProperty("java.io.tmpdir")).toRealPath());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the loopback file server", e);
            }
        }
        return shared;
    }

    /**
     * @param file a file under the temporary directory
     * @return its http:// URI on this server
     */
    public URI uri(Path file) {
        Path real;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!real.startsWith(root)) {
            throw new IllegalArgumentException(file + " is not under " + root);
        }
        StringBuilder path = new StringBuilder();
        for (Path part : root.relativize(real)) {
            path.append('/').append(java.net.URLEncoder.encode(part.toString(), StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String raw = exchange.getRequestURI().getRawPath();
            Path file = root;
            for (String part : raw.substring(1).split("/")) {
                file = file.resolve(URLDecoder.decode(part, StandardCharsets.UTF_8));
            }
            file = file.normalize();
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            long size = Files.size(file);
            exchange.getResponseHeaders().set("ETag", "\"" + Long.toHexString(size) + "-"
                    + Long.toHexString(Files.getLastModifiedTime(file).toMillis()) + "\"");
            if (exchange.getRequestMethod().equals("HEAD")) {
                exchange.getResponseHeaders().set("Content-Length", Long.toString(size));
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            long start = 0;
            long end = size - 1;
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
                exchange.getResponseHeaders().set("Content-Range", "bytes " + start + "-" + end + "/" + size);
            }
            exchange.sendResponseHeaders(range == null ? 200 : 206, end - start + 1);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
                 OutputStream out = exchange.getResponseBody()) {
                ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
                for (long position = start; position <= end; ) {
                    buffer.clear().limit((int) Math.min(buffer.capacity(), end - position + 1));
                    int n = channel.read(buffer, position);
                    if (n < 0) {
                        break;
                    }
                    out.write(buffer.array(), 0, n);
                    position += n;
                }
            }
        }
    }
}
