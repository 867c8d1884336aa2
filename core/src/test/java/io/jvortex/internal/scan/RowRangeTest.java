package io.jvortex.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testing.Seeds;
import io.jvortex.testutil.SampleFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link ScanOptions.Builder#rowRange}: exactly the rows of the range, in order, whatever the chunking. */
class RowRangeTest {
    private static List<String> rows(VortexReader reader, ScanOptions options, List<Long> firstRows) {
        StringWriter out = new StringWriter();
        JsonlWriter writer = new JsonlWriter(out);
        try (ScanIterator scan = reader.scan(options)) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    firstRows.add(chunk.firstRowIndex());
                    writer.write(chunk.rawArray());
                }
            }
        }
        writer.flush();
        return out.toString().lines().toList();
    }

    @Test
    void rangesReadExactlyTheirRows() throws IOException {
        byte[] file = SampleFiles.bytes("mixed_default.vortex");
        SplittableRandom random = Seeds.random("RowRangeTest.rangesReadExactlyTheirRows");
        try (VortexReader reader = VortexReader.open(MemorySegment.ofArray(file), "mixed", ReaderOptions.defaults())) {
            List<String> all = rows(reader, ScanOptions.all(), new ArrayList<>());
            assertThat(all).hasSize(3000);
            for (int k = 0; k < 40; k++) {
                long start = random.nextInt(3001);
                long end = start + random.nextInt(3001 - (int) start);
                int chunkRows = 1 + random.nextInt(1500);
                List<Long> firsts = new ArrayList<>();
                List<String> got = rows(reader, ScanOptions.builder().rowRange(start, end).maxChunkRows(chunkRows)
                        .columns("id", "mode", "tags", "point").build(), firsts);
                List<String> projected = rows(reader, ScanOptions.builder().maxChunkRows(chunkRows)
                        .columns("id", "mode", "tags", "point").build(), new ArrayList<>());
                assertThat(got).as("rows [%d, %d) in chunks of %d", start, end, chunkRows)
                        .isEqualTo(projected.subList((int) start, (int) end));
                if (end > start) {
                    assertThat(firsts.getFirst()).isEqualTo(start);
                }
            }
        }
    }

    @Test
    void limitCountsFromTheRangeStartAndRangesClampToTheFile() throws IOException {
        byte[] file = SampleFiles.bytes("mixed_default.vortex");
        try (VortexReader reader = VortexReader.open(MemorySegment.ofArray(file), "mixed", ReaderOptions.defaults())) {
            List<String> all = rows(reader, ScanOptions.all(), new ArrayList<>());
            assertThat(rows(reader, ScanOptions.builder().rowRange(100, 2000).limit(7).build(), new ArrayList<>()))
                    .isEqualTo(all.subList(100, 107));
            assertThat(rows(reader, ScanOptions.builder().rowRange(2990, 10_000).build(), new ArrayList<>()))
                    .isEqualTo(all.subList(2990, 3000));
            assertThat(rows(reader, ScanOptions.builder().rowRange(5000, 6000).build(), new ArrayList<>())).isEmpty();
        }
    }

    @Test
    void invalidRangesAreRejected() {
        assertThatThrownBy(() -> ScanOptions.builder().rowRange(5, 4).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[5, 4)");
        assertThatThrownBy(() -> ScanOptions.builder().rowRange(-1, 4).build())
                .isInstanceOf(IllegalArgumentException.class);
    }
}
