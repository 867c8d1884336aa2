package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.TestSupport;
import io.jvortex.testing.s3.S3ProxyServer;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * S3 reads and writes against s3proxy (a child process on 127.0.0.1, filesystem backend, SigV4
 * authorization with a real key and secret): proves the signing of GET, HEAD, PUT, multipart upload
 * commit and abort, and the errors for bad credentials and missing keys.
 */
@Timeout(120)
class S3SourceTest {
    private static final String BUCKET = "jvortex-test";
    private static final IoOptions OPTIONS = IoOptions.defaults().withPartSizeBytes(IoOptions.MIN_PART_SIZE_BYTES);
    private static S3ProxyServer server;
    private static S3Config config;

    @BeforeAll
    static void start() {
        long started = System.nanoTime();
        server = S3ProxyServer.start();
        System.out.println("s3proxy " + S3ProxyServer.VERSION + " at " + server.endpoint() + " started in "
                + (System.nanoTime() - started) / 1_000_000 + " ms");
        server.createBucket(BUCKET);
        config = new S3Config(new AwsCredentials(server.accessKey(), server.secretKey(), null), S3ProxyServer.REGION,
                server.endpoint(), true);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static URI s3(String key) {
        return new S3Location(BUCKET, key).uri();
    }

    private static void put(String key, byte[] bytes) {
        try (ByteSink sink = ByteSources.create(s3(key), OPTIONS, config)) {
            sink.write(bytes);
            sink.commit();
        }
    }

    private static void assertObject(String key, byte[] bytes, IoOptions options, SplittableRandom random) {
        try (ByteSource source = ByteSources.open(s3(key), options, config)) {
            assertThat(source.size()).isEqualTo(bytes.length);
            assertThat(((RemoteByteSource) source).etag()).isNotBlank();
            for (int round = 0; round < 5; round++) {
                LocalSourcesTest.assertReadsMatch(source, bytes,
                        LocalSourcesTest.randomRanges(random, bytes.length, random.nextInt(1, 12)));
            }
            if (bytes.length > 0) {
                LocalSourcesTest.assertReadsMatch(source, bytes, List.of(new ByteRange(0, bytes.length)));
            }
        }
    }

    @Test
    void singlePutThenRangedReadsOfAKeyThatNeedsEncoding() {
        SplittableRandom random = TestSupport.random("S3SourceTest.singlePut");
        byte[] bytes = new byte[700_000];
        random.nextBytes(bytes);
        String key = "dir/a b+c ä=$&.vortex";
        put(key, bytes);
        assertObject(key, bytes, OPTIONS, random);
        assertObject(key, bytes, OPTIONS.withTailReadBytes(0), random); // HEAD instead of a tail read
        put("empty.vortex", new byte[0]);
        assertObject("empty.vortex", new byte[0], OPTIONS, random);
    }

    @Test
    void multipartUploadCommits() {
        SplittableRandom random = TestSupport.random("S3SourceTest.multipart");
        byte[] bytes = new byte[(int) (2 * IoOptions.MIN_PART_SIZE_BYTES + 123_457)];
        random.nextBytes(bytes);
        try (S3MultipartSink sink = S3MultipartSink.create(new S3Location(BUCKET, "multi.vortex"), config, OPTIONS)) {
            // odd-sized writes cross part boundaries
            for (int at = 0; at < bytes.length;) {
                int n = Math.min(bytes.length - at, random.nextInt(1, 3_000_000));
                sink.write(bytes, at, n);
                at += n;
            }
            assertThat(sink.uploadId()).as("the upload started at the first full part").isNotNull();
            assertThat(sink.position()).isEqualTo(bytes.length);
            sink.commit();
        }
        assertObject("multi.vortex", bytes, OPTIONS.withMaxRequestBytes(1 << 20), random);
    }

    @Test
    void abortedUploadsLeaveNothingAtTheKey() {
        byte[] bytes = new byte[(int) IoOptions.MIN_PART_SIZE_BYTES + 10];
        assertThatThrownBy(() -> {
            try (ByteSink sink = ByteSources.create(s3("aborted.vortex"), OPTIONS, config)) {
                sink.write(bytes);
                assertThat(((S3MultipartSink) sink).uploadId()).isNotNull();
                throw new IllegalStateException("writer failed");
            }
        }).hasMessage("writer failed");
        assertThatThrownBy(() -> ByteSources.open(s3("aborted.vortex"), OPTIONS, config))
                .isInstanceOf(RangeReadException.class).hasMessageContaining("s3://" + BUCKET + "/aborted.vortex")
                .hasMessageContaining("404").hasMessageContaining("NoSuchKey");
        try (ByteSink sink = ByteSources.create(s3("small-aborted.vortex"), OPTIONS, config)) {
            sink.write(new byte[10]);
            sink.abort();
        }
        assertThatThrownBy(() -> ByteSources.open(s3("small-aborted.vortex"), OPTIONS, config))
                .isInstanceOf(RangeReadException.class).hasMessageContaining("404");
    }

    @Test
    void badCredentialsFailClearly() {
        put("secret.vortex", new byte[] {1, 2, 3});
        S3Config wrongSecret = new S3Config(new AwsCredentials(server.accessKey(), "not-the-secret", null),
                S3ProxyServer.REGION, server.endpoint(), true);
        assertThatThrownBy(() -> ByteSources.open(s3("secret.vortex"), OPTIONS, wrongSecret))
                .isInstanceOf(RangeReadException.class).hasMessageContaining("s3://" + BUCKET + "/secret.vortex")
                .hasMessageContaining("HTTP 403").hasMessageContaining("SignatureDoesNotMatch");
        S3Config wrongKey = new S3Config(new AwsCredentials("AKIANOBODY", "x", null), S3ProxyServer.REGION,
                server.endpoint(), true);
        assertThatThrownBy(() -> ByteSources.open(s3("secret.vortex"), OPTIONS, wrongKey))
                .isInstanceOf(RangeReadException.class).hasMessageContaining("HTTP 403");
        assertThatThrownBy(() -> {
            try (ByteSink sink = ByteSources.create(s3("denied.vortex"), OPTIONS, wrongSecret)) {
                sink.write(new byte[5]);
                sink.commit();
            }
        }).isInstanceOf(RangeReadException.class).hasMessageContaining("PutObject").hasMessageContaining("403");
    }

    @Test
    void aReplacedObjectFailsTheNextRead() {
        byte[] first = new byte[300_000];
        Arrays.fill(first, (byte) 1);
        put("replaced.vortex", first);
        try (ByteSource source = ByteSources.open(s3("replaced.vortex"), OPTIONS.withTailReadBytes(1000), config)) {
            assertThat(source.readNow(0, 100).toArray(ValueLayout.JAVA_BYTE)).containsOnly(1);
            byte[] second = first.clone();
            Arrays.fill(second, (byte) 2);
            put("replaced.vortex", second);
            assertThatThrownBy(() -> source.readNow(100, 100)).isInstanceOf(ObjectChangedException.class)
                    .hasMessageContaining("[100, 200)");
        }
    }
}
