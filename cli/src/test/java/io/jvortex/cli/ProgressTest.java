package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Progress bars appear on a terminal only: not in-process or piped, but when {@code jvx} runs as its own
 * JVM under a real pseudo-terminal ({@code script} from util-linux).
 */
class ProgressTest {
    private static final long TIMEOUT_SECONDS = 120;

    @TempDir
    Path dir;

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** The {@code jvx} command line as a shell command: this JVM's java and class path. */
    private static String jvxCommand(String... args) {
        List<String> words = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Jvx.class.getName()));
        words.addAll(List.of(args));
        return String.join(" ", words.stream().map(ProgressTest::quote).toList());
    }

    /** Runs a shell command, stdout and stderr to one file; returns what it printed. */
    private String run(List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isZero();
        return text;
    }

    /** Runs a shell command under a new pseudo-terminal (stdin, stdout and stderr on it). */
    private String runOnTerminal(String shellCommand) throws IOException, InterruptedException {
        Path script = Path.of("/usr/bin/script");
        assertThat(Files.isExecutable(script)).as("util-linux's script is needed: apt-get install -y util-linux")
                .isTrue();
        return run(List.of(script.toString(), "-qec", shellCommand, "/dev/null"));
    }

    @Test
    void noBarInProcessOrWhenPiped() throws IOException, InterruptedException {
        assertThat(Progress.terminal()).as("the test JVM's streams are pipes").isFalse();
        Path out = dir.resolve("in-process.vortex");
        JvxTest.Result r = JvxTest.jvx("convert", ConvertCommandTest.input(), out.toString());
        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        String piped = run(List.of("sh", "-c", jvxCommand("convert", ConvertCommandTest.input(),
                dir.resolve("piped.vortex").toString())));
        assertThat(piped).startsWith(dir.resolve("piped.vortex") + ": 100 rows, ").doesNotContain("%", "rows/s")
                .hasLineCount(1);
    }

    @Test
    void convertShowsABarOnATerminal() throws IOException, InterruptedException {
        Path out = dir.resolve("tty.vortex");
        String text = runOnTerminal(jvxCommand("convert", ConvertCommandTest.input(), out.toString()));
        assertThat(text).contains("convert 100%", "100/100 rows", " read")
                .containsPattern("\\d+(\\.\\d)? (B|KiB) read")
                .contains(out + ": 100 rows, ");
        assertThat(JvxTest.jvx("count", out.toString()).out()).isEqualTo("100\n");
    }

    @Test
    void csvConvertShowsABarOnATerminal() throws IOException, InterruptedException {
        Path csv = dir.resolve("rows.csv");
        StringBuilder text = new StringBuilder("id,name\n");
        for (int i = 0; i < 300; i++) {
            text.append(i).append(",row ").append(i).append('\n');
        }
        Files.writeString(csv, text);
        Path out = dir.resolve("csv.vortex");
        String shown = runOnTerminal(jvxCommand("convert", csv.toString(), out.toString()));
        assertThat(shown).contains("convert 100%", "300/300 rows").containsPattern("\\d+(\\.\\d)? (B|KiB) read")
                .contains(out + ": 300 rows, ");
        assertThat(JvxTest.jvx("count", out.toString()).out()).isEqualTo("300\n");

        // and out of Vortex: rows written of the file's rows; the results get a new file's permissions
        Path probe = Files.createFile(dir.resolve("probe"));
        for (String name : new String[] {"back.parquet", "back.arrow"}) {
            Path back = dir.resolve(name);
            String exported = runOnTerminal(jvxCommand("convert", out.toString(), back.toString()));
            assertThat(exported).as(name).contains("convert 100%", "300/300 rows").contains(back + ": 300 rows");
            assertThat(Files.getPosixFilePermissions(back)).as(name).isEqualTo(Files.getPosixFilePermissions(probe));
        }
        try (var leftovers = Files.list(dir)) {
            assertThat(leftovers.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        }
    }

    @Test
    void inspectShowsABarOnATerminalButNotWhenStderrIsRedirected() throws IOException, InterruptedException {
        Path file = InspectFiles.tricky(dir.resolve("tricky.vortex"));
        String text = runOnTerminal(jvxCommand("inspect", file.toString()));
        assertThat(text).contains("inspect 100%", InspectFiles.TRICKY_ROWS + "/" + InspectFiles.TRICKY_ROWS + " rows",
                " decoded", "column");
        Path err = dir.resolve("err.txt");
        String redirected = runOnTerminal(jvxCommand("inspect", file.toString()) + " 2>" + quote(err.toString()));
        assertThat(redirected).doesNotContain("inspect 100%").contains("column");
        assertThat(Files.readString(err)).isEmpty();
    }
}
