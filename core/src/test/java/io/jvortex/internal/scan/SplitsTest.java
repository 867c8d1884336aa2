package io.jvortex.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Batch;
import io.jvortex.api.Split;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.array.TestSupport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where {@link Splits} cuts a file whose columns have chunks of different row counts. */
class SplitsTest {
    private static final int PIECE_ROWS = 131_072; // the i64 column's chunk rows (1 MiB)

    @Test
    void cutsWhereNoColumnHasASegmentStraddlingTheCutWhenOneIsNearTheTarget(@TempDir Path dir) throws Exception {
        SplittableRandom random = TestSupport.random("SplitsTest.cuts");
        DType.Struct schema = new DType.Struct(List.of("wide", "narrow"),
                List.of(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.I16, false)), false);
        int rows = 16 * PIECE_ROWS;
        long[] wide = new long[rows];
        List<Short> narrow = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            wide[i] = random.nextLong(); // incompressible: 1 MiB per 131,072 rows
            narrow.add((short) random.nextInt()); // 1 MiB chunks of 524,288 rows
        }
        Path file = dir.resolve("two.vortex");
        try (VortexWriter w = VortexWriter.create(file, schema, WriteOptions.defaults())) {
            w.write(Batch.builder(schema).longs("wide", wide).values("narrow", narrow).build());
        }
        VortexFile vf = VortexFile.open(file);
        List<TreeSet<Long>> starts = new ArrayList<>();
        for (Layout column : ((Layout.Struct) vf.rootLayout()).fields()) {
            TreeSet<Long> s = new TreeSet<>();
            chunkStarts(column, 0, s);
            starts.add(s);
        }
        assertThat(starts.get(0)).as("the wide column's chunks").hasSize(16);
        assertThat(starts.get(1)).as("the narrow column's chunks").hasSize(4);
        long[] dataBytes = new long[1];
        for (Layout column : ((Layout.Struct) vf.rootLayout()).fields()) {
            flatBytes(vf, column, dataBytes);
        }
        double bytesPerPiece = dataBytes[0] / 16.0;
        // A target of 2.8 wide chunks: cutting at the first chunk boundary past it (three) would split a
        // narrow chunk; the next common boundary (four wide chunks) is within half a target.
        List<Split> splits = Splits.of(vf, Math.round(2.8 * bytesPerPiece));
        assertThat(splits).hasSize(4);
        for (Split split : splits) {
            for (TreeSet<Long> s : starts) {
                assertThat(s.contains(split.rowStart())).as("%s starts at a chunk of every column", split).isTrue();
            }
        }
        // A target far below a narrow chunk: the cuts are at the wide column's chunk boundaries.
        List<Split> small = Splits.of(vf, Math.round(bytesPerPiece / 2));
        assertThat(small).hasSize(16);
        assertThat(small.stream().map(Split::rowStart).toList()).containsExactlyElementsOf(starts.get(0));
    }

    private static void flatBytes(VortexFile file, Layout layout, long[] sum) {
        switch (layout) {
            case Layout.Flat f -> sum[0] += file.segmentSpec(f.segmentId()).lengthBytes();
            case Layout.Chunked c -> c.children().forEach(child -> flatBytes(file, child, sum));
            case Layout.Zoned z -> flatBytes(file, z.data(), sum);
            default -> throw new AssertionError("unexpected layout " + layout);
        }
    }

    private static void chunkStarts(Layout layout, long base, TreeSet<Long> out) {
        switch (layout) {
            case Layout.Chunked c -> {
                long start = base;
                for (Layout child : c.children()) {
                    out.add(start);
                    start += child.rowCount();
                }
            }
            case Layout.Zoned z -> chunkStarts(z.data(), base, out);
            default -> out.add(base);
        }
    }
}
