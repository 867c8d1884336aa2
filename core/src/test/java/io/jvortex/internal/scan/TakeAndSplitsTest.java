package io.jvortex.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.Split;
import io.jvortex.api.VortexReader;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testing.Seeds;
import io.jvortex.testutil.SampleFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Random access ({@code take}), splits, parallel split scans and concurrent scans of one reader. */
class TakeAndSplitsTest {
    private static VortexReader open(String name) throws IOException {
        byte[] bytes = name.startsWith("../")
                ? Files.readAllBytes(Path.of(name))
                : SampleFiles.bytes(name);
        return VortexReader.open(MemorySegment.ofArray(bytes), name, ReaderOptions.defaults());
    }

    private static List<String> rows(ScanIterator scan) {
        StringWriter out = new StringWriter();
        JsonlWriter writer = new JsonlWriter(out);
        while (scan.hasNext()) {
            try (Chunk chunk = scan.next()) {
                writer.write(chunk.rawArray());
            }
        }
        writer.flush();
        return out.toString().lines().toList();
    }

    private static List<String> rows(VortexReader reader, ScanOptions options) {
        try (ScanIterator scan = reader.scan(options)) {
            return rows(scan);
        }
    }

    private static List<String> rows(Chunk chunk) {
        StringWriter out = new StringWriter();
        JsonlWriter writer = new JsonlWriter(out);
        writer.write(chunk.rawArray());
        writer.flush();
        return out.toString().lines().toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed_default.vortex", "mixed_core2025.05.0.vortex", "../examples/lineitem.vortex"})
    void takeReturnsTheRowsOfAFullScanInTheRequestedOrder(String name) throws IOException {
        SplittableRandom random = Seeds.random(
                "TakeAndSplitsTest.takeReturnsTheRowsOfAFullScanInTheRequestedOrder " + name);
        try (VortexReader reader = open(name)) {
            List<String> all = rows(reader, ScanOptions.all());
            int n = all.size();
            List<String> columns = ((io.jvortex.dtype.DType.Struct) reader.schema()).names();
            for (int k = 0; k < 12; k++) {
                long[] idx = new long[random.nextInt(k == 0 ? 1 : 200)];
                for (int i = 0; i < idx.length; i++) {
                    // Clustered, scattered and repeated positions.
                    idx[i] = i > 0 && random.nextInt(5) == 0 ? idx[i - 1] : random.nextInt(n);
                }
                String[] projection = k % 3 == 0 ? new String[0]
                        : columns.stream().filter(c -> random.nextBoolean()).toArray(String[]::new);
                List<String> expected;
                if (projection.length == 0) {
                    expected = Arrays.stream(idx).mapToObj(i -> all.get((int) i)).toList();
                } else {
                    List<String> projected = rows(reader, ScanOptions.builder().columns(projection).build());
                    expected = Arrays.stream(idx).mapToObj(i -> projected.get((int) i)).toList();
                }
                try (Chunk chunk = reader.take(idx, projection)) {
                    assertThat(chunk.rowCount()).isEqualTo(idx.length);
                    assertThat(rows(chunk)).as("take %s of %s", Arrays.toString(idx), Arrays.toString(projection))
                            .isEqualTo(expected);
                }
            }
            assertThatThrownBy(() -> reader.take(new long[] {0, n})).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("row index " + n);
            assertThatThrownBy(() -> reader.take(new long[] {-1})).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed_default.vortex", "mixed_core2025.05.0.vortex", "../examples/lineitem.vortex"})
    void splitsCoverTheFileAndTheirParallelScanEqualsAFullScan(String name) throws Exception {
        try (VortexReader reader = open(name); ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<String> all = rows(reader, ScanOptions.all());
            for (long target : new long[] {1, 4096, 65_536, Long.MAX_VALUE}) {
                List<Split> splits = reader.splits(target);
                long next = 0;
                for (Split s : splits) {
                    assertThat(s.rowStart()).as("splits of %d bytes are contiguous", target).isEqualTo(next);
                    assertThat(s.rowEnd()).isGreaterThan(s.rowStart());
                    next = s.rowEnd();
                }
                assertThat(next).isEqualTo(reader.rowCount());
                if (target == Long.MAX_VALUE) {
                    assertThat(splits).hasSize(1);
                }
                List<List<String>> parts = reader.scanSplits(ScanOptions.builder().maxChunkRows(777).build(), splits,
                        pool, TakeAndSplitsTest::rows);
                assertThat(parts.stream().flatMap(List::stream).toList()).as("%d splits", splits.size())
                        .isEqualTo(all);
            }
        }
    }

    @org.junit.jupiter.api.Test
    void anEmptyFileHasNoSplitsAndTakesNothing() throws Exception {
        try (VortexReader reader = open("empty.vortex"); ExecutorService pool = Executors.newSingleThreadExecutor()) {
            assertThat(reader.splits(1)).isEmpty();
            try (Chunk chunk = reader.take(new long[0])) {
                assertThat(chunk.rowCount()).isZero();
                assertThat(chunk.dtype()).isEqualTo(reader.schema());
            }
            assertThatThrownBy(() -> reader.take(new long[] {0})).isInstanceOf(IllegalArgumentException.class);
            assertThat(reader.scanSplits(ScanOptions.all(), reader.splits(), pool, TakeAndSplitsTest::rows)).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed_default.vortex", "../examples/lineitem.vortex"})
    void eightThreadsScanningOneReaderSeeTheSameRows(String name) throws Exception {
        try (VortexReader reader = open(name); ExecutorService pool = Executors.newFixedThreadPool(8)) {
            List<String> single = rows(reader, ScanOptions.all());
            List<Callable<List<String>>> tasks = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int chunkRows = 100 + 997 * t;
                tasks.add(() -> rows(reader, ScanOptions.builder().maxChunkRows(chunkRows).build()));
            }
            for (Future<List<String>> f : pool.invokeAll(tasks)) {
                assertThat(f.get()).isEqualTo(single);
            }
        }
    }
}
