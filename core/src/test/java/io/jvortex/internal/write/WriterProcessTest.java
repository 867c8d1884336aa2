package io.jvortex.internal.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.VortexReader;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer in a separate JVM ({@link WriterChild}): 20 million lineitem-shaped rows fit in a 512 MiB
 * heap (memory is bounded by the chunks in flight, not the file), and a process killed in the middle
 * of a write leaves nothing at the destination.
 */
@Tag("soak") // slow; -Pfast skips it, ./test runs it
class WriterProcessTest {
    @TempDir
    Path dir;

    private static ProcessBuilder child(String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m", "-XX:MaxDirectMemorySize=512m",
                "-cp", System.getProperty("java.class.path"), WriterChild.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true);
    }

    /** The child's data seed, drawn (and printed) here: the child's own output is its protocol. */
    private static String seed(String label) {
        return Long.toString(Seeds.seed(label));
    }

    @Test
    void twentyMillionLineitemRowsIn512MiBOfHeap() throws Exception {
        Path file = dir.resolve("lineitem.vortex");
        Path log = dir.resolve("child.log");
        String seed = seed("WriterProcessTest.twentyMillionLineitemRowsIn512MiBOfHeap");
        Process p = child("lineitem", file.toString(), "20000000", seed).redirectOutput(log.toFile()).start();
        boolean done = p.waitFor(10, TimeUnit.MINUTES);
        if (!done) {
            p.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(done).as("child finished in time; output:%n%s", output).isTrue();
        assertThat(p.exitValue()).as("exit code; output:%n%s", output).isZero();
        assertThat(output).contains("rows=20000000");
        try (VortexReader reader = VortexReader.open(file)) {
            assertThat(reader.rowCount()).isEqualTo(20_000_000L);
            assertThat(reader.schema()).isEqualTo(WriterChild.LINEITEM);
        }
    }

    @Test
    void aKilledWriterLeavesNothingAtTheDestination() throws Exception {
        Path file = dir.resolve("killed.vortex");
        String seed = seed("WriterProcessTest.aKilledWriterLeavesNothingAtTheDestination");
        Process p = child("forever", file.toString(), seed).start();
        try (var out = p.inputReader(StandardCharsets.UTF_8)) {
            String line = out.readLine();
            assertThat(line).as("the child reports writing").isEqualTo("writing");
            // let it get well into the file: the temporary file grows past a few megabytes
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (tempFileBytes() < (8L << 20) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(tempFileBytes()).as("the child writes to a temporary file").isGreaterThan(0);
            assertThat(file).doesNotExist();
            p.destroyForcibly();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(file).doesNotExist();
    }

    private long tempFileBytes() throws IOException {
        long total = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                if (f.getFileName().toString().endsWith(".vortex-tmp")) {
                    total += Files.size(f);
                }
            }
        }
        return total;
    }
}
