package io.jvortex.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Minimal entry point of the {@code jvx} command until the real command line lands: it answers
 * {@code --version} (the version comes from the Maven descriptor in the jar) and nothing else.
 */
public final class Jvx {

    private Jvx() {}

    /**
     * Runs jvx.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            System.out.println("jvx " + version());
            return;
        }
        System.err.println("usage: jvx --version (the other commands are not written yet)");
        System.exit(2);
    }

    /** The project version from the jar's Maven descriptor, or {@code unknown} outside a jar. */
    private static String version() {
        try (InputStream in = Jvx.class.getResourceAsStream("/META-INF/maven/io.jvortex/jvortex-cli/pom.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
