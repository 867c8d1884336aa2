package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.VortexReader;
import io.jvortex.api.Zone;
import io.jvortex.scalar.ArrayStatistics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jvx inspect} (text and HTML, without a browser) and {@code jvx stats}, in-process. */
class InspectCommandTest {
    private static final Pattern BYTES = Pattern.compile(
            "bytes: (\\d+) \\(data (\\d+), zone maps (\\d+), other segments (\\d+), footer, padding and unknown "
                    + "layouts (\\d+)\\)");

    @TempDir
    Path dir;

    /** The rows of a text table below its header line, split on runs of two or more spaces. */
    private static List<String[]> table(String text, String... header) {
        List<String> lines = text.lines().toList();
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            String[] cells = lines.get(i).split(" {2,}");
            if (cells.length >= header.length && Arrays.equals(cells, 0, header.length, header, 0, header.length)) {
                start = i;
                break;
            }
        }
        assertThat(start).as("a table starting with %s in%n%s", List.of(header), text).isNotNegative();
        List<String[]> rows = new ArrayList<>();
        for (int i = start + 1; i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).startsWith("not "); i++) {
            rows.add(lines.get(i).split(" {2,}"));
        }
        return rows;
    }

    /** Every byte of the file is accounted for, once: per column, per encoding, and outside segments. */
    private static void assertAccounted(Path file, String out) throws IOException {
        Matcher m = BYTES.matcher(out);
        assertThat(m.find()).as(out).isTrue();
        long total = Long.parseLong(m.group(1));
        long data = Long.parseLong(m.group(2));
        long zoneMaps = Long.parseLong(m.group(3));
        assertThat(total).isEqualTo(Files.size(file));
        assertThat(data + zoneMaps + Long.parseLong(m.group(4)) + Long.parseLong(m.group(5))).isEqualTo(total);
        Map<String, Long> stored = new LinkedHashMap<>();
        long columnData = 0;
        long columnZones = 0;
        for (String[] row : table(out, "column", "dtype")) {
            stored.put(row[0], Long.parseLong(row[2]));
            columnData += Long.parseLong(row[2]);
            columnZones += Long.parseLong(row[3]);
        }
        assertThat(columnData).isEqualTo(data);
        assertThat(columnZones).isEqualTo(zoneMaps);
        assertThat(table(out, "encoding", "bytes").stream().mapToLong(r -> Long.parseLong(r[1])).sum()).isEqualTo(data);
        Map<String, Long> byColumn = new LinkedHashMap<>();
        for (String[] row : table(out, "column", "encoding")) {
            byColumn.merge(row[0], Long.parseLong(row[2]), Long::sum);
        }
        stored.forEach((column, bytes) -> assertThat(byColumn.getOrDefault(column, 0L)).as(column).isEqualTo(bytes));
    }

    @Test
    void textSummaryAccountsForEveryByteAndComputesCanonicalSizes() throws IOException {
        Path file = Path.of(JvxTest.sample("primitives.vortex"));
        JvxTest.Result r = JvxTest.jvx("inspect", file.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("rows: 300\n", "uncompressed = the canonical size");
        assertAccounted(file, r.out());
        // 300 rows, all nullable: values at their width plus one validity bit per row (38 bytes)
        Map<String, String[]> columns = new LinkedHashMap<>();
        for (String[] row : table(r.out(), "column", "dtype")) {
            columns.put(row[0], row);
        }
        assertThat(columns.keySet()).containsExactly("id", "i32", "u64", "flag", "f32");
        assertThat(columns.get("id")[4]).isEqualTo(Long.toString(300 * 8 + 38));
        assertThat(columns.get("i32")[4]).isEqualTo(Long.toString(300 * 4 + 38));
        assertThat(columns.get("flag")[4]).isEqualTo(Long.toString(38 + 38 - 1)); // 600 bits in 75 bytes
        assertThat(columns.get("f32")[4]).isEqualTo(Long.toString(300 * 4 + 38));
        for (String[] row : columns.values()) {
            assertThat(row[5]).isEqualTo(InspectCommand.ratio((double) Long.parseLong(row[4]) / Long.parseLong(row[2])));
        }
        assertThat(table(r.out(), "encoding", "bytes")).extracting(row -> row[0])
                .contains("vortex.primitive", "vortex.bool", FileReport.HEADERS);
    }

    @Test
    void nestedStringsListsAndStructsHaveTheirCanonicalSizes() {
        // every value of the small Parquet file converted: sizes follow from its rows (see ConvertCommandTest)
        Path out = dir.resolve("small.vortex");
        assertThat(JvxTest.jvx("convert", ConvertCommandTest.input(), out.toString()).code()).isZero();
        JvxTest.Result r = JvxTest.jvx("inspect", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        Map<String, String> uncompressed = new LinkedHashMap<>();
        for (String[] row : table(r.out(), "column", "dtype")) {
            uncompressed.put(row[0], row[4]);
        }
        long nameBytes = 0;
        long tags = 0;
        for (int i = 0; i < 100; i++) {
            nameBytes += i % 10 == 0 ? 0 : ("n" + i).length();
            tags += i % 3;
        }
        long validity = 13; // 100 rows, one bit each
        assertThat(uncompressed).containsEntry("name", Long.toString(validity + 4 * 100 + nameBytes));
        // tags: list offsets plus elements "a" (utf8: 4-byte offset + 1 byte each), element validity if nullable
        String tagsType = table(JvxTest.jvx("stats", out.toString()).out(), "column", "dtype").stream()
                .filter(row -> row[0].equals("tags")).findFirst().orElseThrow()[1];
        long elementValidity = tagsType.contains("utf8?") ? (tags + 7) / 8 : 0;
        long listValidity = tagsType.endsWith("?") ? validity : 0;
        assertThat(uncompressed).containsEntry("tags",
                Long.toString(listValidity + 4 * 100 + elementValidity + 5 * tags));
    }

    @Test
    void everySampleAndGoldenFileInspects() throws IOException {
        List<Path> files = InspectFiles.all();
        assertThat(files).hasSizeGreaterThan(60);
        for (Path file : files) {
            JvxTest.Result r = JvxTest.jvx("inspect", file.toString());
            assertThat(r.code()).as(file + ": " + r.err()).isZero();
            assertAccounted(file, r.out());
            Path html = dir.resolve(file.getFileName() + ".html");
            JvxTest.Result page = JvxTest.jvx("inspect", file.toString(), "--html", html.toString());
            assertThat(page.code()).as(file + ": " + page.err()).isZero();
            assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        }
    }

    @Test
    void anUnknownEncodingSpoilsOnlyItsColumns() throws IOException {
        Path file = InspectFiles.renamed(Path.of(JvxTest.sample("primitives.vortex")), "vortex.bool",
                dir.resolve("unknown.vortex"));
        JvxTest.Result r = JvxTest.jvx("inspect", file.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertAccounted(file, r.out());
        Map<String, String> uncompressed = new LinkedHashMap<>();
        for (String[] row : table(r.out(), "column", "dtype")) {
            uncompressed.put(row[0], row[4]);
        }
        // flag is a bool; i32's validity is one too: both fail, the others decode
        assertThat(uncompressed).containsEntry("flag", "?").containsEntry("i32", "?").containsEntry("id", "2438")
                .containsEntry("f32", "1238");
        assertThat(r.out()).contains("not decodable: flag: ", "unknown array encoding 'vortex.booQ'")
                .contains("uncompressed: " + (2438 + 2438 + 1238) + " bytes, ratio "
                        + InspectCommand.ratio((2438.0 + 2438 + 1238) / (2588 + 2588 + 1348)) + " (of the decodable columns)");
        assertThat(table(r.out(), "encoding", "bytes")).extracting(row -> row[0]).contains("vortex.booQ");
        Path html = dir.resolve("unknown.html");
        assertThat(JvxTest.jvx("inspect", file.toString(), "--html", html.toString()).code()).isZero();
        assertThat(Files.readString(html)).contains("not decodable", "vortex.booQ");
    }

    @Test
    void anUnknownLayoutIsShownAndItsColumnNotDecoded() throws IOException {
        Path file = InspectFiles.renamed(Path.of(JvxTest.sample("dict.vortex")), "vortex.dict",
                dir.resolve("unknown-layout.vortex"));
        Path html = dir.resolve("unknown-layout.html");
        JvxTest.Result r = JvxTest.jvx("inspect", file.toString(), "--html", html.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(html)).contains("vortex.dicQ");
        assertAccounted(file, JvxTest.jvx("inspect", file.toString()).out());
    }

    @Test
    void htmlEscapesEveryTextFromTheFile() throws IOException {
        Path file = InspectFiles.tricky(dir.resolve("tricky.vortex"));
        Path html = dir.resolve("tricky.html");
        JvxTest.Result r = JvxTest.jvx("inspect", file.toString(), "--html", html.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(html + ": 5 columns, " + Files.size(file) + " bytes inspected\n");
        String page = Files.readString(html, StandardCharsets.UTF_8);
        assertThat(page).doesNotContain("<script>alert", "<img", "<b>").contains("&lt;script&gt;alert(1)&lt;/script&gt;",
                "a&amp;b &quot;q&quot; &#39;x&#39;", "prix € / 名前", "&lt;b&gt;");
        // the page's one script is its own, and it names no URL: nothing to fetch
        assertThat(page.split("<script>", -1)).hasSize(2);
        assertThat(page.replaceAll("\"[^\"]*\"", "\"\"")).doesNotContainPattern("(?i)(https?:|url\\(|<[^>]*\\s(src|href)=)");
        assertThat(page).contains("Content-Security-Policy\" content=\"default-src 'none';");
    }

    @Test
    void statsPrintsTheStoredFileStatistics() throws IOException {
        Path file = Path.of(JvxTest.sample("primitives.vortex"));
        JvxTest.Result r = JvxTest.jvx("stats", file.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines().findFirst().orElseThrow().split(" {2,}")).containsExactly("column", "dtype", "min",
                "max", "null_count", "nan_count", "sum", "is_sorted", "is_strict_sorted", "is_constant",
                "uncompressed_size", "zones");
        try (VortexReader reader = VortexReader.open(file)) {
            Map<String, ArrayStatistics> stats = reader.statistics();
            List<String> lines = r.out().lines().skip(1).toList();
            assertThat(lines).hasSize(stats.size());
            int i = 0;
            for (Map.Entry<String, ArrayStatistics> e : stats.entrySet()) {
                String line = lines.get(i++);
                ArrayStatistics s = e.getValue();
                assertThat(line).startsWith(e.getKey() + " ");
                assertThat(line).contains(" " + ScalarText.format(s.min().orElseThrow()) + " ",
                        " " + ScalarText.format(s.max().orElseThrow()) + " ",
                        " " + s.nullCount().orElseThrow() + " ");
            }
        }
        // unsigned and negative values as they are
        assertThat(r.out()).contains("18341270421606918051", "-2128654638");
    }

    @Test
    void statsZonesPrintsOneRowPerZone() throws IOException {
        Path file = InspectFiles.tricky(dir.resolve("tricky.vortex"));
        JvxTest.Result r = JvxTest.jvx("stats", file.toString(), "--zones");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.getFirst().split(" {2,}")).startsWith("column", "zone", "row_start", "rows", "min", "max",
                "null_count");
        try (VortexReader reader = VortexReader.open(file)) {
            int expected = 0;
            for (String name : InspectFiles.TRICKY_NAMES) {
                List<Zone> zones = reader.zones(name);
                assertThat(zones).hasSize(3);
                expected += zones.size();
            }
            assertThat(lines).hasSize(1 + expected);
            List<Zone> first = reader.zones(InspectFiles.TRICKY_NAMES.getFirst());
            assertThat(lines.get(2).split(" {2,}")).startsWith(InspectFiles.TRICKY_NAMES.getFirst(), "1", "8192", "8192",
                    ScalarText.format(first.get(1).statistics().get("min")));
        }
        assertThat(r.out()).contains("zone-0-ü", "zone-2-ü");
    }

    @Test
    void inspectOfAMissingFileIsABadFile() {
        JvxTest.Result r = JvxTest.jvx("inspect", dir.resolve("missing.vortex").toString(), "--html",
                dir.resolve("x.html").toString());
        assertThat(r.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(r.err()).startsWith("jvx: ");
        assertThat(dir.resolve("x.html")).doesNotExist();
    }
}
