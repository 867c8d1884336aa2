package io.jvortex.fuzz;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server on 127.0.0.1 that answers each request (after reading its headers and a body of up to
 * 16 MiB) with the next scripted raw response and closes the connection; the last response repeats.
 */
final class ScriptedHttpServer {
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length: *(\\d+)");
    private final ServerSocket socket;
    private volatile List<byte[]> responses = List.of(new byte[0]);
    private final AtomicInteger next = new AtomicInteger();

    ScriptedHttpServer() {
        try {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread t = new Thread(this::acceptLoop, "fuzz-http");
        t.setDaemon(true);
        t.start();
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort());
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/file.vortex");
    }

    /**
     * Answers with the rest of an input: up to eight responses, each a u16 length and that many bytes.
     *
     * @param in the input
     */
    void serve(Fuzz.Input in) {
        List<byte[]> script = new ArrayList<>();
        while (!in.atEnd() && script.size() < 8) {
            script.add(in.bytes(in.u16()));
        }
        if (script.isEmpty()) {
            script.add(new byte[0]);
        }
        serve(script);
    }

    void serve(List<byte[]> script) {
        responses = script;
        next.set(0);
    }

    private void acceptLoop() {
        while (true) {
            try {
                Socket s = socket.accept();
                Thread.ofVirtual().start(() -> answer(s));
            } catch (IOException e) {
                if (socket.isClosed()) {
                    return;
                }
                Thread.onSpinWait(); // e.g. out of descriptors for a moment: keep serving
            }
        }
    }

    private void answer(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            s.setSoTimeout(3000);
            StringBuilder head = new StringBuilder();
            int matched = 0;
            while (matched < 4 && head.length() < 65536) {
                int b = in.read();
                if (b < 0) {
                    return;
                }
                head.append((char) b);
                matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            Matcher length = CONTENT_LENGTH.matcher(head);
            if (length.find() && length.group(1).length() < 10) {
                in.skipNBytes(Math.min(Long.parseLong(length.group(1)), 16L << 20));
            }
            List<byte[]> script = responses;
            int i = Math.min(next.getAndIncrement(), script.size() - 1);
            out.write(script.get(i));
            out.flush();
        } catch (IOException e) {
            // the client went away
        }
    }
}
