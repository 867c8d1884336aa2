package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.write.WriterChild;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety of writes to a path: one temporary file per write, named with the writer's process id;
 * the temporary files of dead processes removed by the next write to the same destination; the umask's
 * permissions on the finished file; a full disk (a child JVM under {@code ulimit -f}) failing with a
 * clear error and leaving nothing; writer processes killed with SIGKILL at seeded random moments never
 * leaving a file at the destination other than the old one or the complete new one.
 */
class CrashSafeWriteTest {
    private static final DType.Struct SCHEMA = new DType.Struct(List.of("id"),
            List.of(new DType.Primitive(PType.I64, false)), false);
    /** Rows of the child's lineitem file: a few megabytes, a few seconds. */
    private static final String CHILD_ROWS = "100000";

    @TempDir
    Path dir;

    private static StructArray ids(long first, int n) {
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = first + i;
        }
        return io.jvortex.api.Batch.builder(SCHEMA).longs("id", values).build();
    }

    private List<Path> temporaries() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(FileSink.TEMPORARY_SUFFIX)).toList();
        }
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    @Test
    void oneTemporaryFileNamedWithThePidAndTheUmasksPermissions() throws IOException {
        Path file = dir.resolve("t.vortex");
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA, WriteOptions.defaults().withThreads(2))) {
            for (int b = 0; b < 20; b++) {
                writer.write(ids(b * 100_000L, 100_000));
            }
            List<Path> temporaries = temporaries();
            assertThat(files()).as("one file while writing, the temporary one").hasSize(1);
            assertThat(temporaries).hasSize(1);
            assertThat(temporaries.getFirst().getFileName().toString())
                    .matches("\\.t\\.vortex\\." + ProcessHandle.current().pid() + "-[0-9a-f]+\\.vortex-tmp");
        }
        assertThat(files()).containsExactly(file);
        try (VortexReader reader = VortexReader.open(file)) {
            assertThat(reader.rowCount()).isEqualTo(2_000_000L);
        }
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            // what creating any new file gives under this process's umask (not createTempFile's 0600)
            Path plain = Files.createFile(dir.resolve("plain"));
            Set<PosixFilePermission> umask = Files.getPosixFilePermissions(plain);
            assertThat(Files.getPosixFilePermissions(file)).isEqualTo(umask);
            assertThat(umask).as("the umask lets the group or others read (else this test proves little)")
                    .containsAnyOf(PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ);
        }
    }

    @Test
    void theNextWriteRemovesTheTemporariesOfDeadProcessesOnly() throws Exception {
        Process gone = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(gone.waitFor(60, TimeUnit.SECONDS)).isTrue();
        long deadPid = gone.pid();
        long livePid = ProcessHandle.current().pid();
        Path dead = Files.write(dir.resolve(".t.vortex." + deadPid + "-1f.vortex-tmp"), new byte[100]);
        Path live = Files.write(dir.resolve(".t.vortex." + livePid + "-2e.vortex-tmp"), new byte[100]);
        // the id of a live process that started after the file was last written to: a reused id
        Path reused = Files.write(dir.resolve(".t.vortex." + livePid + "-3d.vortex-tmp"), new byte[100]);
        Files.setLastModifiedTime(reused, FileTime.from(Instant.parse("2001-01-01T00:00:00Z")));
        Path otherDestination = Files.write(dir.resolve(".u.vortex." + deadPid + "-4c.vortex-tmp"), new byte[100]);
        Path notOurs = Files.write(dir.resolve(".t.vortex.backup"), new byte[100]);

        Path file = dir.resolve("t.vortex");
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA)) {
            writer.write(ids(0, 10));
        }
        assertThat(dead).doesNotExist();
        assertThat(reused).doesNotExist();
        assertThat(live).exists();
        assertThat(otherDestination).exists();
        assertThat(notOurs).exists();
        assertThat(FileSink.removeStaleTemporaries(dir, "u.vortex")).isEqualTo(1);
        assertThat(files()).containsExactlyInAnyOrder(file, live, notOurs);
    }

    private static List<String> childCommand(String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m", "-XX:MaxDirectMemorySize=512m",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                WriterChild.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    @Test
    void aFullDiskFailsWithAClearErrorAndLeavesNothing() throws Exception {
        Path file = dir.resolve("full.vortex");
        // the child may write 256 KiB per file: the JVM ignores SIGXFSZ, so a write past it fails with EFBIG
        List<String> command = new ArrayList<>(List.of("bash", "-c", "ulimit -f 256 && exec \"$@\"", "child"));
        command.addAll(childCommand("lineitem", file.toString(), CHILD_ROWS,
                Long.toString(Seeds.seed("CrashSafeWriteTest.aFullDiskFailsWithAClearErrorAndLeavesNothing"))));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as(output).isTrue();
        assertThat(p.exitValue()).as(output).isNotZero();
        assertThat(output).contains("UncheckedIOException: cannot write " + file + " at byte ")
                .contains("File too large");
        assertThat(files()).as("nothing left behind").isEmpty();
    }

    @Test
    void killedWritersLeaveTheOldFileOrTheCompleteNewOne() throws Exception {
        killWritersAtRandomMoments(3, Seeds.random("CrashSafeWriteTest.killedWritersLeaveTheOldFileOrTheCompleteNewOne"));
    }

    @Test
    @Tag("soak") // slow; -Pfast skips it, ./test runs it
    void manyKilledWritersLeaveTheOldFileOrTheCompleteNewOne() throws Exception {
        killWritersAtRandomMoments(30,
                Seeds.random("CrashSafeWriteTest.manyKilledWritersLeaveTheOldFileOrTheCompleteNewOne"));
    }

    /**
     * Writes the same file once to the end (the expected bytes and the time it takes), then starts the
     * writer again and again and kills it (SIGKILL) after a random part of that time: at the destination
     * there is afterwards either nothing or the old file, or exactly the expected bytes.
     */
    private void killWritersAtRandomMoments(int kills, SplittableRandom random) throws Exception {
        String dataSeed = Long.toString(random.nextLong());
        Path expected = dir.resolve("expected.vortex");
        long start = System.nanoTime();
        Process whole = new ProcessBuilder(childCommand("lineitem", expected.toString(), CHILD_ROWS, dataSeed))
                .redirectErrorStream(true).start();
        String output = new String(whole.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(whole.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(whole.exitValue()).as(output).isZero();
        long millis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));

        Path old = dir.resolve("old.vortex");
        try (VortexWriter writer = VortexWriter.create(old, SCHEMA)) {
            writer.write(ids(0, 1000));
        }
        Path file = dir.resolve("killed.vortex");
        int complete = 0;
        for (int k = 0; k < kills; k++) {
            boolean hadOld = random.nextBoolean();
            if (hadOld) {
                Files.copy(old, file, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.deleteIfExists(file);
            }
            long delay = random.nextLong(millis);
            Process p = new ProcessBuilder(childCommand("lineitem", file.toString(), CHILD_ROWS, dataSeed))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            boolean exited = p.waitFor(delay, TimeUnit.MILLISECONDS);
            p.destroyForcibly(); // SIGKILL
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String what = "kill " + k + " after " + delay + " ms (exited by itself: " + exited + ")";
            if (Files.exists(file) && Files.mismatch(file, expected) == -1L) {
                complete++;
            } else if (hadOld) {
                assertThat(Files.mismatch(file, old)).as(what + ": the old file, untouched").isEqualTo(-1L);
            } else {
                assertThat(file).as(what + ": nothing at the destination").doesNotExist();
            }
        }
        System.out.println("CrashSafeWriteTest: " + kills + " writers killed, " + complete
                + " had already finished");
        // the temporaries of the killed writers go with the next write to the same destination
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA)) {
            writer.write(ids(0, 10));
        }
        assertThat(temporaries()).isEmpty();
        try (VortexReader reader = VortexReader.open(file)) {
            assertThat(reader.rowCount()).isEqualTo(10);
        }
    }
}
