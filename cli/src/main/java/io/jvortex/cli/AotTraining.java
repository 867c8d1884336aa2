package io.jvortex.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;

/**
 * The training run of {@code jvx}'s ahead-of-time cache (JDK 25, {@code -XX:AOTCacheOutput}): the build
 * runs the typical reading commands once over a sample file in one JVM, so that the classes they load and
 * link are in the cache the {@code ./jvx} launcher starts with. Output is discarded; a command failing
 * fails the build, because a cache trained on an error path would not help.
 */
public final class AotTraining {
    private AotTraining() {
    }

    /**
     * Runs the training commands.
     *
     * @param args the sample Vortex file
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: AotTraining FILE.vortex");
        }
        String file = args[0];
        List<List<String>> commands = List.of(
                List.of("--help"),
                List.of("schema", file),
                List.of("count", file),
                List.of("tree", file),
                List.of("cat", "--limit", "2000", file),
                List.of("cat", "--format", "csv", "--limit", "2000", file),
                List.of("cat", "--where", "l_quantity > 45", "--columns", "l_orderkey,l_quantity", file),
                List.of("take", file, "0,7,4999,9999"),
                List.of("stats", file));
        for (List<String> command : commands) {
            StringWriter err = new StringWriter();
            int code = Jvx.execute(new PrintWriter(Writer.nullWriter()), new PrintWriter(err),
                    command.toArray(String[]::new));
            if (code != 0) {
                throw new IllegalStateException("training command jvx " + String.join(" ", command) + " exited "
                        + code + ": " + err);
            }
        }
    }
}
