package io.jvortex.cli;

import io.jvortex.api.Edition;
import io.jvortex.api.WriteOptions;
import io.jvortex.parquet.ParquetToVortex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jvx convert IN.parquet OUT.vortex [--edition E] [--compact]}: converts a Parquet file, one
 * row group at a time. OUT appears only when the conversion succeeded.
 */
@Command(name = "convert", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Convert a Parquet file to a Vortex file.")
final class ConvertCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "the Parquet file")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT", description = "the Vortex file to write (replaced if present)")
    Path out;

    @Option(names = "--edition", paramLabel = "E",
            description = "the newest core edition whose encodings the file may use, e.g. core2025.10.0 "
                    + "(default: the newest, ${DEFAULT-VALUE})")
    String edition = Edition.DEFAULT.id();

    @Option(names = "--compact", description = "also use the compact schemes (Pcodec, Zstandard): smaller, slower")
    boolean compact;

    @Override
    public void run() {
        Edition chosen;
        try {
            chosen = Edition.of(edition);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        WriteOptions options = WriteOptions.defaults().withEdition(chosen).withCompact(compact);
        long rows = ParquetToVortex.convert(in, out, options);
        long bytes;
        try {
            bytes = Files.size(out);
        } catch (IOException e) {
            throw new UncheckedIOException(out.toString(), e);
        }
        spec.commandLine().getOut().println(out + ": " + rows + " rows, " + bytes + " bytes (edition "
                + chosen.id() + (compact ? ", compact" : "") + ")");
    }
}
