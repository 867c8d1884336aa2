package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.ReaderOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.internal.ApiAccess;
import io.jvortex.internal.file.SegmentSpec;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.SerializedArray;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A take on a file opened by path reads the array flatbuffers, small buffers and the packed words
 * of lone rows with positional reads instead of through the mapping: every such take equals the
 * rows of a full scan and the take of the same bytes opened in memory (which reads everything in
 * place), and the copies hold exactly the segment's bytes.
 */
@Timeout(180)
class MappedTakeTest {
    static Path dir;
    static Path path;
    static byte[] bytes;

    @BeforeAll
    static void write() throws IOException {
        dir = Files.createTempDirectory("jvortex-mapped-take");
        path = dir.resolve("t.vortex");
        bytes = RemoteTakeTest.writeFile(path, Seeds.random("MappedTakeTest"));
    }

    @AfterAll
    static void delete() throws IOException {
        Files.deleteIfExists(path);
        Files.deleteIfExists(dir);
    }

    /** The rows one round of a take test asks for. */
    private interface Rows {
        long[] pick(SplittableRandom random, int round);
    }

    /**
     * Takes of the mapped file equal the same takes of the file's bytes opened in memory (read in
     * place), and with every column the rows of a full scan.
     *
     * @param allColumnsEvery every how many rounds the take asks for all columns (else a random subset)
     */
    private static void takesMatch(String seed, int rounds, int allColumnsEvery, Rows rows) {
        try (VortexReader mapped = VortexReader.open(path);
             Arena arena = Arena.ofConfined()) {
            MemorySegment whole = arena.allocate(bytes.length, 8);
            MemorySegment.copy(bytes, 0, whole, ValueLayout.JAVA_BYTE, 0, bytes.length);
            try (VortexReader inMemory = VortexReader.open(whole, "in-memory", ReaderOptions.defaults())) {
                List<String> lines = Arrays.asList(RemoteReaderTest.jsonl(mapped.scan()).split("\n"));
                assertThat(lines).hasSize(RemoteTakeTest.ROWS);
                SplittableRandom random = Seeds.random(seed);
                for (int round = 0; round < rounds; round++) {
                    long[] picked = rows.pick(random, round);
                    String[] columns = round % allColumnsEvery == 0 ? new String[0]
                            : RemoteTakeTest.SCHEMA.names().stream().filter(c -> random.nextBoolean())
                                    .toArray(String[]::new);
                    String got = RemoteReaderTest.jsonl(mapped.take(picked, columns));
                    assertThat(got).as("round %d, rows %s, columns %s", round, Arrays.toString(picked),
                            Arrays.toString(columns)).isEqualTo(RemoteReaderTest.jsonl(inMemory.take(picked, columns)));
                    if (columns.length == 0) {
                        StringBuilder expected = new StringBuilder();
                        for (long r : picked) {
                            expected.append(lines.get((int) r)).append('\n');
                        }
                        assertThat(got).as("round %d", round).isEqualTo(expected.toString());
                    }
                }
            }
        }
    }

    @Test
    void sparseTakesEqualAFullScanAndTheInMemoryFile() {
        takesMatch("MappedTakeTest.take", 120, 4, (random, round) -> {
            // mostly lone rows per 1024-row block (read from the file), some blocks of several rows
            long[] rows = new long[1 + random.nextInt(round % 3 == 0 ? 4 : 60)];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = switch (random.nextInt(5)) {
                    case 0 -> Math.min(RemoteTakeTest.ROWS - 1,
                            Math.max(0, (long) random.nextInt(6) * 131_072 - random.nextInt(2)));
                    case 1 -> RemoteTakeTest.ROWS - 1 - random.nextInt(3);
                    case 2 -> (long) random.nextInt(RemoteTakeTest.ROWS / 1024) * 1024
                            + (random.nextBoolean() ? 0 : 1023);
                    default -> random.nextLong(RemoteTakeTest.ROWS);
                };
            }
            return rows;
        });
    }

    /**
     * Rows dense in a chunk or in a stretch of the file: ranges of consecutive rows (a chunk unpacked
     * from words read from the file, or from the mapping), rows every few hundred over a stretch (many
     * chunks per 64 KiB, read through the mapping) and lone rows next to them.
     */
    @Test
    void denseAndClusteredTakesEqualAFullScanAndTheInMemoryFile() {
        takesMatch("MappedTakeTest.dense", 40, 2, (random, round) -> {
            java.util.TreeSet<Long> picked = new java.util.TreeSet<>();
            for (int part = 0; part < 1 + random.nextInt(4); part++) {
                long from = random.nextLong(RemoteTakeTest.ROWS);
                switch (random.nextInt(3)) {
                    case 0 -> {
                        // consecutive rows, sometimes a whole aligned block
                        long start = random.nextBoolean() ? from & ~1023L : from;
                        long size = random.nextBoolean() ? 1024 : 64 + random.nextInt(2000);
                        for (long r = start; r < Math.min(RemoteTakeTest.ROWS, start + size); r++) {
                            picked.add(r);
                        }
                    }
                    case 1 -> {
                        // every step-th row over a stretch
                        int step = 2 + random.nextInt(400);
                        for (long r = from; r < Math.min(RemoteTakeTest.ROWS, from + 60L * step); r += step) {
                            picked.add(r);
                        }
                    }
                    default -> picked.add(from);
                }
            }
            return picked.stream().mapToLong(Long::longValue).toArray();
        });
    }

    @Test
    void copiedTailsSmallBuffersAndBufferReadsHoldTheSegmentsBytes() {
        SplittableRandom random = Seeds.random("MappedTakeTest.copies");
        try (VortexReader reader = VortexReader.open(path); Arena arena = Arena.ofConfined()) {
            VortexFile file = ApiAccess.file(reader);
            List<Integer> ids = RemoteTakeTest.segments(file.rootLayout());
            int copiedBuffers = 0;
            int bufferReads = 0;
            for (int id : ids.stream().distinct().toList()) {
                SegmentSpec spec = file.segmentSpec(id);
                MemorySegment segment = file.segment(id);
                SerializedArray plain = SerializedArray.parse(segment, spec.byteOffset(), file.arrayIds(),
                        file.source(), "s" + id);
                SerializedArray copied = SerializedArray.parse(segment, spec.byteOffset(), file.arrayIds(),
                        file.source(), "s" + id, 64, file.copier(id, arena));
                List<ArrayNode> a = nodes(plain.root(), new ArrayList<>());
                List<ArrayNode> b = nodes(copied.root(), new ArrayList<>());
                assertThat(b).hasSameSizeAs(a);
                for (int k = 0; k < a.size(); k++) {
                    ArrayNode x = a.get(k);
                    ArrayNode y = b.get(k);
                    assertThat(y.encodingId()).isEqualTo(x.encodingId());
                    assertThat(y.metadata().toArray(ValueLayout.JAVA_BYTE))
                            .isEqualTo(x.metadata().toArray(ValueLayout.JAVA_BYTE));
                    for (int i = 0; i < x.bufferCount(); i++) {
                        MemorySegment bx = x.buffer(i);
                        MemorySegment by = y.buffer(i);
                        assertThat(y.bufferOffset(i)).isEqualTo(x.bufferOffset(i));
                        assertThat(by.toArray(ValueLayout.JAVA_BYTE)).as("segment %d buffer %d", id, i)
                                .isEqualTo(bx.toArray(ValueLayout.JAVA_BYTE));
                        if (by.byteSize() > 0 && (by.address() < segment.address()
                                || by.address() >= segment.address() + segment.byteSize())) {
                            copiedBuffers++;
                            assertThat(by.address() & 63).as("alignment of a copy")
                                    .isEqualTo(bx.address() & 63);
                        }
                        assertThat(x.readBuffer(i, 0, MemorySegment.ofArray(new byte[1])))
                                .as("in place without a copier").isFalse();
                        long size = bx.byteSize();
                        for (int t = 0; t < 8 && size > 0; t++) {
                            long len = 1 + random.nextLong(Math.min(size, 3000));
                            long at = random.nextLong(size - len + 1);
                            MemorySegment dst = MemorySegment.ofArray(new byte[(int) len]);
                            if (y.readBuffer(i, at, dst)) {
                                bufferReads++;
                                assertThat(dst.toArray(ValueLayout.JAVA_BYTE))
                                        .as("segment %d buffer %d at %d", id, i, at)
                                        .isEqualTo(bx.asSlice(at, len).toArray(ValueLayout.JAVA_BYTE));
                            }
                            assertThat(y.readBuffer(i, size - len + 1, dst)).as("past the end").isFalse();
                            assertThat(y.readBuffer(i, -1, dst)).as("before the start").isFalse();
                        }
                    }
                }
            }
            assertThat(copiedBuffers).as("buffers read into copies").isGreaterThan(0);
            assertThat(bufferReads).as("buffer reads").isGreaterThan(0);
        }
    }

    private static List<ArrayNode> nodes(ArrayNode node, List<ArrayNode> out) {
        out.add(node);
        for (int i = 0; i < node.childCount(); i++) {
            nodes(node.child(i), out);
        }
        return out;
    }
}
