package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.dtype.DType;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testing.oracle.RustOracle;
import java.io.StringWriter;
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
                if (version.equals("0.36.0")) {
                    sameAsLaterWriter(file, dir);
                    return;
                }
                List<String> rust = RustOracle.shared().read(file);
                assertThat(rust).hasSize(5000);
                RustWrittenFilesReadTest.compare(file, rust, "writer " + version);
            }));
        }
        return tests.stream();
    }

    /**
     * The 0.36 writer stored the nullable struct column without its validity child, which the 0.91
     * reader rejects ("nchildren == expected"); jvortex reads it as all-valid. Its rows must equal
     * those of the same table written by 0.40 (checked against the Rust reader above), restricted to
     * the columns 0.36 could write.
     */
    private static void sameAsLaterWriter(Path file036, Path dir) throws IOException {
        Path file040 = dir.resolve("vortex-0.40.0-for-0.36.vortex");
        try (InputStream in = OldWriterFilesReadTest.class.getResourceAsStream("/old-writers/vortex-0.40.0.vortex")) {
            Files.copy(in, file040);
        }
        List<String> columns;
        try (VortexReader r = VortexReader.open(file036)) {
            columns = ((DType.Struct) r.schema()).names();
        }
        assertThat(columns).contains("point").doesNotContain("amount");
        assertThat(readJsonl(file036, columns)).isEqualTo(readJsonl(file040, columns));
    }

    private static List<String> readJsonl(Path file, List<String> columns) {
        StringWriter out = new StringWriter();
        JsonlWriter writer = new JsonlWriter(out);
        try (VortexReader reader = VortexReader.open(file);
             ScanIterator scan = reader.scan(ScanOptions.builder().columns(columns).build())) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    writer.write(chunk.rawArray());
                }
            }
        }
        writer.flush();
        return out.toString().lines().toList();
    }
}
