package io.jvortex.cli;

import io.jvortex.api.Edition;
import io.jvortex.api.WriteOptions;
import io.jvortex.arrow.ArrowIpc;
import io.jvortex.cli.ConvertCommand.Format;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code jvx convert} between Vortex and Arrow IPC files or streams (local paths). */
final class ArrowConversion {
    private ArrowConversion() {
    }

    /**
     * Converts Arrow IPC to Vortex or Vortex to Arrow IPC ({@code .arrows}: the stream format).
     *
     * @param spec the command, for errors and output
     * @param in the input file
     * @param inFormat its format
     * @param out the output path
     * @param outFormat its format
     * @param edition the edition id, for Vortex output
     * @param compact whether Vortex output uses the compact schemes
     */
    static void convert(CommandSpec spec, Path in, Format inFormat, String out, Format outFormat, String edition,
                        boolean compact) {
        if (out.contains("://")) {
            throw new ParameterException(spec.commandLine(), "OUT: Arrow conversions write local files only");
        }
        Path target = Path.of(out);
        long rows;
        String detail;
        if (inFormat == Format.ARROW && outFormat == Format.VORTEX) {
            Edition chosen;
            try {
                chosen = Edition.of(edition);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            rows = ArrowIpc.toVortex(in, target, WriteOptions.defaults().withEdition(chosen).withCompact(compact));
            detail = "edition " + chosen.id() + (compact ? ", compact" : "");
        } else if (inFormat == Format.VORTEX && outFormat == Format.ARROW) {
            boolean stream = out.toLowerCase(Locale.ROOT).endsWith(".arrows");
            try (Progress progress = Progress.onTerminal("convert", "written")) {
                rows = ArrowIpc.toArrow(in, target, stream, progress::rows);
            }
            detail = stream ? "Arrow IPC stream" : "Arrow IPC file";
        } else {
            throw new ParameterException(spec.commandLine(), "cannot convert " + inFormat + " to " + outFormat
                    + " (Arrow converts to and from vortex)");
        }
        long bytes;
        try {
            bytes = Files.size(target);
        } catch (IOException e) {
            throw new UncheckedIOException(out, e);
        }
        spec.commandLine().getOut().println(out + ": " + rows + " rows, " + bytes + " bytes (" + detail + ")");
    }
}
