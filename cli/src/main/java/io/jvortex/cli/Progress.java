package io.jvortex.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on stderr for long commands (rows done of the total, a byte count, speed and ETA),
 * shown only when the process runs on a terminal: {@link System#console()} is a terminal
 * ({@link java.io.Console#isTerminal()}: stdin and stdout) and, where Linux's {@code /proc} tells,
 * stderr is one too. Otherwise, e.g. piped, redirected or in tests, it shows nothing.
 */
final class Progress implements AutoCloseable {
    private final String task;
    private final String bytesDone;
    private final PrintStream err;
    private ProgressBar bar;

    private Progress(String task, String bytesDone, PrintStream err) {
        this.task = task;
        this.bytesDone = bytesDone;
        this.err = err;
    }

    /**
     * @param task what is being done, e.g. {@code convert}
     * @param bytesDone what the byte count counts, e.g. {@code read}
     * @return a bar on stderr, shown from the first update on, when on a terminal; else one that shows
     *     nothing
     */
    static Progress onTerminal(String task, String bytesDone) {
        return new Progress(task, bytesDone, terminal() ? System.err : null);
    }

    /** @return whether stdin, stdout and stderr are all terminals */
    static boolean terminal() {
        java.io.Console console = System.console();
        return console != null && console.isTerminal() && stderrIsTerminal();
    }

    private static boolean stderrIsTerminal() {
        Path fd2 = Path.of("/proc/self/fd/2");
        if (!Files.exists(fd2, LinkOption.NOFOLLOW_LINKS)) {
            return true; // no /proc: trust the console
        }
        try {
            String target = Files.readSymbolicLink(fd2).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /**
     * @param rowsDone the rows done so far
     * @param totalRows the rows there are to do
     * @param bytes the bytes done so far (read or written; shown as is)
     */
    void update(long rowsDone, long totalRows, long bytes) {
        if (err == null) {
            return;
        }
        if (bar == null) {
            bar = new ProgressBarBuilder()
                    .setTaskName(task)
                    .setInitialMax(Math.max(totalRows, 0))
                    .setUnit(" rows", 1)
                    .setStyle(ProgressBarStyle.ASCII)
                    .setUpdateIntervalMillis(250)
                    .showSpeed()
                    .setConsumer(new ConsoleProgressBarConsumer(err))
                    .build();
        }
        bar.maxHint(Math.max(totalRows, 0));
        bar.stepTo(rowsDone);
        bar.setExtraMessage(bytes < 0 ? "" : " " + bytes(bytes) + " " + bytesDone);
    }

    /**
     * A {@link io.jvortex.parquet.ParquetToVortex.Listener}: rows, and the Parquet bytes read.
     *
     * @param rows the rows converted
     * @param totalRows the rows of the Parquet file
     * @param bytes the Parquet bytes read
     * @param totalBytes the Parquet bytes there are
     */
    void parquet(long rows, long totalRows, long bytes, long totalBytes) {
        update(rows, totalRows, bytes);
    }

    /**
     * A {@link io.jvortex.csv.CsvToVortex.Listener}: rows, and the CSV bytes read; the total of rows
     * is extrapolated from the share of the file read, so the ETA follows the bytes.
     *
     * @param rows the rows converted
     * @param bytesRead the CSV bytes read
     * @param totalBytes the CSV file's size
     */
    void csv(long rows, long bytesRead, long totalBytes) {
        long estimate = bytesRead <= 0 ? rows : Math.max(rows, (long) ((double) rows * totalBytes / bytesRead));
        update(rows, estimate, bytesRead);
    }

    /**
     * Rows written of a known total (exports out of Vortex), without a byte count.
     *
     * @param rows the rows written
     * @param totalRows the rows there are
     */
    void rows(long rows, long totalRows) {
        update(rows, totalRows, -1);
    }

    /** Shows the final state and ends the bar's line. */
    @Override
    public void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }

    /**
     * @param n a byte count
     * @return it for people: {@code 812 B}, {@code 3.4 MiB}
     */
    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
