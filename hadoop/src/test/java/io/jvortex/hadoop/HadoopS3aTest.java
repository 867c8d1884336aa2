package io.jvortex.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Batch;
import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.io.ByteSink;
import io.jvortex.io.ByteSource;
import io.jvortex.io.IoStats;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.s3.S3ProxyServer;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HadoopFiles} on Hadoop's {@code s3a} file system (hadoop-aws with the AWS SDK) against s3proxy on
 * 127.0.0.1 with SigV4 checks: what the Spark connector does for {@code s3a://} tables. Reads go through
 * s3a's own {@code readVectored}; writes through its abortable upload stream.
 */
@Timeout(180)
class HadoopS3aTest {
    private static final String BUCKET = "warehouse";
    private static final DType.Struct SCHEMA = new DType.Struct(List.of("id", "x", "s"),
            List.of(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.F64, true),
                    new DType.Utf8(true)), false);

    private static S3ProxyServer server;
    private static Configuration conf;

    @TempDir
    java.nio.file.Path dir;

    @BeforeAll
    static void start() {
        server = S3ProxyServer.start();
        server.createBucket(BUCKET);
        conf = new Configuration();
        conf.set("fs.s3a.endpoint", server.endpoint().toString());
        conf.set("fs.s3a.endpoint.region", S3ProxyServer.REGION);
        conf.set("fs.s3a.path.style.access", "true");
        conf.set("fs.s3a.connection.ssl.enabled", "false");
        conf.set("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
        conf.set("fs.s3a.access.key", server.accessKey());
        conf.set("fs.s3a.secret.key", server.secretKey());
        conf.set("fs.s3a.attempts.maximum", "2");
        conf.set("fs.s3a.retry.limit", "2");
        conf.set("fs.s3a.impl.disable.cache", "true");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static Path s3a(String key) {
        return new Path("s3a://" + BUCKET + "/" + key);
    }

    private static List<StructArray> batches(SplittableRandom random, int count, int rows) {
        List<StructArray> out = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            long[] ids = new long[rows];
            double[] xs = new double[rows];
            boolean[] xValid = new boolean[rows];
            String[] ss = new String[rows];
            long base = (long) b * rows;
            for (int i = 0; i < rows; i++) {
                ids[i] = base + i; // sorted, so zone maps prune
                xs[i] = random.nextDouble();
                xValid[i] = random.nextInt(9) != 0;
                ss[i] = random.nextInt(7) == 0 ? null : "value-" + random.nextInt(100_000);
            }
            out.add(Batch.builder(SCHEMA).longs("id", ids).doubles("x", xs, xValid).strings("s", ss).build());
        }
        return out;
    }

    /** The chunk's rows as text: floats by their bits, nulls as such, whichever of the columns it has. */
    private static List<String> text(Chunk chunk) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < chunk.rowCount(); i++) {
            StringBuilder row = new StringBuilder();
            for (int c = 0; c < chunk.columnCount(); c++) {
                var column = chunk.column(c);
                row.append(column.name()).append('=');
                if (column.isNull(i)) {
                    row.append("null");
                } else {
                    switch (column.name()) {
                        case "id" -> row.append(column.asLongs().get(i));
                        case "x" -> row.append(Long.toHexString(Double.doubleToRawLongBits(column.asDoubles().get(i))));
                        default -> row.append(column.asStrings().getString(i));
                    }
                }
                row.append(';');
            }
            rows.add(row.toString());
        }
        return rows;
    }

    private static List<String> rows(VortexReader reader, ScanOptions options) {
        List<String> rows = new ArrayList<>();
        try (ScanIterator scan = reader.scan(options)) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    rows.addAll(text(chunk));
                }
            }
        }
        return rows;
    }

    @Test
    void aFileWrittenAndReadThroughS3aEqualsTheLocalOne() throws IOException {
        SplittableRandom random = Seeds.random("HadoopS3aTest.roundTrip");
        List<StructArray> batches = batches(random, 8, 40_000);
        WriteOptions options = WriteOptions.defaults().withZoneRows(8192);
        java.nio.file.Path local = dir.resolve("local.vortex");
        try (VortexWriter writer = VortexWriter.create(local, SCHEMA, options)) {
            batches.forEach(writer::write);
        }
        byte[] expected = Files.readAllBytes(local);
        Path remote = s3a("tables/t/part-0.vortex");
        ByteSink sink = HadoopFiles.create(remote, conf);
        assertThat(((HadoopByteSink) sink).temporaryPath().toUri()).as("s3a streams are abortable: no temporary object")
                .isEqualTo(sink.uri());
        try (VortexWriter writer = VortexWriter.create(sink, SCHEMA, options)) {
            batches.forEach(writer::write);
            try (FileSystem fs = remote.getFileSystem(conf)) {
                assertThat(fs.exists(remote)).as("nothing at the key before the commit").isFalse();
            }
        }
        try (FileSystem fs = remote.getFileSystem(conf)) {
            assertThat(fs.getFileStatus(remote).getLen()).isEqualTo(expected.length);
            assertThat(Arrays.stream(fs.listStatus(remote.getParent())).map(s -> s.getPath().getName()))
                    .as("no temporary object left beside it").containsExactly("part-0.vortex");
        }

        ScanOptions filtered = ScanOptions.builder().columns("id", "s").filter("id >= 100000 AND id < 104000").build();
        long[] take = random.longs(100, 0, 320_000L).toArray();
        try (ByteSource source = HadoopFiles.open(remote, conf);
             VortexReader s3 = VortexReader.open(source, ReaderOptions.defaults());
             VortexReader mapped = VortexReader.open(local)) {
            assertThat(((HadoopByteSource) source).usesVectoredReads()).as("s3a has readVectored").isTrue();
            assertThat(source.size()).isEqualTo(expected.length);
            assertThat(source.readNow(0, expected.length).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                    .isEqualTo(expected);
            assertThat(rows(s3, ScanOptions.all())).isEqualTo(rows(mapped, ScanOptions.all()));
            IoStats before = s3.ioStats();
            assertThat(rows(s3, filtered)).hasSize(4000).isEqualTo(rows(mapped, filtered));
            IoStats after = s3.ioStats();
            assertThat(after.requests()).isGreaterThan(before.requests());
            try (Chunk remoteRows = s3.take(take); Chunk localRows = mapped.take(take)) {
                assertThat(text(remoteRows)).hasSize(100).isEqualTo(text(localRows));
            }
            assertThat(s3.splits(256 << 10)).isEqualTo(mapped.splits(256 << 10));
        }
    }

    @Test
    void anAbortedWriteLeavesNoObjectAndKeepsTheOldOne() throws IOException {
        SplittableRandom random = Seeds.random("HadoopS3aTest.abort");
        Path remote = s3a("tables/aborted/part-0.vortex");
        try (VortexWriter writer = VortexWriter.create(HadoopFiles.create(remote, conf), SCHEMA, WriteOptions.defaults())) {
            batches(random, 1, 1000).forEach(writer::write);
        }
        byte[] old;
        try (FileSystem fs = remote.getFileSystem(conf); var in = fs.open(remote)) {
            old = in.readAllBytes();
        }
        VortexWriter writer = VortexWriter.create(HadoopFiles.create(remote, conf), SCHEMA, WriteOptions.defaults());
        batches(random, 3, 50_000).forEach(writer::write);
        writer.abort();
        writer.close();
        try (FileSystem fs = remote.getFileSystem(conf); var in = fs.open(remote)) {
            assertThat(in.readAllBytes()).as("the object from before the aborted write").isEqualTo(old);
            assertThat(Arrays.stream(fs.listStatus(remote.getParent())).map(s -> s.getPath().getName()))
                    .containsExactly("part-0.vortex");
        }
        assertThatThrownBy(() -> HadoopFiles.open(s3a("tables/missing.vortex"), conf))
                .hasMessageContaining("s3a://" + BUCKET + "/tables/missing.vortex");
    }
}
