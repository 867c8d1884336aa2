package io.jvortex.csv.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link CsvFuzzer}'s regression mode: its seeds, the stored corpus and every crasher found by
 * {@code scripts/fuzz CsvFuzzer MINUTES} ({@code src/test/fuzz/CsvFuzzer/…}) pass.
 */
class CsvFuzzRegressionTest {
    @Test
    void everyStoredInputPasses() throws IOException {
        List<Map.Entry<String, byte[]>> inputs = new ArrayList<>();
        List<byte[]> seeds = CsvFuzzSeeds.of();
        for (int i = 0; i < seeds.size(); i++) {
            inputs.add(Map.entry("seed " + i, seeds.get(i)));
        }
        for (String kind : List.of("corpus", "crashers")) {
            Path dir = Path.of("src/test/fuzz/CsvFuzzer", kind);
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path p : files.sorted().toList()) {
                        inputs.add(Map.entry(p.toString(), Files.readAllBytes(p)));
                    }
                }
            }
        }
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(seeds.size()).isNotEmpty();
        for (Map.Entry<String, byte[]> input : inputs) {
            try {
                CsvFuzzer.fuzzerTestOneInput(input.getValue());
            } catch (RuntimeException | AssertionError e) {
                throw new AssertionError("CsvFuzzer fails on " + input.getKey() + ": " + e, e);
            }
        }
    }
}
