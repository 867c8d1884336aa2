package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.testing.oracle.RustOracle;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Files written by released Rust writers from 0.36 to 0.88 (see {@code resources/old-writers/make_old_files.py})
 * read value-exact: jvortex's rendering equals the pinned 0.91 reader's, which promises to read every
 * file since 0.36.
 */
class OldWriterFilesReadTest {
    static final List<String> VERSIONS = List.of("0.36.0", "0.40.0", "0.45.0", "0.50.0", "0.54.0", "0.60.0",
            "0.66.0", "0.72.0", "0.76.0", "0.80.0", "0.84.0", "0.88.0");

    @TestFactory
    Stream<DynamicTest> filesOfEveryWriterEraRead() throws IOException {
        Path dir = Files.createTempDirectory("jvortex-old-writers");
        List<DynamicTest> tests = new ArrayList<>();
        for (String version : VERSIONS) {
            tests.add(DynamicTest.dynamicTest("written by vortex-data " + version, () -> {
                Path file = dir.resolve("vortex-" + version + ".vortex");
                try (InputStream in = getClass().getResourceAsStream("/old-writers/vortex-" + version + ".vortex")) {
                    assertThat(in).as("committed file of writer %s", version).isNotNull();
                    Files.copy(in, file);
                }
                List<String> rust = RustOracle.shared().read(file);
                assertThat(rust).hasSize(5000);
                RustWrittenFilesReadTest.compare(file, rust, "writer " + version);
            }));
        }
        return tests.stream();
    }
}
