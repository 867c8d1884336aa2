package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Batch;
import io.jvortex.api.Edition;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.api.internal.ApiAccess;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.SerializedArray;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code take} over HTTP reads parts of segments: the tails, then what each encoding's plan names
 * ({@link io.jvortex.spi.PointRanges}). Every take equals the mapped file's, with the plans verified
 * (the take runs again over a copy whose unfetched bytes are poisoned differently, and fails if any
 * value changes), and a few rows fetch a small fraction of the file.
 */
@Timeout(180)
class RemoteTakeTest {
    static final DType.Struct SCHEMA = new DType.Struct(
            List.of("key", "small", "wide", "price", "text", "maybe", "x"),
            List.of(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.I64, false),
                    new DType.Primitive(PType.I64, false), new DType.Decimal(15, 2, false),
                    new DType.Utf8(false), new DType.Primitive(PType.I32, true),
                    new DType.Primitive(PType.F64, false)),
            false);
    static final int ROWS = 5 * 131_072;
    static final IoOptions FAST = IoOptions.defaults()
            .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(5))
            .withRetries(4, Duration.ofMillis(1), Duration.ofMillis(20)).withPartialTakes(true);
    static final String[] WORDS = {"quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog", "furiously",
        "regular", "deposits", "sleep", "carefully", "final", "packages", "haggle", "blithely", "ironic"};

    static Path dir;
    static Path path;
    static byte[] bytes;
    static RangeServer server;

    @BeforeAll
    static void write() throws IOException {
        System.setProperty("jvortex.take.verifyPlans", "true");
        dir = Files.createTempDirectory("jvortex-remote-take");
        path = dir.resolve("t.vortex");
        bytes = writeFile(path, Seeds.random("RemoteTakeTest"));
        server = new RangeServer(bytes);
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        Files.deleteIfExists(path);
        Files.deleteIfExists(dir);
    }

    /**
     * Run-end keys (orders of 1–15 lines), small and offset integers (bit-packed, frame of reference,
     * some patched), decimals (byte parts), text, nullable integers and doubles; written in an edition
     * before OnPair, so text is FSST as in files the Rust writer makes (OnPair has no point access).
     */
    static byte[] writeFile(Path file, SplittableRandom random) throws IOException {
        long[] key = new long[ROWS];
        long[] small = new long[ROWS];
        long[] wide = new long[ROWS];
        BigDecimal[] price = new BigDecimal[ROWS];
        String[] text = new String[ROWS];
        int[] maybe = new int[ROWS];
        boolean[] maybeNull = new boolean[ROWS];
        double[] x = new double[ROWS];
        long order = 1;
        int left = 1 + random.nextInt(7);
        for (int i = 0; i < ROWS; i++) {
            if (left-- == 0) {
                order += 1 + random.nextInt(100_000);
                left = random.nextInt(15);
            }
            key[i] = order;
            small[i] = random.nextInt(1000);
            wide[i] = 1_000_000_000_000L + random.nextInt(100_000) + (random.nextInt(5000) == 0 ? 1L << 40 : 0);
            price[i] = BigDecimal.valueOf(90_000 + random.nextInt(10_000_000), 2);
            StringBuilder sb = new StringBuilder();
            int words = 3 + random.nextInt(8);
            for (int w = 0; w < words; w++) {
                sb.append(WORDS[random.nextInt(WORDS.length)]).append(w + 1 < words ? " " : "");
            }
            text[i] = sb.toString();
            maybe[i] = random.nextInt(100_000);
            maybeNull[i] = random.nextInt(9) == 0;
            x[i] = Math.round(random.nextDouble() * 1e6) / 100.0;
        }
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA,
                WriteOptions.defaults().withEdition(Edition.CORE2026_08_0))) {
            int step = 100_000;
            for (int from = 0; from < ROWS; from += step) {
                int to = Math.min(ROWS, from + step);
                writer.write(Batch.builder(SCHEMA)
                        .longs("key", Arrays.copyOfRange(key, from, to))
                        .longs("small", Arrays.copyOfRange(small, from, to))
                        .longs("wide", Arrays.copyOfRange(wide, from, to))
                        .decimals("price", Arrays.copyOfRange(price, from, to))
                        .strings("text", Arrays.copyOfRange(text, from, to))
                        .ints("maybe", Arrays.copyOfRange(maybe, from, to), Arrays.copyOfRange(maybeNull, from, to))
                        .doubles("x", Arrays.copyOfRange(x, from, to))
                        .build());
            }
        }
        return Files.readAllBytes(file);
    }

    /** A reader whose takes read parts of segments. */
    static VortexReader http() {
        return VortexReader.open(server.uri("/object"), ReaderOptions.defaults().withIo(FAST));
    }

    /** A reader with the default, whole-segment takes. */
    static VortexReader httpWhole() {
        return VortexReader.open(server.uri("/object"), ReaderOptions.defaults().withIo(FAST.withPartialTakes(false)));
    }

    /** The encoding ids of every flat segment below a top-level column. */
    static Set<String> encodings(VortexReader reader, String column) {
        VortexFile file = ApiAccess.file(reader);
        Layout.Struct root = (Layout.Struct) file.rootLayout();
        Set<String> out = new TreeSet<>();
        for (int id : segments(root.fields().get(root.dtype().indexOf(column)))) {
            SerializedArray array = SerializedArray.parse(file.segment(id), file.segmentSpec(id).byteOffset(),
                    file.arrayIds(), file.source(), column);
            collect(array.root(), out);
        }
        return out;
    }

    private static void collect(ArrayNode node, Set<String> out) {
        out.add(node.encodingId());
        for (int i = 0; i < node.childCount(); i++) {
            collect(node.child(i), out);
        }
    }

    /** The data segments (not zone tables) below a layout. */
    static List<Integer> segments(Layout layout) {
        List<Integer> out = new ArrayList<>();
        switch (layout) {
            case Layout.Flat f -> out.add(f.segmentId());
            case Layout.Chunked c -> c.children().forEach(ch -> out.addAll(segments(ch)));
            case Layout.Zoned z -> out.addAll(segments(z.data()));
            case Layout.Struct st -> st.fields().forEach(ch -> out.addAll(segments(ch)));
            case Layout.Dict d -> {
                out.addAll(segments(d.values()));
                out.addAll(segments(d.codes()));
            }
            case Layout.List l -> {
                out.addAll(segments(l.offsets()));
                out.addAll(segments(l.elements()));
            }
            case Layout.Unknown u -> {
            }
        }
        return out;
    }

    static long columnBytes(VortexReader reader, String column) {
        VortexFile file = ApiAccess.file(reader);
        Layout.Struct root = (Layout.Struct) file.rootLayout();
        long sum = 0;
        for (int id : segments(root.fields().get(root.dtype().indexOf(column)))) {
            sum += file.segmentSpec(id).lengthBytes();
        }
        return sum;
    }

    @Test
    void theFileHasTheEncodingsThatPlanTheirReads() {
        try (VortexReader local = VortexReader.open(path)) {
            Set<String> all = new TreeSet<>();
            for (String c : SCHEMA.names()) {
                Set<String> e = encodings(local, c);
                System.out.println("RemoteTakeTest " + c + ": " + e + ", " + columnBytes(local, c) + " bytes");
                all.addAll(e);
            }
            assertThat(all).contains("vortex.runend", "fastlanes.for", "fastlanes.bitpacked", "vortex.fsst",
                    "vortex.decimal_byte_parts");
        }
    }

    @Test
    void seededRandomTakesEqualTheMappedFile() {
        SplittableRandom random = Seeds.random("RemoteTakeTest.takes");
        try (VortexReader local = VortexReader.open(path); VortexReader remote = http()) {
            for (int round = 0; round < 12; round++) {
                int n = switch (round % 4) {
                    case 0 -> 1;
                    case 1 -> 1 + random.nextInt(10);
                    case 2 -> 20 + random.nextInt(100);
                    default -> 500 + random.nextInt(2000);
                };
                long[] rows = new long[n];
                for (int i = 0; i < n; i++) {
                    // some rows twice, some neighbours, the rest anywhere
                    rows[i] = i > 0 && random.nextInt(10) == 0 ? rows[i - 1] + random.nextInt(3)
                            : random.nextLong(ROWS);
                    rows[i] = Math.min(rows[i], ROWS - 1);
                }
                String[] columns = round % 3 == 0 ? SCHEMA.names().toArray(String[]::new)
                        : new String[] {SCHEMA.names().get(random.nextInt(SCHEMA.names().size()))};
                // fresh readers now and then, so takes meet an empty cache; whole-segment takes too
                String expected = RemoteReaderTest.jsonl(local.take(rows, columns));
                try (VortexReader fresh = round % 2 == 0 ? http() : null; VortexReader whole = httpWhole()) {
                    VortexReader r = fresh != null ? fresh : remote;
                    assertThat(RemoteReaderTest.jsonl(r.take(rows, columns)))
                            .as("round %d: %d rows of %s", round, n, Arrays.toString(columns)).isEqualTo(expected);
                    assertThat(RemoteReaderTest.jsonl(whole.take(rows, columns)))
                            .as("round %d, whole segments", round).isEqualTo(expected);
                }
            }
        }
    }

    /**
     * A take of few rows searches run ends block by block and decodes single positions: it must give
     * the rows a full decode gives (the remote comparison above cannot tell, both take the same way).
     */
    @Test
    void fewRowTakesEqualTheRowsOfAFullScan() {
        List<String> lines = new ArrayList<>();
        try (VortexReader local = VortexReader.open(path)) {
            String all = RemoteReaderTest.jsonl(local.scan());
            lines.addAll(Arrays.asList(all.split("\n")));
            assertThat(lines).hasSize(ROWS);
            SplittableRandom random = Seeds.random("RemoteTakeTest.scan");
            for (int round = 0; round < 40; round++) {
                int n = 1 + random.nextInt(round % 2 == 0 ? 3 : 40);
                long[] rows = new long[n];
                StringBuilder expected = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    // rows at chunk and run edges as well as anywhere
                    rows[i] = switch (random.nextInt(4)) {
                        case 0 -> Math.min(ROWS - 1, (long) random.nextInt(6) * 131_072 - random.nextInt(2));
                        case 1 -> ROWS - 1 - random.nextInt(3);
                        default -> random.nextLong(ROWS);
                    };
                    rows[i] = Math.max(0, rows[i]);
                    expected.append(lines.get((int) rows[i])).append('\n');
                }
                assertThat(RemoteReaderTest.jsonl(local.take(rows))).as("rows %s", Arrays.toString(rows))
                        .isEqualTo(expected.toString());
            }
        }
    }

    @Test
    void everyColumnTakesFewRowsByReadingPartsOfItsSegments() {
        long[] rows = Seeds.random("RemoteTakeTest.few").longs(8, 0, ROWS).toArray();
        try (VortexReader local = VortexReader.open(path)) {
            for (String c : SCHEMA.names()) {
                if (c.equals("x")) {
                    continue; // ALP floats have no plan yet: read whole, as before
                }
                long columnBytes = columnBytes(local, c);
                try (VortexReader remote = http()) {
                    IoStats before = remote.ioStats();
                    assertThat(RemoteReaderTest.jsonl(remote.take(rows, c)))
                            .isEqualTo(RemoteReaderTest.jsonl(local.take(rows, c)));
                    IoStats after = remote.ioStats();
                    long fetched = after.bytesFetched() - before.bytesFetched();
                    System.out.println(String.format(Locale.ROOT, "RemoteTakeTest take of %d rows of %s: %d requests,"
                            + " %d bytes of %d column bytes", rows.length, c, after.requests() - before.requests(),
                            fetched, columnBytes));
                    // 8 rows touch most of a column's few segments: whole segments would be most of its bytes
                    assertThat(fetched).as(c).isLessThan(columnBytes / 3);
                }
            }
        }
    }

    @Test
    void aFewRowsOfThreeColumnsFetchAFractionOfTheirSegments() {
        long[] rows = Seeds.random("RemoteTakeTest.thirty").longs(30, 0, ROWS).toArray();
        String[] columns = {"key", "price", "text"};
        String expected;
        try (VortexReader local = VortexReader.open(path)) {
            expected = RemoteReaderTest.jsonl(local.take(rows, columns));
        }
        try (VortexReader remote = http()) {
            IoStats before = remote.ioStats();
            assertThat(RemoteReaderTest.jsonl(remote.take(rows, columns))).isEqualTo(expected);
            IoStats after = remote.ioStats();
            long fetched = after.bytesFetched() - before.bytesFetched();
            System.out.println("RemoteTakeTest take of " + rows.length + " rows of 3 columns (file " + bytes.length
                    + "): " + (after.requests() - before.requests()) + " requests, " + fetched + " bytes");
            assertThat(fetched).isLessThan(bytes.length / 20);
            try (VortexReader whole = httpWhole()) {
                IoStats start = whole.ioStats();
                assertThat(RemoteReaderTest.jsonl(whole.take(rows, columns))).isEqualTo(expected);
                IoStats end = whole.ioStats();
                System.out.println("RemoteTakeTest the same take of whole segments: "
                        + (end.requests() - start.requests()) + " requests, "
                        + (end.bytesFetched() - start.bytesFetched()) + " bytes");
                assertThat(end.bytesFetched() - start.bytesFetched()).as("whole segments by default")
                        .isGreaterThan(4 * fetched);
            }
        }
    }
}
