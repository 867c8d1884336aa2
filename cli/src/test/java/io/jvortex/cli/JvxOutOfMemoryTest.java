package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jvx} reports an exhausted heap or direct-memory limit in one line with exit status 70. */
class JvxOutOfMemoryTest {

    @Test
    void aChildJvmWithTooLittleDirectMemoryPrintsOneLineAndExits70(@TempDir Path dir)
            throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-XX:MaxDirectMemorySize=256k",
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Jvx.class.getName(), "demo", "--rows", "200000", "--warm", "0", "--dir", dir.toString());
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        byte[] err = p.getErrorStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String stderr = new String(err, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(stderr).isEqualTo(Jvx.EXIT_INTERNAL);
        List<String> lines = stderr.lines().toList();
        assertThat(lines).as(stderr).hasSize(1);
        assertThat(lines.getFirst()).startsWith("jvx: out of memory (").contains("direct buffer memory")
                .contains("JAVA_OPTS=-XX:MaxDirectMemorySize=");
    }

    @Test
    void anErrorWrappedByAWorkerThreadIsFoundInTheCauseChain() {
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
        StringWriter err = new StringWriter();
        int code = Jvx.report(new IllegalStateException("writer failed", new ExecutionException(oom)),
                new PrintWriter(err));
        assertThat(code).isEqualTo(Jvx.EXIT_INTERNAL);
        assertThat(err.toString().lines().toList())
                .containsExactly("jvx: out of memory (Java heap space); give the JVM more heap, e.g. JAVA_OPTS=-Xmx4g");
    }
}
