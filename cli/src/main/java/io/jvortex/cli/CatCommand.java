package io.jvortex.cli;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.dtype.DType;
import io.jvortex.internal.jsonl.CsvWriter;
import io.jvortex.internal.jsonl.JsonlWriter;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code jvx cat FILE}: the rows, decoded chunk by chunk and written as canonical JSON Lines (the
 * form the conformance tests compare with the Rust reference) or CSV. When stdout's reader goes away
 * ({@code jvx cat f | head}) it stops decoding after the current chunk and exits 0.
 */
@Command(name = "cat", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Print rows as JSON Lines (one object per row) or CSV.")
final class CatCommand implements Runnable, FileArgument.Reading {

    /** Output formats. */
    enum Format {
        /** Canonical JSON Lines. */
        jsonl,
        /** CSV with a header row. */
        csv
    }

    @Spec
    CommandSpec spec;
    @Mixin
    FileArgument input;

    @Override
    public FileArgument input() {
        return input;
    }

    @Option(names = {"-c", "--columns"}, split = ",", paramLabel = "COLUMN",
            description = "columns to print, in this order (nested fields as a.b); default all")
    List<String> columns = new ArrayList<>();

    @Option(names = {"-n", "--limit"}, paramLabel = "N", description = "print at most N rows")
    long limit = Long.MAX_VALUE;

    @Option(names = {"-w", "--where"}, paramLabel = "EXPR",
            description = "print only rows where EXPR is true, e.g. \"l_quantity > 45 AND l_shipmode IN ('AIR', 'MAIL') "
                    + "AND l_shipdate BETWEEN DATE '1995-01-01' AND DATE '1995-01-31'\"; operators = != < <= > >=, "
                    + "AND OR NOT, IN (...), IS [NOT] NULL, BETWEEN, LIKE, starts_with(col, 'p'); "
                    + "\"quoted\" column names, nested columns as a.b")
    String where;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", description = "jsonl (default) or csv")
    Format format = Format.jsonl;

    @Option(names = "--rows", paramLabel = "A:B",
            description = "only file rows A (inclusive) to B (exclusive); either end may be left out")
    String rows;

    @Option(names = "--allow-unknown",
            description = "print null for columns whose encoding or layout this reader does not know, "
                    + "instead of failing")
    boolean allowUnknown;

    @Override
    public void run() {
        if (limit < 0) {
            throw new ParameterException(spec.commandLine(), "--limit must be >= 0, got " + limit);
        }
        PrintWriter out = spec.commandLine().getOut();
        try (VortexReader reader = input.open(ReaderOptions.defaults().withAllowUnknown(allowUnknown));
             FileArgument.Report _ = input.reporting(reader, spec.commandLine().getErr())) {
            long[] range = rowRange();
            ScanIterator scan;
            try {
                ScanOptions.Builder options = ScanOptions.builder().columns(columns).limit(limit)
                        .rowRange(range[0], range[1]);
                if (where != null) {
                    options.filter(where);
                }
                scan = reader.scan(options.build());
            } catch (IllegalArgumentException e) {
                // an unknown column, a malformed or ill-typed --where is a usage error
                throw new ParameterException(spec.commandLine(), e.getMessage(), e);
            }
            try (scan) {
                switch (format) {
                    case jsonl -> jsonl(scan, out);
                    case csv -> csv(scan, out, reader.schema());
                }
            }
        }
        out.flush();
    }

    private long[] rowRange() {
        if (rows == null) {
            return new long[] {0, Long.MAX_VALUE};
        }
        int colon = rows.indexOf(':');
        try {
            if (colon < 0) {
                throw new NumberFormatException("no ':'");
            }
            String a = rows.substring(0, colon).strip();
            String b = rows.substring(colon + 1).strip();
            long start = a.isEmpty() ? 0 : Long.parseLong(a);
            long end = b.isEmpty() ? Long.MAX_VALUE : Long.parseLong(b);
            if (start < 0 || end < start) {
                throw new NumberFormatException("not a range");
            }
            return new long[] {start, end};
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), "--rows expects A:B with 0 <= A <= B, got '" + rows + "'");
        }
    }

    private static void jsonl(ScanIterator scan, PrintWriter out) {
        JsonlWriter writer = new JsonlWriter(out);
        while (scan.hasNext()) {
            try (Chunk chunk = scan.next()) {
                writer.write(chunk.rawArray());
            }
            if (out.checkError()) {
                return; // the reader went away (e.g. a closed pipe): stop decoding
            }
        }
        writer.flush();
    }

    private void csv(ScanIterator scan, PrintWriter out, DType schema) {
        CsvWriter writer = new CsvWriter(out);
        // the scan names projected columns by the paths as given
        writer.writeHeader(columns.isEmpty() ? schema
                : new DType.Struct(columns, columns.stream().map(c -> (DType) new DType.Null()).toList(), false));
        while (scan.hasNext()) {
            try (Chunk chunk = scan.next()) {
                writer.write(chunk.rawArray());
            }
            if (out.checkError()) {
                return;
            }
        }
        writer.flush();
    }
}
