package io.jvortex.cli;

import io.jvortex.api.WriteOptions;
import io.jvortex.csv.CsvOptions;
import io.jvortex.csv.CsvSchema;
import io.jvortex.csv.CsvToVortex;
import io.jvortex.io.ByteSink;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The CSV options of {@code jvx convert} ({@code --schema}, {@code --delimiter}, {@code --quote},
 * {@code --no-header}, {@code --null}, {@code --sample-rows}) and the CSV to Vortex conversion ({@link CsvToVortex}). A
 * {@code .tsv} input is tab-separated unless {@code --delimiter} says otherwise.
 */
final class CsvConversion {
    @Option(names = "--schema", paramLabel = "COLUMNS",
            description = "CSV: types of some or all columns, overriding inference, e.g. \"id:i64,price:decimal(10,2),"
                    + "at:timestamp[us,tz=UTC],name:utf8\"; types i8..i64 u8..u64 f32 f64 bool utf8 decimal(p,s) date "
                    + "timestamp[s|ms|us|ns(,tz=ZONE)]; nullable unless suffixed with !")
    String schema;

    @Option(names = "--delimiter", paramLabel = "CHAR",
            description = "CSV: the field separator (default , or tab for .tsv; \\t for tab)")
    String delimiter;

    @Option(names = "--quote", paramLabel = "CHAR", description = "CSV: the quote character (default \")")
    String quote;

    @Option(names = "--no-header", description = "CSV: the first line is data; the columns are c0, c1, ...")
    boolean noHeader;

    @Option(names = "--sample-rows", paramLabel = "N",
            description = "CSV: how many rows the type inference looks at (default 10000)")
    Integer sampleRows;

    @Option(names = "--null", paramLabel = "TEXT",
            description = "CSV: an unquoted text that is null besides the empty field (repeatable); a quoted "
                    + "field is never null: \"\" is the empty string")
    List<String> nulls = new ArrayList<>();

    /** Fails when a CSV option is given for an input that is not CSV. */
    void requireUnused(CommandSpec spec) {
        if (schema != null || delimiter != null || quote != null || noHeader || !nulls.isEmpty()
                || sampleRows != null) {
            throw new ParameterException(spec.commandLine(),
                    "--schema, --delimiter, --quote, --no-header, --null and --sample-rows apply to CSV input only");
        }
    }

    /** The conversion of a CSV file with these options. */
    ConvertCommand.Importer importer(Path in, CommandSpec spec) {
        CsvOptions options = options(in, spec);
        return new ConvertCommand.Importer() {
            @Override
            public long toPath(Path path, WriteOptions writeOptions, Progress progress) {
                return CsvToVortex.convert(in, path, options, writeOptions, progress::csv);
            }

            @Override
            public long toSink(ByteSink sink, WriteOptions writeOptions, Progress progress) {
                return CsvToVortex.convert(in, sink, options, writeOptions, progress::csv);
            }
        };
    }

    private CsvOptions options(Path in, CommandSpec spec) {
        boolean tsv = in.getFileName() != null && in.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".tsv");
        try {
            CsvOptions options = CsvOptions.defaults()
                    .withDelimiter(delimiter != null ? character("--delimiter", delimiter, spec) : tsv ? '\t' : ',')
                    .withHeader(!noHeader);
            if (quote != null) {
                options = options.withQuote(character("--quote", quote, spec));
            }
            if (!nulls.isEmpty()) {
                Set<String> texts = new LinkedHashSet<>(options.nullValues());
                texts.addAll(nulls);
                options = options.withNullValues(texts);
            }
            if (schema != null) {
                options = options.withSchema(CsvSchema.parse(schema));
            }
            if (sampleRows != null) {
                options = options.withSampleRows(sampleRows);
            }
            return options;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private static char character(String option, String value, CommandSpec spec) {
        String v = value.equals("\\t") || value.equalsIgnoreCase("tab") ? "\t" : value;
        if (v.length() != 1) {
            throw new ParameterException(spec.commandLine(), option + " must be one character (or \\t), got '"
                    + value + "'");
        }
        return v.charAt(0);
    }
}
