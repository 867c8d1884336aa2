package io.jvortex.fuzz;

import io.jvortex.io.ByteRange;
import io.jvortex.io.IoOptions;
import io.jvortex.io.RangeReadException;
import io.jvortex.io.RemoteByteSource;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The HTTP response handling of {@link RemoteByteSource}: a server on 127.0.0.1 answers each request
 * with the next raw response of the input (status line, headers, body, then it closes the connection;
 * the last response repeats), while the source opens the object and reads a head and a tail range.
 * Whatever the server says, the source must return exactly the bytes asked for or fail with
 * {@link RangeReadException}, within its timeouts.
 */
public final class HttpResponseFuzzer {
    private static final IoOptions OPTIONS = IoOptions.defaults()
            .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(2))
            .withRetries(1, Duration.ofMillis(1), Duration.ofMillis(2))
            .withTailReadBytes(64);
    private static final ScriptedHttpServer SERVER = new ScriptedHttpServer();

    /** Whether the last input was read without an error (what a well-behaved server's seeds must do). */
    static volatile boolean lastSucceeded;

    private HttpResponseFuzzer() {
    }

    /**
     * @param data responses, each a u16 length and that many bytes
     */
    public static void fuzzerTestOneInput(byte[] data) {
        Fuzz.Input in = new Fuzz.Input(data);
        SERVER.serve(in);
        lastSucceeded = false;
        try (RemoteByteSource src = RemoteByteSource.openHttp(SERVER.uri(), OPTIONS)) {
            long size = src.size();
            if (size < 0) {
                throw new AssertionError("negative size " + size);
            }
            long head = Math.min(size, 100);
            long tail = Math.min(size, 10);
            List<ByteRange> ranges = List.of(new ByteRange(0, head), new ByteRange(size - tail, tail));
            List<CompletableFuture<MemorySegment>> reads = src.read(ranges);
            for (int i = 0; i < ranges.size(); i++) {
                MemorySegment got = reads.get(i).join();
                if (got.byteSize() != ranges.get(i).lengthBytes()) {
                    throw new AssertionError("asked for " + ranges.get(i) + ", got " + got.byteSize() + " bytes");
                }
            }
            lastSucceeded = true;
        } catch (RangeReadException expected) {
            // the server's answer was refused, with a reason
        } catch (CompletionException e) {
            if (!(e.getCause() instanceof RangeReadException)) {
                throw e;
            }
        }
    }

    /**
     * Builds an input from responses.
     *
     * @param responses raw HTTP responses
     * @return the input
     */
    static byte[] input(String... responses) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String r : responses) {
            byte[] b = r.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            out.write(b.length);
            out.write(b.length >>> 8);
            out.writeBytes(b);
        }
        return out.toByteArray();
    }
}
