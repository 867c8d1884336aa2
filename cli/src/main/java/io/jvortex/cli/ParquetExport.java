package io.jvortex.cli;

import io.jvortex.parquet.ParquetWriteOptions;
import io.jvortex.parquet.VortexToParquet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** {@code jvx convert in.vortex out.parquet [--codec C]}: Vortex to Parquet with {@link VortexToParquet}. */
final class ParquetExport {
    private ParquetExport() {
    }

    /**
     * Converts and prints {@code OUT: N rows, B bytes (codec C)}.
     *
     * @param cl the command line (for usage errors and output)
     * @param in the Vortex file
     * @param out the Parquet file: a local path or {@code file:} URI
     * @param codec the page codec name: zstd, snappy, gzip or uncompressed
     */
    static void run(CommandLine cl, Path in, String out, String codec) {
        ParquetWriteOptions options;
        try {
            options = ParquetWriteOptions.defaults().withCodec(codec);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(cl, "--codec: " + e.getMessage());
        }
        Path path;
        if (out.regionMatches(true, 0, "file:", 0, 5)) {
            path = Path.of(URI.create(out));
        } else if (out.matches("[a-zA-Z][a-zA-Z0-9+.-]+://.*")) {
            throw new ParameterException(cl, "OUT: Parquet is written to local paths only, not " + out);
        } else {
            path = Path.of(out);
        }
        long rows;
        try (Progress progress = Progress.onTerminal("convert", "written")) {
            rows = VortexToParquet.convert(in, path, options, progress::rows);
        }
        long bytes;
        try {
            bytes = Files.size(path);
        } catch (IOException e) {
            throw new UncheckedIOException(out, e);
        }
        cl.getOut().println(out + ": " + rows + " rows, " + bytes + " bytes (codec "
                + options.codec().name().toLowerCase(Locale.ROOT) + ")");
    }
}
