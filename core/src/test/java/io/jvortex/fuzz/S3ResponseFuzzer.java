package io.jvortex.fuzz;

import io.jvortex.io.AwsCredentials;
import io.jvortex.io.IoOptions;
import io.jvortex.io.S3Config;
import io.jvortex.io.S3Location;
import io.jvortex.io.S3MultipartSink;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.time.Duration;

/**
 * The S3 write path's response handling: {@link S3MultipartSink} writes one small object (a single
 * PUT) or two parts (CreateMultipartUpload, UploadPart, CompleteMultipartUpload, and AbortMultipartUpload
 * on failure) to a loopback server answering with the input's raw responses. A commit either succeeds
 * or fails with {@link UncheckedIOException}, within the timeouts; nothing else may escape.
 */
public final class S3ResponseFuzzer {
    private static final IoOptions OPTIONS = IoOptions.defaults()
            .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(2))
            .withRetries(1, Duration.ofMillis(1), Duration.ofMillis(2))
            .withPartSizeBytes(IoOptions.MIN_PART_SIZE_BYTES);
    private static final ScriptedHttpServer SERVER = new ScriptedHttpServer();
    private static final S3Config CONFIG = new S3Config(new AwsCredentials("AKIDFUZZ", "secret", null), "us-east-1",
            SERVER.endpoint(), true);
    private static final MemorySegment PART = MemorySegment.ofArray(new byte[(int) IoOptions.MIN_PART_SIZE_BYTES]);

    /** Whether the last input committed (what a well-behaved server's seeds must do). */
    static volatile boolean lastSucceeded;

    private S3ResponseFuzzer() {
    }

    /**
     * @param data a mode byte (bit 0: two parts instead of one small object), then responses, each a
     *        u16 length and that many bytes
     */
    public static void fuzzerTestOneInput(byte[] data) {
        Fuzz.Input in = new Fuzz.Input(data);
        boolean multipart = (in.u8() & 1) != 0;
        SERVER.serve(in);
        lastSucceeded = false;
        S3MultipartSink sink = S3MultipartSink.create(new S3Location("bucket", "dir/file.vortex"), CONFIG, OPTIONS);
        try {
            if (multipart) {
                sink.write(PART);
            }
            sink.write(MemorySegment.ofArray(new byte[1000]));
            sink.commit();
            if (sink.position() != (multipart ? PART.byteSize() : 0) + 1000) {
                throw new AssertionError("committed " + sink.position() + " bytes");
            }
            lastSucceeded = true;
        } catch (UncheckedIOException expected) {
            // the server's answer was refused, with a reason; the sink has aborted
        } finally {
            sink.close();
        }
    }

    /**
     * Builds an input.
     *
     * @param multipart two parts rather than one small object
     * @param responses raw HTTP responses
     * @return the input
     */
    static byte[] input(boolean multipart, String... responses) {
        byte[] rest = HttpResponseFuzzer.input(responses);
        byte[] out = new byte[rest.length + 1];
        out[0] = (byte) (multipart ? 1 : 0);
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }
}
