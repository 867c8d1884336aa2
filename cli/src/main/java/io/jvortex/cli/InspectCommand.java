package io.jvortex.cli;

import io.jvortex.api.VortexReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jvx inspect FILE [--html OUT]}: where a file's bytes go. Without {@code --html} a text summary:
 * the file's bytes (data, zone maps, other segments, footer), then per column its stored, zone-map and
 * uncompressed bytes and compression ratio, then the bytes per encoding, then each column's encodings.
 * With {@code --html} one self-contained HTML page (see {@link InspectHtml}). Decodes every column once
 * for the uncompressed sizes (a progress bar on a terminal).
 */
@Command(name = "inspect", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Show where a file's bytes go: per column and encoding, with compression ratios "
                + "(--html: a self-contained page with the layout tree, byte bars and zone-map heat strips).")
final class InspectCommand implements Runnable, FileArgument.Reading {
    @Spec
    CommandSpec spec;
    @Mixin
    FileArgument input;

    @Option(names = "--html", paramLabel = "OUT",
            description = "write a self-contained HTML page (no network: inline SVG, CSS and JS) to OUT")
    Path html;

    @Override
    public FileArgument input() {
        return input;
    }

    @Override
    public void run() {
        FileReport report;
        try (VortexReader reader = input.open();
             FileArgument.Report _ = input.reporting(reader, spec.commandLine().getErr());
             Progress progress = Progress.onTerminal("inspect", "decoded")) {
            report = FileReport.of(reader, input.file, progress);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (html == null) {
            print(out, report);
            return;
        }
        write(html, InspectHtml.render(report));
        out.println(html + ": " + report.columns().size() + " columns, " + report.fileBytes() + " bytes inspected");
    }

    /** Writes beside the target and moves it into place, so a failed run leaves no half page. */
    private static void write(Path target, String text) {
        Path absolute = target.toAbsolutePath();
        try {
            Path partial = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".partial");
            try {
                Files.writeString(partial, text, StandardCharsets.UTF_8);
                Files.move(partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(partial);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(target.toString(), e);
        }
    }

    /**
     * The text summary.
     *
     * @param out where to print
     * @param r the report
     */
    static void print(PrintWriter out, FileReport r) {
        long zoneMaps = r.columns().stream().mapToLong(FileReport.ColumnReport::zoneMapBytes).sum();
        out.println("file: " + r.source());
        out.println("rows: " + r.rows());
        out.println("bytes: " + r.fileBytes() + " (data " + r.dataBytes() + ", zone maps " + zoneMaps
                + ", other segments " + r.otherSegmentBytes() + ", footer, padding and unknown layouts " + r.footerBytes() + ")");
        out.println("uncompressed: " + r.uncompressedBytes() + " bytes, ratio "
                + ratio(r.ratio()) + (r.columns().stream().anyMatch(c -> c.decodeError() != null)
                        ? " (of the decodable columns)" : ""));
        out.println("(" + FileReport.UNCOMPRESSED_METHOD + ")");
        out.println();
        TextTable columns = new TextTable("column", "dtype", "stored", "zone_maps", "uncompressed", "ratio");
        for (FileReport.ColumnReport c : r.columns()) {
            columns.row(c.name(), c.dtype().display(), Long.toString(c.dataBytes()), Long.toString(c.zoneMapBytes()),
                    c.uncompressedBytes().isPresent() ? Long.toString(c.uncompressedBytes().getAsLong()) : "?",
                    ratio(c.ratio()));
        }
        columns.print(out);
        for (FileReport.ColumnReport c : r.columns()) {
            if (c.decodeError() != null) {
                out.println("not decodable: " + c.name() + ": " + c.decodeError());
            }
        }
        out.println();
        TextTable encodings = new TextTable("encoding", "bytes", "share");
        long data = Math.max(1, r.dataBytes());
        for (Map.Entry<String, Long> e : r.encodingBytes().entrySet()) {
            encodings.row(e.getKey(), Long.toString(e.getValue()), percent(e.getValue(), data));
        }
        encodings.print(out);
        out.println();
        TextTable perColumn = new TextTable("column", "encoding", "bytes", "share");
        for (FileReport.ColumnReport c : r.columns()) {
            for (Map.Entry<String, Long> e : c.encodingBytes().entrySet()) {
                perColumn.row(c.name(), e.getKey(), Long.toString(e.getValue()),
                        percent(e.getValue(), Math.max(1, c.dataBytes())));
            }
        }
        perColumn.print(out);
    }

    /**
     * @param ratio a compression ratio (NaN: unknown)
     * @return it as {@code 3.21x}, or {@code ?}
     */
    static String ratio(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.2fx", ratio) : "?";
    }

    /**
     * @param part a part
     * @param whole the whole (positive)
     * @return the part's share as {@code 12.3%}
     */
    static String percent(long part, long whole) {
        return String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
