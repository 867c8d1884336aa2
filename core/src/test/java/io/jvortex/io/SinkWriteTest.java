package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Batch;
import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.testing.s3.S3ProxyServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VortexWriter} onto {@link ByteSink}s: the same batches give the same bytes to a path, a
 * {@link FileSink}, a {@link StreamSink} and S3 (s3proxy, real SigV4, multipart with several parts), and
 * a writer that fails or is aborted leaves nothing at the destination, no pending multipart upload either.
 */
@Timeout(180)
class SinkWriteTest {
    private static final String BUCKET = "jvortex-sinks";
    private static final IoOptions OPTIONS = IoOptions.defaults().withPartSizeBytes(IoOptions.MIN_PART_SIZE_BYTES);
    private static final DType.Struct SCHEMA = new DType.Struct(List.of("id", "x", "s"),
            List.of(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.F64, true), new DType.Utf8(false)),
            false);
    private static S3ProxyServer server;
    private static S3Config config;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        server = S3ProxyServer.start();
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

    /** Random, poorly compressible rows: {@code batches × rows} rows of about 24 bytes each. */
    private static List<StructArray> batches(SplittableRandom random, int batches, int rows) {
        List<StructArray> out = new ArrayList<>();
        for (int b = 0; b < batches; b++) {
            long[] ids = new long[rows];
            double[] xs = new double[rows];
            boolean[] nulls = new boolean[rows];
            String[] ss = new String[rows];
            for (int i = 0; i < rows; i++) {
                ids[i] = random.nextLong();
                xs[i] = random.nextDouble();
                nulls[i] = random.nextInt(10) == 0;
                ss[i] = Long.toString(random.nextLong(1L << 40), 36);
            }
            out.add(Batch.builder(SCHEMA).longs("id", ids).doubles("x", xs, nulls).strings("s", ss).build());
        }
        return out;
    }

    private static WriteOptions writeOptions() {
        return WriteOptions.defaults().withThreads(2).withChunkBytes(256 << 10);
    }

    private static void writeAll(VortexWriter writer, List<StructArray> batches) {
        try (writer) {
            for (StructArray batch : batches) {
                writer.write(batch);
            }
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Object> rowsOf(List<StructArray> batches) {
        List<Object> rows = new ArrayList<>();
        batches.forEach(b -> rows.addAll(TestSupport.rows(b)));
        return rows;
    }

    private static List<Object> readRows(byte[] file, String name) {
        List<Object> rows = new ArrayList<>();
        try (VortexReader reader = VortexReader.open(MemorySegment.ofArray(file), name, ReaderOptions.defaults());
             ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    rows.addAll(TestSupport.rows(chunk.rawArray()));
                }
            }
        }
        return rows;
    }

    private static byte[] download(String key) {
        try (ByteSource source = ByteSources.open(new S3Location(BUCKET, key).uri(), OPTIONS, config)) {
            return source.readNow(0, source.size()).toArray(ValueLayout.JAVA_BYTE);
        }
    }

    private static void assertNoObject(String key) {
        assertThatThrownBy(() -> ByteSources.open(new S3Location(BUCKET, key).uri(), OPTIONS, config))
                .isInstanceOf(RangeReadException.class).hasMessageContaining("404");
    }

    /** The bucket's pending multipart uploads (ListMultipartUploads), as their keys. */
    private static List<String> pendingUploads() {
        URI uri = URI.create(server.endpoint() + "/" + BUCKET + "?uploads=");
        try (HttpTransport transport = new HttpTransport(uri, OPTIONS, new StatsRecorder(),
                HttpTransport.Signer.s3(config.credentials(), config.region()))) {
            HttpResponse<InputStream> response = transport.send(transport.request("GET", uri, null).build());
            try {
                transport.checkSuccess(response, null, "ListMultipartUploads");
                String xml = new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(xml).contains("<ListMultipartUploadsResult");
                List<String> keys = new ArrayList<>();
                for (String upload : xml.split("<Upload>")) {
                    if (upload.contains("</Upload>")) {
                        keys.add(HttpTransport.xmlValue(upload, "Key"));
                    }
                }
                return keys;
            } finally {
                transport.release(response);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void sameBytesToAPathAFileSinkAStreamAndS3MultipartWithSeveralParts() throws IOException {
        SplittableRandom random = TestSupport.random("SinkWriteTest.sameBytes");
        List<StructArray> batches = batches(random, 8, 60_000); // ≈ 12 MB of nearly incompressible rows

        Path path = dir.resolve("t.vortex");
        writeAll(VortexWriter.create(path, SCHEMA, writeOptions()), batches);
        byte[] expected = Files.readAllBytes(path);
        assertThat(expected.length).as("several 5 MiB parts").isGreaterThan((int) (2 * IoOptions.MIN_PART_SIZE_BYTES));

        Path viaFileSink = dir.resolve("sink.vortex");
        writeAll(VortexWriter.create(FileSink.create(viaFileSink), SCHEMA, writeOptions()), batches);

        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        writeAll(VortexWriter.create(new StreamSink(stream, URI.create("memory:t")), SCHEMA, writeOptions()), batches);

        S3MultipartSink s3 = S3MultipartSink.create(new S3Location(BUCKET, "tables/t.vortex"), config, OPTIONS);
        VortexWriter writer = VortexWriter.create(s3, SCHEMA, writeOptions());
        for (StructArray batch : batches) {
            writer.write(batch);
        }
        assertThat(s3.uploadId()).as("the multipart upload started while rows were still coming").isNotNull();
        assertNoObject("tables/t.vortex"); // nothing is visible before close
        writer.close();
        byte[] uploaded = download("tables/t.vortex");

        String hash = sha256(expected);
        assertThat(sha256(Files.readAllBytes(viaFileSink))).isEqualTo(hash);
        assertThat(sha256(stream.toByteArray())).isEqualTo(hash);
        assertThat(sha256(uploaded)).isEqualTo(hash);
        assertThat(readRows(uploaded, "s3://" + BUCKET + "/tables/t.vortex")).isEqualTo(rowsOf(batches));
        assertThat(pendingUploads()).doesNotContain("tables/t.vortex");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactlyInAnyOrder(path, viaFileSink);
        }
    }

    @Test
    void aSmallFileIsOnePutObject() {
        SplittableRandom random = TestSupport.random("SinkWriteTest.small");
        List<StructArray> batches = batches(random, 2, 1_000);
        S3MultipartSink s3 = S3MultipartSink.create(new S3Location(BUCKET, "small.vortex"), config, OPTIONS);
        writeAll(VortexWriter.create(s3, SCHEMA, writeOptions()), batches);
        assertThat(s3.uploadId()).as("no multipart upload for less than a part").isNull();
        byte[] uploaded = download("small.vortex");
        assertThat(uploaded.length).isLessThan((int) IoOptions.MIN_PART_SIZE_BYTES);
        assertThat(readRows(uploaded, "small.vortex")).isEqualTo(rowsOf(batches));
    }

    @Test
    void aWriterFailingMidwayAbortsTheUpload() {
        SplittableRandom random = TestSupport.random("SinkWriteTest.failing");
        List<StructArray> batches = batches(random, 8, 60_000);
        S3MultipartSink s3 = S3MultipartSink.create(new S3Location(BUCKET, "failed.vortex"), config, OPTIONS);
        VortexWriter writer = VortexWriter.create(s3, SCHEMA, writeOptions());
        for (StructArray batch : batches) {
            writer.write(batch);
        }
        assertThat(s3.uploadId()).as("parts were uploaded before the failure").isNotNull();
        assertThat(pendingUploads()).contains("failed.vortex");
        // an array the writer cannot serialize fails inside the table writer: the writer aborts itself
        StructArray opaque = new StructArray(SCHEMA, List.of(new OpaqueArray("x.unknown", SCHEMA.fields().get(0), 5),
                new OpaqueArray("x.unknown", SCHEMA.fields().get(1), 5),
                new OpaqueArray("x.unknown", SCHEMA.fields().get(2), 5)), 5, Validity.ALL_VALID);
        assertThatThrownBy(() -> {
            writer.write(opaque);
            writer.close(); // compression may run on another thread: the failure can surface here
        }).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x.unknown");
        writer.close();
        assertNoObject("failed.vortex");
        assertThat(pendingUploads()).doesNotContain("failed.vortex");
        assertThatThrownBy(() -> s3.write(new byte[1])).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("aborted");
    }

    @Test
    void anAbortedWriterLeavesNothingBehind() {
        SplittableRandom random = TestSupport.random("SinkWriteTest.aborted");
        List<StructArray> batches = batches(random, 8, 60_000);
        S3MultipartSink s3 = S3MultipartSink.create(new S3Location(BUCKET, "aborted.vortex"), config, OPTIONS);
        VortexWriter writer = VortexWriter.create(s3, SCHEMA, writeOptions());
        for (StructArray batch : batches) {
            writer.write(batch);
        }
        DType.Struct other = new DType.Struct(List.of("id"), List.of(new DType.Primitive(PType.I32, false)), false);
        assertThatThrownBy(() -> writer.write(Batch.builder(other).ints("id", new int[] {1}).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("schema has [id, x, s]");
        assertThat(s3.uploadId()).isNotNull();
        writer.abort();
        writer.close();
        assertNoObject("aborted.vortex");
        assertThat(pendingUploads()).doesNotContain("aborted.vortex");

        // a small aborted file never reached the server; a FileSink leaves no file
        S3MultipartSink small = S3MultipartSink.create(new S3Location(BUCKET, "small-aborted.vortex"), config, OPTIONS);
        VortexWriter smallWriter = VortexWriter.create(small, SCHEMA, writeOptions());
        smallWriter.write(batches.getFirst());
        smallWriter.abort();
        assertNoObject("small-aborted.vortex");
        Path file = dir.resolve("aborted.vortex");
        VortexWriter local = VortexWriter.create(FileSink.create(file), SCHEMA, writeOptions());
        local.write(batches.getFirst());
        local.abort();
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void aSinkThatAlreadyHoldsBytesIsRefusedAndAborted() {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        StreamSink sink = new StreamSink(stream, URI.create("memory:used"));
        sink.write(new byte[] {1, 2, 3});
        assertThatThrownBy(() -> VortexWriter.create(sink, SCHEMA, writeOptions()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("memory:used")
                .hasMessageContaining("3 bytes");
        assertThatThrownBy(() -> sink.write(new byte[1])).isInstanceOf(IllegalStateException.class);
    }
}
