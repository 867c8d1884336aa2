package io.jvortex.cli;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.internal.jsonl.JsonlWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code jvx demo}: generates a TPC-H-like lineitem table (deterministic, built in), writes it as a
 * Vortex file, and times a full scan, a two-column scan, a filtered scan and a 100-row take on it: the
 * first run of each (a cold JVM, as a user's first contact) and the best of a few warm runs (a service).
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Write a built-in TPC-H-like lineitem table as Vortex and time scans, a filter and a take.")
final class DemoCommand implements Runnable {
    /** The filter of the filtered scan (about 1 % of the rows). */
    static final String FILTER = "l_shipdate BETWEEN DATE '1995-01-01' AND DATE '1995-01-31' AND l_quantity > 25";
    private static final int BATCH_ROWS = 64 * 1024;

    @Spec
    CommandSpec spec;

    @Option(names = "--rows", paramLabel = "N", description = "rows to generate (default ${DEFAULT-VALUE})")
    int rows = 1_000_000;

    @Option(names = "--warm", paramLabel = "N",
            description = "after the first run of each read step, run it N more times and print the best "
                    + "(default ${DEFAULT-VALUE}; 0: first runs only)")
    int warm = 5;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "where to write lineitem.vortex (default: jvx-demo in the temporary directory)")
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "jvx-demo");

    @Override
    public void run() {
        if (rows < 1) {
            throw new ParameterException(spec.commandLine(), "--rows must be >= 1, got " + rows);
        }
        if (warm < 0) {
            throw new ParameterException(spec.commandLine(), "--warm must be >= 0, got " + warm);
        }
        PrintWriter out = spec.commandLine().getOut();
        Path file = dir.resolve("lineitem.vortex");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.printf(Locale.ROOT, "jvortex demo: TPC-H-like lineitem, %,d rows (built in, deterministic), %d threads%n",
                rows, Runtime.getRuntime().availableProcessors());
        if (warm > 0) {
            out.printf(Locale.ROOT, "  reads: the first run in this JVM, then the best of %d warm runs%n", warm);
        }

        long t0 = System.nanoTime();
        WriteOptions options = WriteOptions.defaults();
        try (VortexWriter writer = VortexWriter.create(file, LineitemGenerator.SCHEMA, options)) {
            LineitemGenerator generator = new LineitemGenerator();
            for (int done = 0; done < rows; done += BATCH_ROWS) {
                try (Arena arena = Arena.ofConfined()) {
                    StructArray batch = generator.next(Math.min(BATCH_ROWS, rows - done), arena);
                    writer.write(batch);
                }
            }
        }
        long bytes;
        try {
            bytes = Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        line(out, "generate + write", t0, String.format(Locale.ROOT, "%s, %.1f MB, edition %s", file,
                bytes / 1e6, options.edition().id()));

        try (VortexReader reader = VortexReader.open(file)) {
            long[] values = new long[1];
            step(out, "full scan", () -> values[0] = count(reader, ScanOptions.all()),
                    () -> String.format(Locale.ROOT, "%,d rows x 16 columns (%,d values)", reader.rowCount(),
                            values[0]));
            ScanOptions two = ScanOptions.builder().columns("l_orderkey", "l_extendedprice").build();
            step(out, "two-column scan", () -> values[0] = count(reader, two),
                    () -> String.format(Locale.ROOT, "l_orderkey, l_extendedprice (%,d values)", values[0]));
            ScanOptions filtered = ScanOptions.builder().filter(FILTER).build();
            step(out, "filtered scan", () -> values[0] = rows(reader, filtered),
                    () -> String.format(Locale.ROOT, "%,d rows where %s", values[0], FILTER));
            long[] picks = new SplittableRandom(7).longs(100, 0, reader.rowCount()).toArray();
            String[] first = new String[1];
            step(out, "take 100 rows", () -> {
                try (Chunk chunk = reader.take(picks)) {
                    first[0] = JsonlWriter.toJson(chunk.rawArray(), 0);
                }
            }, () -> "rows " + Arrays.toString(Arrays.copyOf(picks, 3)).replace("]", ", ...]") + ", the first: "
                    + first[0]);
        }
        out.flush();
    }

    /**
     * Runs a step once (what a cold JVM sees, printed as the step's time) and then {@link #warm} more times,
     * printing the best of those (what a long-running service sees).
     */
    private void step(PrintWriter out, String what, Runnable work, java.util.function.Supplier<String> detail) {
        long t = System.nanoTime();
        work.run();
        long firstNanos = System.nanoTime() - t;
        long best = Long.MAX_VALUE;
        for (int i = 0; i < warm; i++) {
            t = System.nanoTime();
            work.run();
            best = Math.min(best, System.nanoTime() - t);
        }
        String warmText = warm == 0 ? "" : String.format(Locale.ROOT, "warm %8.3f s   ", best / 1e9);
        out.printf(Locale.ROOT, "  %-17s %8.3f s   %s%s%n", what, firstNanos / 1e9, warmText, detail.get());
        out.flush();
    }

    private static void line(PrintWriter out, String what, long startNanos, String detail) {
        out.printf(Locale.ROOT, "  %-17s %8.3f s   %s%n", what, (System.nanoTime() - startNanos) / 1e9, detail);
        out.flush();
    }

    /** Scans and counts the values (every column of every chunk is decoded). */
    private static long count(VortexReader reader, ScanOptions options) {
        long values = 0;
        try (ScanIterator scan = reader.scan(options)) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    Canonical array = chunk.rawArray();
                    values += (long) array.length() * chunk.columnCount();
                }
            }
        }
        return values;
    }

    private static long rows(VortexReader reader, ScanOptions options) {
        long rows = 0;
        try (ScanIterator scan = reader.scan(options)) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    rows += chunk.rowCount();
                }
            }
        }
        return rows;
    }
}
