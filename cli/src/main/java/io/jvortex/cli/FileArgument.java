package io.jvortex.cli;

import io.jvortex.api.ReaderOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.io.ByteSources;
import io.jvortex.io.S3Config;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The FILE parameter shared by the reading subcommands: a local path (memory-mapped), or
 * {@code s3://bucket/key} / {@code http(s)://…} (range reads; S3 credentials, region and endpoint from
 * the environment as {@link S3Config#resolve} describes), plus {@code --io-stats}.
 */
final class FileArgument {
    /** A URI with a scheme of two or more letters (so a Windows drive letter stays a path). */
    private static final Pattern URI_WITH_SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]+://.*");

    @Parameters(index = "0", paramLabel = "FILE",
            description = "a Vortex file: a local path, s3://bucket/key or http(s)://host/path")
    String file;

    @Option(names = "--io-stats",
            description = "print to stderr what reading cost: requests, bytes fetched, time waiting on requests")
    boolean ioStats;

    /** The environment S3 settings come from (the process's; tests pass their own). */
    Map<String, String> environment = System.getenv();
    /** The home directory holding {@code .aws/} (tests pass their own). */
    Path home = Path.of(System.getProperty("user.home"));

    /** @return a reader with the default options */
    VortexReader open() {
        return open(ReaderOptions.defaults());
    }

    /**
     * @param options how to read
     * @return a reader of {@link #file}
     */
    VortexReader open(ReaderOptions options) {
        if (URI_WITH_SCHEME.matcher(file).matches()) {
            URI uri = URI.create(file);
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            S3Config s3 = scheme.equals("s3") || scheme.equals("s3a") ? S3Config.resolve(environment, home) : null;
            return VortexReader.open(ByteSources.open(uri, options.io(), s3), options);
        }
        return VortexReader.open(Path.of(file), options);
    }

    /**
     * Prints the reader's I/O counters when {@code --io-stats} was given.
     *
     * @param reader the reader used
     * @param err where to print
     */
    void report(VortexReader reader, PrintWriter err) {
        if (ioStats) {
            err.println("io: " + (URI_WITH_SCHEME.matcher(file).matches() ? reader.ioStats()
                    : "local file, memory-mapped (no requests)"));
            err.flush();
        }
    }

    /**
     * @param reader the reader used
     * @param err where to print
     * @return a resource whose close prints the I/O counters (when {@code --io-stats} was given): declare
     *     it after the reader in a try-with-resources, so it prints before the reader closes, also when
     *     the command fails
     */
    Report reporting(VortexReader reader, PrintWriter err) {
        return () -> report(reader, err);
    }

    /**
     * Opens the file with the default options, runs {@code body} on it and prints the I/O counters
     * (when {@code --io-stats} was given), also when {@code body} fails.
     *
     * @param err where to print the counters
     * @param body what to do with the reader
     */
    void read(PrintWriter err, java.util.function.Consumer<VortexReader> body) {
        try (VortexReader reader = open(); Report _ = reporting(reader, err)) {
            body.accept(reader);
        }
    }

    /** Prints on close; never throws. */
    interface Report extends AutoCloseable {
        @Override
        void close();
    }

    /** A subcommand that reads a {@link FileArgument}. */
    interface Reading {
        /** @return its file argument */
        FileArgument input();
    }
}
