package io.jvortex.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Batch;
import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.io.ByteRange;
import io.jvortex.io.ByteSink;
import io.jvortex.io.ByteSource;
import io.jvortex.io.IoStats;
import io.jvortex.io.RangeReadException;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link HadoopFiles} on Hadoop's real {@code LocalFileSystem} ({@code file:} URIs, a temporary directory,
 * checksummed writes): the {@link ByteSource} contract through {@code readVectored} and through
 * positioned reads, and Vortex files written through {@link HadoopByteSink}.
 */
@Timeout(120)
class HadoopFilesTest {
    private static final DType.Struct SCHEMA = new DType.Struct(List.of("id", "s"),
            List.of(new DType.Primitive(PType.I64, false), new DType.Utf8(true)), false);

    @TempDir
    java.nio.file.Path dir;

    private final Configuration conf = new Configuration();

    private Path hadoopPath(String name) {
        return new Path(dir.resolve(name).toUri());
    }

    private static byte[] bytes(MemorySegment segment) {
        return segment.toArray(ValueLayout.JAVA_BYTE);
    }

    private static List<ByteRange> randomRanges(SplittableRandom random, long size, int count) {
        List<ByteRange> ranges = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long offset = random.nextLong(size + 1);
            long length = switch (random.nextInt(4)) {
                case 0 -> 0; // empty
                case 1 -> size - offset; // to the end
                default -> random.nextLong(Math.min(size - offset, 300_000) + 1);
            };
            ranges.add(new ByteRange(offset, length));
        }
        return ranges;
    }

    private static void assertReadsMatch(ByteSource source, byte[] file, List<ByteRange> ranges) {
        List<CompletableFuture<MemorySegment>> futures = source.read(ranges);
        assertThat(futures).hasSameSizeAs(ranges);
        for (int i = 0; i < ranges.size(); i++) {
            ByteRange range = ranges.get(i);
            MemorySegment segment = futures.get(i).join();
            assertThat(segment.isReadOnly()).isTrue();
            assertThat(bytes(segment)).as("range %s", range).isEqualTo(Arrays.copyOfRange(file,
                    (int) range.byteOffset(), (int) range.endOffset()));
        }
    }

    @ParameterizedTest(name = "vectored={0}")
    @ValueSource(booleans = {true, false})
    void byteSourceContract(boolean vectored) throws IOException {
        SplittableRandom random = Seeds.random("HadoopFilesTest.byteSourceContract." + vectored);
        byte[] file = new byte[random.nextInt(1_000_000, 3_000_000)];
        random.nextBytes(file);
        Files.write(dir.resolve("data.bin"), file);
        try (ByteSource source = HadoopFiles.open(hadoopPath("data.bin"), conf, vectored)) {
            assertThat(source).isInstanceOf(HadoopByteSource.class);
            assertThat(((HadoopByteSource) source).usesVectoredReads()).isEqualTo(vectored);
            assertThat(source.size()).isEqualTo(file.length);
            assertThat(source.uri().getScheme()).isEqualTo("file");
            long reads = 0;
            long asked = 0;
            long nonEmpty = 0;
            for (int round = 0; round < 20; round++) {
                List<ByteRange> ranges = randomRanges(random, file.length, random.nextInt(1, 16));
                assertReadsMatch(source, file, ranges);
                reads += ranges.size();
                asked += ranges.stream().mapToLong(ByteRange::lengthBytes).sum();
                nonEmpty += ranges.stream().filter(r -> r.lengthBytes() > 0).count();
            }
            // overlapping and duplicate ranges (readVectored itself refuses overlaps), the last byte, the end
            List<ByteRange> edges = List.of(new ByteRange(100, 5000), new ByteRange(200, 100), new ByteRange(100, 5000),
                    new ByteRange(4000, 20_000), new ByteRange(file.length - 1, 1), new ByteRange(file.length, 0),
                    ByteRange.tail(file.length, 70_000), new ByteRange(0, file.length));
            assertReadsMatch(source, file, edges);
            reads += edges.size();
            asked += edges.stream().mapToLong(ByteRange::lengthBytes).sum();
            nonEmpty += edges.size() - 1;
            assertThat(bytes(source.readNow(7, 3))).isEqualTo(Arrays.copyOfRange(file, 7, 10));
            reads++;
            asked += 3;
            nonEmpty++;

            IoStats stats = source.stats();
            assertThat(stats.reads()).isEqualTo(reads);
            assertThat(stats.bytesRequested()).isEqualTo(asked);
            if (vectored) {
                // overlapping ranges went to readVectored as one merged range (the whole-file edge swallows
                // the other edges), so fewer requests than ranges
                assertThat(stats.requests()).isPositive().isLessThan(nonEmpty);
            } else {
                assertThat(stats.requests()).as("one readFully per non-empty range").isEqualTo(nonEmpty);
            }
            assertThat(stats.bytesFetched()).isPositive();
            assertThat(stats.retries()).isZero();

            assertThatThrownBy(() -> source.read(List.of(new ByteRange(0, 1), new ByteRange(file.length - 1, 2))))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("data.bin");
            assertThatThrownBy(() -> source.readNow(file.length + 1L, 0)).isInstanceOf(IllegalArgumentException.class);
            assertThat(source.stats().reads()).as("refused reads are not counted").isEqualTo(reads);
        }
    }

    @ParameterizedTest(name = "vectored={0}")
    @ValueSource(booleans = {true, false})
    void closeFailsPendingReadsAndLaterReads(boolean vectored) throws IOException {
        SplittableRandom random = Seeds.random("HadoopFilesTest.close." + vectored);
        byte[] file = new byte[4_000_000];
        random.nextBytes(file);
        Files.write(dir.resolve("close.bin"), file);
        ByteSource source = HadoopFiles.open(hadoopPath("close.bin"), conf, vectored);
        List<ByteRange> ranges = randomRanges(random, file.length, 32);
        List<CompletableFuture<MemorySegment>> futures = source.read(ranges);
        source.close();
        source.close();
        // each read either completed with its bytes before the close or failed with a cancellation: never
        // wrong bytes, never a future left pending
        for (int i = 0; i < ranges.size(); i++) {
            ByteRange range = ranges.get(i);
            try {
                MemorySegment segment = futures.get(i).get(30, TimeUnit.SECONDS);
                assertThat(bytes(segment)).isEqualTo(
                        Arrays.copyOfRange(file, (int) range.byteOffset(), (int) range.endOffset()));
            } catch (CancellationException e) {
                // get() wraps the source's cancellation in one of its own
                Throwable cancelled = e.getCause() != null ? e.getCause() : e;
                assertThat(cancelled).isInstanceOf(CancellationException.class).hasMessageContaining("close.bin")
                        .hasMessageContaining("closed");
            } catch (ExecutionException | InterruptedException | TimeoutException e) {
                throw new AssertionError("range " + range + " neither completed nor was cancelled", e);
            }
        }
        assertThatThrownBy(() -> source.read(List.of(new ByteRange(0, 1)))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    @ParameterizedTest(name = "vectored={0}")
    @ValueSource(booleans = {true, false})
    void aFileThatShrankAfterOpeningFailsTheRangeInsteadOfGivingShortData(boolean vectored) throws IOException {
        byte[] file = new byte[1 << 20];
        Arrays.fill(file, (byte) 7);
        java.nio.file.Path local = dir.resolve("shrinking.bin");
        Files.write(local, file);
        try (ByteSource source = HadoopFiles.open(hadoopPath("shrinking.bin"), conf, vectored)) {
            try (var channel = java.nio.channels.FileChannel.open(local, java.nio.file.StandardOpenOption.WRITE)) {
                channel.truncate(600_000);
            }
            assertThat(source.size()).as("the size is pinned at opening").isEqualTo(file.length);
            ByteRange beyond = new ByteRange(700_000, 100_000);
            List<CompletableFuture<MemorySegment>> futures = source.read(List.of(beyond));
            assertThatThrownBy(futures.getFirst()::join).hasCauseInstanceOf(RangeReadException.class)
                    .hasMessageContaining("shrinking.bin").hasMessageContaining(beyond.toString());
        }
    }

    @Test
    void missingFilesAndDirectoriesFailClearly() {
        assertThatThrownBy(() -> HadoopFiles.open(hadoopPath("nope.vortex"), conf))
                .isInstanceOf(RangeReadException.class).hasMessageContaining("nope.vortex")
                .hasMessageContaining("no such file");
        assertThatThrownBy(() -> HadoopFiles.open(new Path(dir.toUri()), conf))
                .isInstanceOf(RangeReadException.class).hasMessageContaining("not a file");
    }

    private static List<io.jvortex.array.StructArray> batches(SplittableRandom random, int count, int rows) {
        List<io.jvortex.array.StructArray> out = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            long[] ids = new long[rows];
            String[] ss = new String[rows];
            for (int i = 0; i < rows; i++) {
                ids[i] = random.nextLong();
                ss[i] = random.nextInt(7) == 0 ? null : "v" + random.nextInt(1000);
            }
            out.add(Batch.builder(SCHEMA).longs("id", ids).strings("s", ss).build());
        }
        return out;
    }

    private static List<String> rowsOf(List<io.jvortex.array.StructArray> batches) {
        List<String> rows = new ArrayList<>();
        for (io.jvortex.array.StructArray batch : batches) {
            long[] ids = io.jvortex.api.Column.of("id", batch.field("id")).asLongs().toArray();
            var ss = io.jvortex.api.Column.of("s", batch.field("s")).asStrings();
            for (int i = 0; i < ids.length; i++) {
                rows.add(ids[i] + "|" + ss.getString(i));
            }
        }
        return rows;
    }

    private static List<String> readRows(VortexReader reader) {
        List<String> rows = new ArrayList<>();
        try (ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    long[] ids = chunk.column("id").asLongs().toArray();
                    var ss = chunk.column("s").asStrings();
                    for (int i = 0; i < ids.length; i++) {
                        rows.add(ids[i] + "|" + ss.getString(i));
                    }
                }
            }
        }
        return rows;
    }

    @Test
    void aVortexFileWrittenThroughTheSinkReadsBackIdentical() throws IOException {
        SplittableRandom random = Seeds.random("HadoopFilesTest.sink");
        var batches = batches(random, 5, 20_000);
        WriteOptions options = WriteOptions.defaults().withChunkBytes(64 << 10).withZoneRows(4096);
        java.nio.file.Path expected = dir.resolve("expected.vortex");
        try (VortexWriter writer = VortexWriter.create(expected, SCHEMA, options)) {
            batches.forEach(writer::write);
        }
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out/t.vortex"), "an older file, replaced at commit");
        ByteSink sink = HadoopFiles.create(hadoopPath("out/t.vortex"), conf);
        assertThat(sink.uri().getScheme()).isEqualTo("file");
        try (VortexWriter writer = VortexWriter.create(sink, SCHEMA, options)) {
            batches.forEach(writer::write);
            assertThat(Files.readString(dir.resolve("out/t.vortex"))).as("untouched until close")
                    .startsWith("an older file");
        }
        java.nio.file.Path written = dir.resolve("out/t.vortex");
        assertThat(Files.readAllBytes(written)).isEqualTo(Files.readAllBytes(expected));
        try (VortexReader reader = VortexReader.open(written)) {
            assertThat(reader.rowCount()).isEqualTo(100_000);
            assertThat(readRows(reader)).isEqualTo(rowsOf(batches));
        }
        // and read back through HadoopByteSource
        try (ByteSource source = HadoopFiles.open(hadoopPath("out/t.vortex"), conf);
             VortexReader reader = VortexReader.open(source.readNow(0, source.size()), "t.vortex",
                     ReaderOptions.defaults())) {
            assertThat(readRows(reader)).isEqualTo(rowsOf(batches));
        }
        try (Stream<java.nio.file.Path> files = Files.list(dir.resolve("out"))) {
            // LocalFileSystem keeps a checksum file beside each file it wrote
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("t.vortex",
                    ".t.vortex.crc");
        }
    }

    @Test
    void abortAndFailuresLeaveNothing() throws IOException {
        SplittableRandom random = Seeds.random("HadoopFilesTest.abort");
        var batches = batches(random, 3, 10_000);
        java.nio.file.Path out = Files.createDirectories(dir.resolve("aborted"));
        VortexWriter writer = VortexWriter.create(HadoopFiles.create(hadoopPath("aborted/t.vortex"), conf), SCHEMA,
                WriteOptions.defaults());
        batches.forEach(writer::write);
        DType.Struct other = new DType.Struct(List.of("id"), List.of(new DType.Primitive(PType.I32, false)), false);
        assertThatThrownBy(() -> writer.write(Batch.builder(other).ints("id", new int[] {1}).build()))
                .isInstanceOf(IllegalArgumentException.class);
        try (Stream<java.nio.file.Path> files = Files.list(out)) {
            assertThat(files).as("the temporary file and its checksum exist while writing").isNotEmpty();
        }
        writer.abort();
        writer.close();
        assertThat(out).isEmptyDirectory();

        // a sink closed without a commit (an exception in a try-with-resources block) aborts too
        assertThatThrownBy(() -> {
            try (ByteSink sink = HadoopFiles.create(hadoopPath("aborted/raw.bin"), conf)) {
                sink.write(new byte[1000]);
                assertThat(sink.position()).isEqualTo(1000);
                throw new IllegalStateException("failed while writing");
            }
        }).hasMessage("failed while writing");
        assertThat(out).isEmptyDirectory();

        HadoopByteSink sink = (HadoopByteSink) HadoopFiles.create(hadoopPath("aborted/x.bin"), conf);
        sink.write(MemorySegment.ofArray(new byte[] {1, 2, 3}));
        assertThat(dir.resolve("aborted").resolve(sink.temporaryPath().getName())).exists();
        sink.abort();
        sink.abort();
        assertThatThrownBy(() -> sink.write(new byte[1])).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("aborted");
        assertThatThrownBy(sink::commit).isInstanceOf(IllegalStateException.class);
        assertThat(out).isEmptyDirectory();
    }

    @Test
    void aCommittedSinkHoldsExactlyItsBytes() throws IOException {
        SplittableRandom random = Seeds.random("HadoopFilesTest.commit");
        byte[] data = new byte[random.nextInt(100_000, 400_000)];
        random.nextBytes(data);
        ByteSink sink = HadoopFiles.create(hadoopPath("raw.bin"), conf);
        for (int at = 0; at < data.length;) {
            int n = Math.min(data.length - at, random.nextInt(1, 100_000));
            if (random.nextBoolean()) {
                sink.write(data, at, n);
            } else {
                sink.write(MemorySegment.ofArray(data).asSlice(at, n));
            }
            at += n;
        }
        assertThat(sink.position()).isEqualTo(data.length);
        assertThat(dir.resolve("raw.bin")).doesNotExist();
        sink.commit();
        sink.commit();
        sink.close();
        assertThat(Files.readAllBytes(dir.resolve("raw.bin"))).isEqualTo(data);
    }
}
