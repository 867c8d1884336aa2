package io.jvortex.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.internal.layout.LayoutParser;
import io.jvortex.testing.Seeds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file wider than {@link LayoutParser#EAGER_FIELDS} columns, whose column layouts are parsed when a
 * scan first needs them: projections, full scans and concurrent readers see exactly the written values,
 * and the layout caps and their errors cover the columns parsed late.
 */
class WideFileTest {
    private static final int COLUMNS = 3 * LayoutParser.EAGER_FIELDS + 7;
    private static final int ROWS = 2_500;

    @TempDir
    static Path dir;

    private static Path file;
    private static DType.Struct schema;
    private static long[][] longs;
    private static boolean[][] nulls;
    private static String[][] strings;

    @BeforeAll
    static void write() {
        SplittableRandom random = Seeds.random("WideFileTest.data");
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (int c = 0; c < COLUMNS; c++) {
            names.add("c" + c);
            types.add(c % 3 == 2 ? new DType.Utf8(true) : new DType.Primitive(PType.I64, c % 3 == 1));
        }
        schema = new DType.Struct(names, types, false);
        longs = new long[COLUMNS][ROWS];
        nulls = new boolean[COLUMNS][ROWS];
        strings = new String[COLUMNS][];
        for (int c = 0; c < COLUMNS; c++) {
            if (c % 3 == 2) {
                strings[c] = new String[ROWS];
            }
            for (int r = 0; r < ROWS; r++) {
                longs[c][r] = random.nextLong(-1_000_000L * (c + 1), 1_000_000L * (c + 1));
                nulls[c][r] = c % 3 != 0 && random.nextInt(7) == 0;
                if (strings[c] != null) {
                    strings[c][r] = nulls[c][r] ? null : "v" + random.nextInt(50 + c);
                }
            }
        }
        file = dir.resolve("wide.vortex");
        try (VortexWriter writer = VortexWriter.create(file, schema, WriteOptions.defaults().withZoneRows(512))) {
            int half = ROWS / 2;
            for (int[] range : new int[][] {{0, half}, {half, ROWS}}) {
                Batch.Builder b = Batch.builder(schema);
                for (int c = 0; c < COLUMNS; c++) {
                    if (strings[c] != null) {
                        b.strings("c" + c, java.util.Arrays.copyOfRange(strings[c], range[0], range[1]));
                    } else {
                        long[] v = java.util.Arrays.copyOfRange(longs[c], range[0], range[1]);
                        b = c % 3 == 1 ? b.longs("c" + c, v, java.util.Arrays.copyOfRange(nulls[c], range[0], range[1]))
                                : b.longs("c" + c, v);
                    }
                }
                writer.write(b.build());
            }
        }
    }

    /** Checks the rows of one column of a chunk against the written values. */
    private static void check(Chunk chunk, String name) {
        int c = Integer.parseInt(name.substring(1));
        Column column = chunk.column(name);
        for (int i = 0; i < chunk.rowCount(); i++) {
            int row = (int) (chunk.firstRowIndex() + i);
            if (strings[c] != null) {
                assertThat(column.asStrings().getString(i)).as("%s row %d", name, row).isEqualTo(strings[c][row]);
            } else if (nulls[c][row]) {
                assertThat(column.asLongs().isNull(i)).as("%s row %d is null", name, row).isTrue();
            } else {
                assertThat(column.asLongs().get(i)).as("%s row %d", name, row).isEqualTo(longs[c][row]);
            }
        }
    }

    private static int readProjection(VortexReader reader, List<String> columns) {
        int rows = 0;
        try (ScanIterator it = reader.scan(ScanOptions.builder().columns(columns).maxChunkRows(700).build())) {
            while (it.hasNext()) {
                try (Chunk chunk = it.next()) {
                    for (String name : columns) {
                        check(chunk, name);
                    }
                    rows += chunk.rowCount();
                }
            }
        }
        return rows;
    }

    private static List<String> randomColumns(SplittableRandom random) {
        List<String> columns = new ArrayList<>();
        for (int k = random.nextInt(1, 9); k > 0; k--) {
            String name = "c" + random.nextInt(COLUMNS);
            if (!columns.contains(name)) {
                columns.add(name);
            }
        }
        return columns;
    }

    @Test
    void projectionsFullScansAndFiltersReadTheWrittenValues() {
        SplittableRandom random = Seeds.random("WideFileTest.projections");
        try (VortexReader reader = VortexReader.open(file)) {
            assertThat(reader.schema()).isEqualTo(schema);
            assertThat(reader.rowCount()).isEqualTo(ROWS);
            for (int round = 0; round < 20; round++) {
                assertThat(readProjection(reader, randomColumns(random))).isEqualTo(ROWS);
            }
            assertThat(readProjection(reader, schema.names())).as("every column").isEqualTo(ROWS);
            assertThat(reader.layout().children()).hasSize(COLUMNS);
            assertThat(reader.zones("c" + (COLUMNS - 1))).hasSize((ROWS + 511) / 512);
        }
        try (VortexReader reader = VortexReader.open(file)) {
            // a filter on a column no projection has touched yet
            int c = 3 * (COLUMNS / 3 - 1);
            long threshold = longs[c][17];
            long expected = java.util.stream.LongStream.of(longs[c]).filter(v -> v <= threshold).count();
            long kept = 0;
            try (ScanIterator it = reader.scan(ScanOptions.builder().columns("c1", "c" + c)
                    .filter("c" + c + " <= " + threshold).build())) {
                while (it.hasNext()) {
                    try (Chunk chunk = it.next()) {
                        for (int i = 0; i < chunk.rowCount(); i++) {
                            assertThat(chunk.column("c" + c).asLongs().get(i)).isLessThanOrEqualTo(threshold);
                        }
                        kept += chunk.rowCount();
                    }
                }
            }
            assertThat(kept).isEqualTo(expected);
            long[] rows = {0, 5, ROWS - 1, 1234};
            try (Chunk taken = reader.take(rows, "c" + (COLUMNS - 2), "c" + c)) {
                for (int i = 0; i < rows.length; i++) {
                    assertThat(taken.column("c" + c).asLongs().get(i)).isEqualTo(longs[c][(int) rows[i]]);
                    assertThat(taken.column("c" + (COLUMNS - 2)).asStrings().getString(i))
                            .isEqualTo(strings[COLUMNS - 2][(int) rows[i]]);
                }
            }
        }
    }

    @Test
    void threadsSharingAReaderParseEachColumnOnceAndAgree() throws Exception {
        long seed = Seeds.seed("WideFileTest.threads");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try (VortexReader reader = VortexReader.open(file)) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                SplittableRandom random = new SplittableRandom(seed + t);
                results.add(pool.submit(() -> {
                    int rows = 0;
                    for (int round = 0; round < 12; round++) {
                        rows += readProjection(reader, randomColumns(random));
                    }
                    return rows;
                }));
            }
            for (Future<Integer> f : results) {
                assertThat(f.get()).isEqualTo(12 * ROWS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The node cap counts the columns parsed after open: a cap that admits the tables opened at
     * open (the root, its dtype) and a few columns fails the scan that reaches past it, with the
     * same error each time it is asked again, while the columns parsed before keep reading.
     */
    @Test
    void theNodeCapCoversColumnsParsedLate() {
        // each column is zoned + chunked + flat chunks + a zone table; 40 columns take well over 60 nodes
        ReaderOptions capped = ReaderOptions.defaults().withMaxLayoutNodes(60);
        try (VortexReader reader = VortexReader.open(file, capped)) {
            assertThat(readProjection(reader, List.of("c0", "c2"))).isEqualTo(ROWS);
            List<String> many = new ArrayList<>();
            for (int c = 0; c < 40; c++) {
                many.add("c" + c);
            }
            for (int attempt = 0; attempt < 2; attempt++) {
                assertThatThrownBy(() -> readProjection(reader, many)).isInstanceOf(VortexException.class)
                        .hasMessageContaining("wide.vortex").hasMessageContaining("more than 60 nodes");
            }
            assertThat(readProjection(reader, List.of("c2", "c0"))).as("parsed columns still read").isEqualTo(ROWS);
        }
        try (VortexReader reader = VortexReader.open(file)) {
            assertThat(readProjection(reader, List.of("c0", "c39"))).isEqualTo(ROWS);
        }
    }
}
