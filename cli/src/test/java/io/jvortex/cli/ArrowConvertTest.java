package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jvx convert} between Vortex and Arrow IPC files and streams. */
class ArrowConvertTest {
    @TempDir
    Path dir;

    @Test
    void vortexToArrowAndBackKeepsTheRows() {
        Path vortex = dir.resolve("small.vortex");
        assertThat(JvxTest.jvx("convert", ConvertCommandTest.input(), vortex.toString()).code()).isZero();
        for (String name : new String[] {"small.arrow", "small.arrows", "small.feather"}) {
            Path arrow = dir.resolve(name);
            JvxTest.Result r = JvxTest.jvx("convert", vortex.toString(), arrow.toString());
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).startsWith(arrow + ": 100 rows, ")
                    .contains(name.endsWith(".arrows") ? "Arrow IPC stream" : "Arrow IPC file");
            Path back = dir.resolve(name + ".vortex");
            JvxTest.Result r2 = JvxTest.jvx("convert", arrow.toString(), back.toString(), "--compact");
            assertThat(r2.code()).as(r2.err()).isZero();
            assertThat(r2.out()).contains("100 rows").contains("compact");
            assertThat(JvxTest.jvx("cat", back.toString()).out().lines().toList())
                    .isEqualTo(ConvertCommandTest.expectedRows());
        }
    }

    @Test
    void explicitFormatsAndUnsupportedPairs() throws IOException {
        Path vortex = dir.resolve("small.vortex");
        assertThat(JvxTest.jvx("convert", ConvertCommandTest.input(), vortex.toString()).code()).isZero();
        Path arrow = dir.resolve("data.bin");
        JvxTest.Result r = JvxTest.jvx("convert", vortex.toString(), arrow.toString(), "--to", "arrow");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(arrow, java.nio.charset.StandardCharsets.ISO_8859_1)).startsWith("ARROW1");

        JvxTest.Result bad = JvxTest.jvx("convert", ConvertCommandTest.input(), dir.resolve("x.arrow").toString());
        assertThat(bad.code()).isEqualTo(Jvx.EXIT_USAGE);
        assertThat(bad.err()).contains("cannot convert parquet to arrow");
    }

    @Test
    void corruptArrowIsABadFileAndLeavesNothing() throws IOException {
        Path bogus = Files.writeString(dir.resolve("bogus.arrow"), "ARROW1 but nothing else of the format");
        JvxTest.Result r = JvxTest.jvx("convert", bogus.toString(), dir.resolve("out.vortex").toString());
        assertThat(r.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(r.err()).startsWith("jvx: ").contains("bogus.arrow");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("bogus.arrow");
        }
    }
}
