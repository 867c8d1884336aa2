package io.jvortex.fuzz;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs a target on input files once each, without Jazzer, and prints what escapes: {@code java -cp
 * core/target/test-classes:core/target/classes:$(cat target/fuzz/TARGET/classpath.txt)
 * io.jvortex.fuzz.Replay TARGET FILE...} after a campaign of that target.
 */
public final class Replay {
    private Replay() {
    }

    /**
     * @param args the target's class name (simple for core's targets) and the input files
     * @throws Throwable when a class is missing
     */
    public static void main(String[] args) throws Throwable {
        String name = args[0].contains(".") ? args[0] : "io.jvortex.fuzz." + args[0];
        MethodHandle entry = MethodHandles.lookup().findStatic(Class.forName(name), "fuzzerTestOneInput",
                MethodType.methodType(void.class, byte[].class));
        int failed = 0;
        for (int i = 1; i < args.length; i++) {
            try {
                entry.invokeExact(Files.readAllBytes(Path.of(args[i])));
                System.out.println("passes: " + args[i]);
            } catch (Throwable t) {
                failed++;
                System.out.println("FAILS: " + args[i]);
                t.printStackTrace(System.out);
            }
        }
        System.exit(failed == 0 ? 0 : 1);
    }
}
