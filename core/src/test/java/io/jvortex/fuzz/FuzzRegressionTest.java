package io.jvortex.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The fuzz targets' regression mode: every seed, every input of the stored corpus
 * ({@code src/test/fuzz/TARGET/corpus}, kept by {@code scripts/fuzz --save}) and every crasher ever
 * found ({@code src/test/fuzz/TARGET/crashers}, minimised) runs through its target and must pass:
 * the target itself decides what a documented failure is.
 */
class FuzzRegressionTest {
    static final List<String> TARGETS = FuzzSeeds.TARGETS;

    @ParameterizedTest
    @FieldSource("TARGETS")
    void everyStoredInputPasses(String target) throws Throwable {
        MethodHandle entry = MethodHandles.lookup().findStatic(Class.forName("io.jvortex.fuzz." + target),
                "fuzzerTestOneInput", MethodType.methodType(void.class, byte[].class));
        List<Input> inputs = new ArrayList<>();
        List<byte[]> seeds = FuzzSeeds.of(target);
        for (int i = 0; i < seeds.size(); i++) {
            inputs.add(new Input("seed " + i, seeds.get(i)));
        }
        int stored = 0;
        for (String kind : List.of("corpus", "crashers")) {
            Path dir = Path.of("src/test/fuzz", target, kind);
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path p : files.sorted().toList()) {
                        inputs.add(new Input(p.toString(), Files.readAllBytes(p)));
                        stored++;
                    }
                }
            }
        }
        assertThat(seeds).as("seeds of %s", target).isNotEmpty();
        System.out.printf("%s: %d seeds, %d stored inputs%n", target, seeds.size(), stored);
        assertTimeoutPreemptively(Duration.ofMinutes(5), () -> {
            for (Input input : inputs) {
                try {
                    entry.invokeExact(input.bytes());
                } catch (Throwable t) {
                    throw new AssertionError(target + " fails on " + input.name() + ": " + t, t);
                }
            }
        });
    }

    private record Input(String name, byte[] bytes) {
    }

    /** The seeds that model a well-behaved server get through, so the targets reach the success paths. */
    @org.junit.jupiter.api.Test
    void wellBehavedServersSeedsSucceed() {
        List<byte[]> http = FuzzSeeds.of("HttpResponseFuzzer");
        for (int i : new int[] {0, 1}) {
            HttpResponseFuzzer.fuzzerTestOneInput(http.get(i));
            assertThat(HttpResponseFuzzer.lastSucceeded).as("HTTP seed %d", i).isTrue();
        }
        HttpResponseFuzzer.fuzzerTestOneInput(http.get(2));
        assertThat(HttpResponseFuzzer.lastSucceeded).as("a 404 fails").isFalse();
        List<byte[]> s3 = FuzzSeeds.of("S3ResponseFuzzer");
        for (int i : new int[] {0, 2, 4}) {
            S3ResponseFuzzer.fuzzerTestOneInput(s3.get(i));
            assertThat(S3ResponseFuzzer.lastSucceeded).as("S3 seed %d", i).isTrue();
        }
        for (int i : new int[] {1, 3}) {
            S3ResponseFuzzer.fuzzerTestOneInput(s3.get(i));
            assertThat(S3ResponseFuzzer.lastSucceeded).as("S3 seed %d fails", i).isFalse();
        }
    }

    @org.junit.jupiter.api.Test
    void everyTargetIsListed() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src/test/java/io/jvortex/fuzz"))) {
            List<String> targets = files.map(p -> p.getFileName().toString().replace(".java", ""))
                    .filter(n -> n.endsWith("Fuzzer")).sorted().toList();
            assertThat(targets).containsExactlyInAnyOrderElementsOf(TARGETS);
        }
    }
}
