package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jvx convert} on a pyarrow-written file (see {@code parquet/make_small_parquet.py}). */
class ConvertCommandTest {
    @TempDir
    Path dir;

    static String input() {
        try {
            return Path.of(ConvertCommandTest.class.getResource("/parquet/small.parquet").toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The rows as make_small_parquet.py defines them, in canonical JSONL. */
    static List<String> expectedRows() {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            String name = i % 10 == 0 ? "null" : "\"n" + i + "\"";
            String price = new BigDecimal(i).divide(BigDecimal.valueOf(4)).setScale(2).toPlainString();
            String tags = "[" + String.join(",", java.util.Collections.nCopies(i % 3, "\"a\"")) + "]";
            rows.add("{\"id\":" + i + ",\"name\":" + name + ",\"price\":\"" + price + "\",\"tags\":" + tags + "}");
        }
        return rows;
    }

    @Test
    void convertsAndCatReadsTheRowsBack() {
        Path out = dir.resolve("small.vortex");
        JvxTest.Result r = JvxTest.jvx("convert", input(), out.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith(out + ": 100 rows, ");
        JvxTest.Result cat = JvxTest.jvx("cat", out.toString());
        assertThat(cat.code()).isZero();
        assertThat(cat.out().lines().toList()).isEqualTo(expectedRows());
    }

    @Test
    void olderEditionAndCompactAreAccepted() {
        Path out = dir.resolve("old.vortex");
        JvxTest.Result r = JvxTest.jvx("convert", input(), out.toString(), "--edition", "core2025.05.0", "--compact");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("edition core2025.05.0, compact");
        assertThat(JvxTest.jvx("count", out.toString()).out().strip()).isEqualTo("100");
    }

    @Test
    void vortexToParquetAndBack() {
        Path vortex = dir.resolve("small.vortex");
        assertThat(JvxTest.jvx("convert", input(), vortex.toString()).code()).isZero();
        for (String codec : List.of("zstd", "snappy", "gzip", "uncompressed")) {
            Path parquet = dir.resolve("back-" + codec + ".parquet");
            JvxTest.Result r = JvxTest.jvx("convert", vortex.toString(), parquet.toString(), "--codec", codec);
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).startsWith(parquet + ": 100 rows, ").contains("(codec " + codec + ")");
            Path again = dir.resolve("again-" + codec + ".vortex");
            assertThat(JvxTest.jvx("convert", parquet.toString(), again.toString()).code()).isZero();
            assertThat(JvxTest.jvx("cat", again.toString()).out().lines().toList()).isEqualTo(expectedRows());
        }
    }

    @Test
    void unknownCodecIsBadUsage() {
        Path vortex = dir.resolve("small.vortex");
        assertThat(JvxTest.jvx("convert", input(), vortex.toString()).code()).isZero();
        JvxTest.Result r = JvxTest.jvx("convert", vortex.toString(), dir.resolve("x.parquet").toString(), "--codec",
                "lzo");
        assertThat(r.code()).isEqualTo(Jvx.EXIT_USAGE);
        assertThat(r.err()).contains("unknown Parquet codec 'lzo'");
        assertThat(Files.exists(dir.resolve("x.parquet"))).isFalse();
    }

    @Test
    void unknownEditionIsBadUsage() {
        JvxTest.Result r = JvxTest.jvx("convert", input(), dir.resolve("x.vortex").toString(), "--edition", "core1999");
        assertThat(r.code()).isEqualTo(Jvx.EXIT_USAGE);
        assertThat(r.err()).contains("unknown edition core1999");
        assertThat(Files.exists(dir.resolve("x.vortex"))).isFalse();
    }

    @Test
    void unreadableInputIsABadFileAndLeavesNothing() throws IOException {
        Path bogus = Files.writeString(dir.resolve("bogus.parquet"), "not parquet");
        JvxTest.Result missing = JvxTest.jvx("convert", dir.resolve("missing.parquet").toString(),
                dir.resolve("a.vortex").toString());
        assertThat(missing.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(missing.err()).startsWith("jvx: ");
        JvxTest.Result bad = JvxTest.jvx("convert", bogus.toString(), dir.resolve("b.vortex").toString());
        assertThat(bad.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("bogus.parquet");
        }
    }
}
