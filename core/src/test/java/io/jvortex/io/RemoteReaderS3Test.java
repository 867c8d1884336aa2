package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.s3.S3ProxyServer;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The reader over S3 (s3proxy on loopback, SigV4-signed ranges): the same values as the mapped file. */
@Timeout(180)
class RemoteReaderS3Test {
    private static final String BUCKET = "jvortex-reader";
    private static S3ProxyServer server;
    private static S3Config config;
    private static Path dir;
    private static Path path;
    private static byte[] bytes;

    @BeforeAll
    static void start() throws IOException {
        dir = Files.createTempDirectory("jvortex-s3-reader");
        path = dir.resolve("t.vortex");
        bytes = RemoteReaderTest.writeFile(path, Seeds.random("RemoteReaderS3Test"));
        server = S3ProxyServer.start();
        server.createBucket(BUCKET);
        config = new S3Config(new AwsCredentials(server.accessKey(), server.secretKey(), null), S3ProxyServer.REGION,
                server.endpoint(), true);
        IoOptions upload = IoOptions.defaults().withPartSizeBytes(IoOptions.MIN_PART_SIZE_BYTES);
        try (ByteSink sink = ByteSources.create(uri(), upload, config)) {
            sink.write(bytes);
            sink.commit();
        }
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        Files.deleteIfExists(path);
        Files.deleteIfExists(dir);
    }

    private static URI uri() {
        return new S3Location(BUCKET, "data/t.vortex").uri();
    }

    private static VortexReader s3() {
        IoOptions io = RemoteReaderTest.FAST;
        return VortexReader.open(ByteSources.open(uri(), io, config), ReaderOptions.defaults().withIo(io));
    }

    @Test
    void scanFilterTakeSplitsAndZonesEqualTheMappedFile() {
        ScanOptions two = ScanOptions.builder().columns("a", "s").build();
        ScanOptions filtered = ScanOptions.builder().columns("id", "x", "tag")
                .filter("id >= 300000 AND id < 309000").build();
        long[] rows = Seeds.random("RemoteReaderS3Test.take").longs(100, 0, RemoteReaderTest.ROWS).toArray();
        try (VortexReader local = VortexReader.open(path); VortexReader remote = s3()) {
            System.out.println("RemoteReaderS3Test open: " + remote.ioStats());
            assertThat(remote.ioStats().requests()).isEqualTo(1);
            assertThat(remote.zones("id")).isEqualTo(local.zones("id"));
            assertThat(remote.statistics()).isEqualTo(local.statistics());
            IoStats before = remote.ioStats();
            assertThat(RemoteReaderTest.jsonl(remote.scan(two))).isEqualTo(RemoteReaderTest.jsonl(local.scan(two)));
            IoStats afterScan = remote.ioStats();
            System.out.println("RemoteReaderS3Test two-column scan: " + afterScan);
            assertThat(afterScan.bytesFetched() - before.bytesFetched())
                    .isLessThanOrEqualTo((long) (1.1 * RemoteReaderTest.columnBytes(local, "a", "s")));
            assertThat(RemoteReaderTest.jsonl(remote.scan(filtered)))
                    .isEqualTo(RemoteReaderTest.jsonl(local.scan(filtered)));
            IoStats beforeTake = remote.ioStats();
            assertThat(RemoteReaderTest.jsonl(remote.take(rows, "b")))
                    .isEqualTo(RemoteReaderTest.jsonl(local.take(rows, "b")));
            IoStats afterTake = remote.ioStats();
            System.out.println("RemoteReaderS3Test take of 100 rows of one column: " + afterTake);
            assertThat(afterTake.requests() - beforeTake.requests()).isLessThanOrEqualTo(100);
            ExecutorService pool = Executors.newFixedThreadPool(3);
            try {
                var splits = remote.splits(1 << 20);
                assertThat(splits).isEqualTo(local.splits(1 << 20));
                assertThat(String.join("", remote.scanSplits(two, splits, pool, RemoteReaderTest::jsonl)))
                        .isEqualTo(RemoteReaderTest.jsonl(local.scan(two)));
            } finally {
                pool.shutdown();
            }
        }
    }
}
