package io.jvortex.cli;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.internal.jsonl.CsvWriter;
import io.jvortex.internal.jsonl.JsonlWriter;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code jvx take FILE 5,17,…}: the given rows, in the given order, by random access (only the
 * pieces holding them are read, and fixed-width encodings decode just those positions).
 */
@Command(name = "take", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Print the rows at the given indices (0-based, in that order) as JSON Lines or CSV.")
final class TakeCommand implements Runnable, FileArgument.Reading {
    @Spec
    CommandSpec spec;
    @Mixin
    FileArgument input;

    @Override
    public FileArgument input() {
        return input;
    }

    @Parameters(index = "1", paramLabel = "ROWS", split = ",", description = "row indices, e.g. 5,17,3")
    List<Long> rows = new ArrayList<>();

    @Option(names = {"-c", "--columns"}, split = ",", paramLabel = "COLUMN",
            description = "columns to print, in this order (nested fields as a.b); default all")
    List<String> columns = new ArrayList<>();

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", description = "jsonl (default) or csv")
    CatCommand.Format format = CatCommand.Format.jsonl;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        long[] indices = rows.stream().mapToLong(Long::longValue).toArray();
        try (VortexReader reader = input.open(ReaderOptions.defaults());
             FileArgument.Report _ = input.reporting(reader, spec.commandLine().getErr())) {
            Chunk chunk;
            try {
                chunk = reader.take(indices, columns.toArray(String[]::new));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage(), e);
            }
            try (chunk) {
                switch (format) {
                    case jsonl -> {
                        JsonlWriter writer = new JsonlWriter(out);
                        writer.write(chunk.rawArray());
                        writer.flush();
                    }
                    case csv -> {
                        CsvWriter writer = new CsvWriter(out);
                        writer.writeHeader(chunk.dtype());
                        writer.write(chunk.rawArray());
                        writer.flush();
                    }
                }
            }
        }
        out.flush();
    }
}
