package io.jvortex.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.WriteOptions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Converts a Parquet file in a child JVM (for memory tests); prints {@code rows=N} and the heap pools'
 * summed peak use, {@code peakHeapMiB=M}.
 */
public final class ConvertChild {
    private ConvertChild() {
    }

    /**
     * Runs the conversion in a child JVM and checks that it finished within two minutes with exit code 0.
     *
     * @param log where the child's output goes
     * @param jvmOptions the child's heap and other JVM options
     * @param parquet the Parquet file
     * @param vortex the Vortex file
     * @return the child's output
     * @throws IOException when the child cannot be started or its log read
     * @throws InterruptedException when interrupted while waiting
     */
    static String run(Path log, List<String> jvmOptions, Path parquet, Path vortex)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmOptions);
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                ConvertChild.class.getName(), parquet.toString(), vortex.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean done = child.waitFor(2, TimeUnit.MINUTES);
        if (!done) {
            child.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(done).as("child finished in time; output:%n%s", output).isTrue();
        assertThat(child.exitValue()).as("exit code; output:%n%s", output).isZero();
        return output;
    }

    /**
     * @param args the Parquet file, the Vortex file
     */
    public static void main(String[] args) {
        long rows = ParquetToVortex.convert(Path.of(args[0]), Path.of(args[1]), WriteOptions.defaults());
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.println("rows=" + rows);
        System.out.println("peakHeapMiB=" + (peak >> 20));
    }
}
