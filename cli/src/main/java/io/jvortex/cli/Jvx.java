package io.jvortex.cli;

import io.jvortex.csv.CsvException;
import io.jvortex.error.VortexException;
import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code jvx} command: inspect and read Vortex files, convert Parquet and CSV files to Vortex.
 *
 * <p>Exit codes: 0 success; 2 the file is malformed, unsupported or unreadable (the message is printed
 * as {@code jvx: <message>} on stderr); 64 bad usage (picocli's message and the usage help); 70 an
 * internal error (a bug: message and stack trace on stderr) or the JVM ran out of memory (one line with
 * a hint to give it more, no stack trace).
 */
@Command(name = "jvx", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Inspect, read and convert Vortex columnar files.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "2:the file is malformed, unsupported or cannot be read",
                "64:bad usage", "70:internal error (a bug in jvx) or out of memory"})
public final class Jvx implements Runnable {
    /** Exit code for a file that is malformed, unsupported or unreadable. */
    public static final int EXIT_BAD_FILE = 2;
    /** Exit code for bad usage (sysexits' EX_USAGE). */
    public static final int EXIT_USAGE = 64;
    /** Exit code for an internal error, i.e. a bug in jvx, or memory exhausted (sysexits' EX_SOFTWARE). */
    public static final int EXIT_INTERNAL = 70;

    /**
     * The subcommands by name, in the order the usage help lists them. They are added by {@link #commandLine}
     * rather than named in the {@code @Command} annotation: picocli reads every added command's annotations
     * by reflection, which costs a cold {@code jvx count} about as much as the count itself.
     */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

    @Spec
    CommandSpec spec;

    /** Creates the root command (see {@link #commandLine} for a configured command line). */
    public Jvx() {
    }

    /**
     * Entry point of the {@code jvx} command.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        // stdout is written in large blocks as UTF-8 whatever the platform encoding
        PrintWriter out = new PrintWriter(new BufferedWriter(
                new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = execute(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs {@code jvx} in-process.
     *
     * @param out where command output goes
     * @param err where errors and usage messages go
     * @param args the command line
     * @return the exit code
     */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return execute(commandLine(out, err, args.length > 0 ? args[0] : null), out, err, args);
    }

    /**
     * Runs {@code jvx} in-process with the given environment and home directory for S3 settings
     * (tests: never the real {@code ~/.aws}).
     */
    static int execute(PrintWriter out, PrintWriter err, Map<String, String> environment, Path home,
                       String... args) {
        CommandLine cmd = commandLine(out, err);
        ConvertCommand convert = cmd.getSubcommands().get("convert").getCommand();
        convert.environment = environment;
        convert.home = home;
        for (CommandLine sub : cmd.getSubcommands().values()) {
            if (sub.getCommand() instanceof FileArgument.Reading reading) {
                reading.input().environment = environment;
                reading.input().home = home;
            }
        }
        return execute(cmd, out, err, args);
    }

    private static int execute(CommandLine cmd, PrintWriter out, PrintWriter err, String... args) {
        try {
            return cmd.execute(args);
        } catch (OutOfMemoryError oom) {
            return reportOutOfMemory(oom, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /**
     * Builds the configured command line (output streams, exit codes, error handling).
     *
     * @param out where command output goes
     * @param err where errors and usage messages go
     * @return the command line
     */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(out, err, null);
    }

    /**
     * Builds the command line for arguments starting with {@code first}: when that names a subcommand
     * other than {@code help}, only that subcommand is added (the others could not run); otherwise all of
     * them, for the usage help, {@code help COMMAND} and the suggestions for a mistyped name.
     *
     * @param out where command output goes
     * @param err where errors and usage messages go
     * @param first the first argument, or null
     * @return the command line
     */
    static CommandLine commandLine(PrintWriter out, PrintWriter err, String first) {
        CommandLine cmd = new CommandLine(new Jvx());
        boolean one = first != null && SUBCOMMANDS.containsKey(first) && !first.equals("help");
        SUBCOMMANDS.forEach((name, command) -> {
            if (!one || name.equals(first)) {
                cmd.addSubcommand(name, command.get());
            }
        });
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        setUsageExitCode(cmd);
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getOut().flush();
            try {
                return report(ex, commandLine.getErr());
            } finally {
                commandLine.getErr().flush();
            }
        });
        return cmd;
    }

    /** Prints a failure of a command as {@code jvx: ...} and returns its exit code. */
    static int report(Exception ex, PrintWriter e) {
        switch (ex) {
            case VortexException v -> {
                e.println("jvx: " + v.getMessage());
                return EXIT_BAD_FILE;
            }
            case UncheckedIOException io -> {
                e.println("jvx: " + describe(io));
                return EXIT_BAD_FILE;
            }
            case CsvException c -> {
                e.println("jvx: " + c.getMessage());
                return EXIT_BAD_FILE;
            }
            case UnsupportedOperationException u -> {
                e.println("jvx: unsupported: " + u.getMessage());
                return EXIT_BAD_FILE;
            }
            default -> {
                OutOfMemoryError oom = outOfMemoryCause(ex);
                if (oom != null) {
                    // a worker thread ran out of memory and the failure reached us wrapped
                    return reportOutOfMemory(oom, e);
                }
                // a bug in jvx: say so, with the stack trace for the report
                e.println("jvx: internal error: " + ex);
                ex.printStackTrace(e);
                return EXIT_INTERNAL;
            }
        }
    }

    /** The first {@link OutOfMemoryError} in a failure's cause chain, or null. */
    private static OutOfMemoryError outOfMemoryCause(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryError oom) {
                return oom;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    /**
     * Prints an exhausted heap or direct-memory limit as one line with a hint, no stack trace.
     *
     * @param oom the error
     * @param e where to print
     * @return {@link #EXIT_INTERNAL}
     */
    static int reportOutOfMemory(OutOfMemoryError oom, PrintWriter e) {
        String what = oom.getMessage() == null || oom.getMessage().isBlank() ? "OutOfMemoryError" : oom.getMessage();
        String hint = what.contains("direct buffer")
                ? "raise the direct-memory limit, e.g. JAVA_OPTS=-XX:MaxDirectMemorySize=4g (or -Xmx, which sets its default)"
                : "give the JVM more heap, e.g. JAVA_OPTS=-Xmx4g";
        e.println("jvx: out of memory (" + what + "); " + hint);
        e.flush();
        return EXIT_INTERNAL;
    }

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> all = new LinkedHashMap<>();
        all.put("schema", SchemaCommand::new);
        all.put("tree", TreeCommand::new);
        all.put("count", CountCommand::new);
        all.put("cat", CatCommand::new);
        all.put("take", TakeCommand::new);
        all.put("convert", ConvertCommand::new);
        all.put("demo", DemoCommand::new);
        all.put("inspect", InspectCommand::new);
        all.put("stats", StatsCommand::new);
        all.put("help", CommandLine.HelpCommand::new);
        return Collections.unmodifiableMap(all);
    }

    private static void setUsageExitCode(CommandLine cmd) {
        cmd.getCommandSpec().exitCodeOnInvalidInput(EXIT_USAGE);
        for (CommandLine sub : cmd.getSubcommands().values()) {
            setUsageExitCode(sub);
        }
    }

    private static String describe(UncheckedIOException e) {
        IOException cause = e.getCause();
        String why = switch (cause) {
            case NoSuchFileException n -> "no such file";
            case AccessDeniedException a -> "permission denied";
            default -> cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
        };
        // a RangeReadException's message already holds its cause's
        return e.getMessage().contains(why) ? e.getMessage() : e.getMessage() + ": " + why;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing required subcommand");
    }

    /** Reads the version from the filtered {@code version.properties} resource. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = Jvx.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"jvx " + p.getProperty("version", "unknown")};
        }
    }
}
