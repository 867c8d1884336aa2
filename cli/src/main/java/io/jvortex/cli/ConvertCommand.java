package io.jvortex.cli;

import io.jvortex.api.Edition;
import io.jvortex.api.WriteOptions;
import io.jvortex.io.ByteSink;
import io.jvortex.io.IoOptions;
import io.jvortex.io.S3Config;
import io.jvortex.io.S3Location;
import io.jvortex.io.S3MultipartSink;
import io.jvortex.parquet.ParquetToVortex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jvx convert IN OUT [--from F] [--to F] [--edition E] [--compact] [--codec C]}: converts between the formats
 * of {@link Format}, chosen by the files' name endings (or {@code --from}/{@code --to}). Parquet to
 * Vortex converts one row group at a time; CSV to Vortex infers the column types ({@link CsvConversion}).
 * OUT is a local path (written beside and renamed into place) or {@code s3://bucket/key} (an S3
 * multipart upload, credentials, region and endpoint from the environment as {@link S3Config#resolve}
 * describes); it appears only when the conversion succeeded.
 */
@Command(name = "convert", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Convert a file between Vortex and other formats (by name ending or --from/--to).")
final class ConvertCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "the input file")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT",
            description = "the file to write (replaced if present): a path or s3://bucket/key")
    String out;

    /** The environment S3 settings come from (the process's; tests pass their own). */
    Map<String, String> environment = System.getenv();
    /** The home directory holding {@code .aws/} (tests pass their own). */
    Path home = Path.of(System.getProperty("user.home"));

    @Option(names = "--edition", paramLabel = "E",
            description = "the newest core edition whose encodings the file may use, e.g. core2025.10.0 "
                    + "(default: the newest, ${DEFAULT-VALUE})")
    String edition = Edition.DEFAULT.id();

    @Option(names = "--compact", description = "also use the compact schemes (Pcodec, Zstandard): smaller, slower")
    boolean compact;

    @Option(names = "--codec", paramLabel = "C",
            description = "Parquet output: the page codec, zstd, snappy, gzip or uncompressed (default: ${DEFAULT-VALUE})")
    String codec = "zstd";

    @Option(names = "--from", paramLabel = "FORMAT",
            description = "the input's format when its name does not say it: ${COMPLETION-CANDIDATES}")
    Format from;

    @Option(names = "--to", paramLabel = "FORMAT",
            description = "the output's format when its name does not say it: ${COMPLETION-CANDIDATES}")
    Format to;

    @Mixin
    CsvConversion csv = new CsvConversion();

    /** The file formats {@code convert} knows, and the name endings that select them. */
    enum Format {
        /** Vortex ({@code .vortex}, {@code .vx}). */
        VORTEX(".vortex", ".vx"),
        /** Parquet ({@code .parquet}, {@code .pq}). */
        PARQUET(".parquet", ".pq"),
        /** CSV ({@code .csv}; {@code .tsv}: tab-separated). */
        CSV(".csv", ".tsv"),
        /** Arrow IPC ({@code .arrow}, {@code .feather}, {@code .ipc}: file format; {@code .arrows}: stream). */
        ARROW(".arrow", ".arrows", ".feather", ".ipc");

        private final String[] endings;

        Format(String... endings) {
            this.endings = endings;
        }

        /** The format a file name ends with, or null. */
        static Format ofName(String name) {
            String lower = name.toLowerCase(Locale.ROOT);
            for (Format f : values()) {
                for (String e : f.endings) {
                    if (lower.endsWith(e)) {
                        return f;
                    }
                }
            }
            return null;
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Override
    public void run() {
        Format inFormat = from != null ? from : Format.ofName(in.getFileName() == null ? "" : in.getFileName().toString());
        Format outFormat = to != null ? to : Format.ofName(out);
        if (inFormat == null) {
            inFormat = Format.PARQUET; // the original meaning of convert: Parquet in
        }
        if (outFormat == null) {
            outFormat = Format.VORTEX;
        }
        if (inFormat != Format.CSV) {
            csv.requireUnused(spec);
        }
        if (inFormat == Format.PARQUET && outFormat == Format.VORTEX) {
            toVortex(new Importer() {
                @Override
                public long toPath(Path path, WriteOptions options, Progress progress) {
                    return ParquetToVortex.convert(in, path, options, progress::parquet);
                }

                @Override
                public long toSink(ByteSink sink, WriteOptions options, Progress progress) {
                    return ParquetToVortex.convert(in, sink, options, progress::parquet);
                }
            });
        } else if (inFormat == Format.CSV && outFormat == Format.VORTEX) {
            toVortex(csv.importer(in, spec));
        } else if (inFormat == Format.ARROW || outFormat == Format.ARROW) {
            ArrowConversion.convert(spec, in, inFormat, out, outFormat, edition, compact);
        } else if (inFormat == Format.VORTEX && outFormat == Format.PARQUET) {
            ParquetExport.run(spec.commandLine(), in, out, codec);
        } else {
            throw new ParameterException(spec.commandLine(), "cannot convert " + inFormat + " to " + outFormat
                    + " (supported: parquet, csv or arrow to vortex, vortex to arrow or parquet)");
        }
    }

    /** Writes a Vortex file from another format, to a path or a sink. */
    interface Importer {
        /**
         * @param path the Vortex file to write
         * @param options how to write it
         * @param progress where progress goes (a no-op off a terminal)
         * @return rows written
         */
        long toPath(Path path, WriteOptions options, Progress progress);

        /**
         * @param sink where the Vortex file goes (owned from now on)
         * @param options how to write it
         * @param progress where progress goes (a no-op off a terminal)
         * @return rows written
         */
        long toSink(ByteSink sink, WriteOptions options, Progress progress);
    }

    private void toVortex(Importer importer) {
        Edition chosen;
        try {
            chosen = Edition.of(edition);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        WriteOptions options = WriteOptions.defaults().withEdition(chosen).withCompact(compact);
        long rows;
        long bytes;
        String scheme = scheme(out);
        try (Progress progress = Progress.onTerminal("convert", "read")) {
            if (scheme == null || scheme.equals("file")) {
                Path path = scheme == null ? Path.of(out) : Path.of(URI.create(out));
                rows = importer.toPath(path, options, progress);
                try {
                    bytes = Files.size(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(out, e);
                }
            } else if (scheme.equals("s3") || scheme.equals("s3a")) {
                S3Location location;
                try {
                    location = S3Location.parse(new URI(out));
                } catch (URISyntaxException | IllegalArgumentException e) {
                    throw new ParameterException(spec.commandLine(), "OUT: " + e.getMessage());
                }
                ByteSink sink = S3MultipartSink.create(location, S3Config.resolve(environment, home), IoOptions.defaults());
                rows = importer.toSink(sink, options, progress);
                bytes = sink.position();
            } else {
                throw new ParameterException(spec.commandLine(), "OUT: cannot write to " + scheme
                        + ": (expected a path or s3://bucket/key)");
            }
        }
        spec.commandLine().getOut().println(out + ": " + rows + " rows, " + bytes + " bytes (edition "
                + chosen.id() + (compact ? ", compact" : "") + ")");
    }

    /** The lower-case scheme of {@code scheme://...}, or null for a path (Windows drive letters included). */
    private static String scheme(String out) {
        int colon = out.indexOf("://");
        if (colon < 2 || !out.substring(0, colon).matches("[a-zA-Z][a-zA-Z0-9+.-]*")) {
            return out.regionMatches(true, 0, "file:", 0, 5) ? "file" : null;
        }
        return out.substring(0, colon).toLowerCase(Locale.ROOT);
    }
}
