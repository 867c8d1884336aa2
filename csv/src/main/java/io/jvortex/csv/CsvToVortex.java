package io.jvortex.csv;

import de.siegmar.fastcsv.reader.AbstractBaseCsvCallbackHandler;
import de.siegmar.fastcsv.reader.CommentStrategy;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.FieldMismatchStrategy;
import io.jvortex.api.Batch;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import io.jvortex.io.ByteSink;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Converts a CSV file to a Vortex file, streaming.
 *
 * <pre>{@code
 * long rows = CsvToVortex.convert(Path.of("in.csv"), Path.of("out.vortex"), CsvOptions.defaults(),
 *         WriteOptions.defaults());
 * }</pre>
 *
 * <p>Each column's type is inferred from the first {@link CsvOptions#sampleRows()} rows, unless
 * {@link CsvOptions#schema()} gives it: i64, decimal, f64, bool, date, timestamp (with time zone
 * {@code UTC} when the texts end with {@code Z}) or utf8 — a type is inferred only if every sampled
 * text is exactly how {@code jvx cat --format csv} prints its value, so {@code 007} or {@code 1e3}
 * stay strings, {@code 1.50} is a {@code decimal(18,2)} and CSV → Vortex → CSV gives back the same
 * fields. Later values of an inferred column must have that form too. An unquoted empty field is null
 * (see {@link CsvOptions#nullValues()}), a quoted one ({@code ""}) the empty string. Every column is
 * nullable unless the schema says otherwise.
 *
 * <p>Rows are appended to a {@link VortexWriter} in batches of {@link CsvOptions#batchRows()}, so
 * memory does not grow with the file. A malformed record (an unterminated quote, text after a
 * closing quote, a wrong number of fields), bytes not in the charset, or a value that does not fit its
 * column's type fail with a {@link CsvException} naming the physical line (1-based, counting the line
 * breaks inside quoted fields), the column and the value; the destination is then left untouched. A
 * blank line is a row of one null in a table of one column (as the export writes it) and is skipped
 * in a table of several. Lines may end with LF, CRLF or CR; the export writes LF.
 */
public final class CsvToVortex {
    private static final Pattern FASTCSV_LINE = Pattern.compile("\\(record starting at line (\\d+)\\)");

    private CsvToVortex() {
    }

    /** Hears how far a conversion got, after each batch of rows is handed to the writer. */
    @FunctionalInterface
    public interface Listener {
        /** Hears nothing. */
        Listener NONE = (rows, bytesRead, totalBytes) -> { };

        /**
         * @param rows the rows converted so far
         * @param bytesRead the CSV bytes read so far (read ahead of the rows, in blocks)
         * @param totalBytes the CSV file's size
         */
        void progress(long rows, long bytesRead, long totalBytes);
    }

    /**
     * Converts a CSV file to a Vortex file, replaced atomically when the conversion succeeds.
     *
     * @param csv the CSV file
     * @param out the Vortex file to write
     * @param options how to read the CSV
     * @param writeOptions how to write the Vortex file
     * @return the number of rows written
     * @throws CsvException when the CSV is malformed or a value does not fit its type (nothing is written)
     * @throws UncheckedIOException when reading or writing fails (nothing is written)
     */
    public static long convert(Path csv, Path out, CsvOptions options, WriteOptions writeOptions) {
        return convert(csv, out, options, writeOptions, Listener.NONE);
    }

    /**
     * {@link #convert(Path, Path, CsvOptions, WriteOptions)}, telling a listener how far it got.
     *
     * @param csv the CSV file
     * @param out the Vortex file to write
     * @param options how to read the CSV
     * @param writeOptions how to write the Vortex file
     * @param listener hears the progress
     * @return the number of rows written
     */
    public static long convert(Path csv, Path out, CsvOptions options, WriteOptions writeOptions, Listener listener) {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(writeOptions, "writeOptions");
        Counted counted = open(csv, options, listener);
        try (Reader reader = counted.reader()) {
            return convert(reader, csv.toString(), options, schema -> VortexWriter.create(out, schema, writeOptions),
                    counted);
        } catch (IOException e) {
            throw new UncheckedIOException("closing " + csv + ": " + e.getMessage(), e);
        }
    }

    /**
     * Converts a CSV file into a sink, which it owns: committed when the conversion succeeds, aborted
     * otherwise (so nothing appears at its destination).
     *
     * @param csv the CSV file
     * @param sink where the Vortex file goes (empty)
     * @param options how to read the CSV
     * @param writeOptions how to write the Vortex file
     * @return the number of rows written
     * @throws CsvException when the CSV is malformed or a value does not fit its type (the sink is aborted)
     * @throws UncheckedIOException when reading or writing fails (the sink is aborted)
     */
    public static long convert(Path csv, ByteSink sink, CsvOptions options, WriteOptions writeOptions) {
        return convert(csv, sink, options, writeOptions, Listener.NONE);
    }

    /**
     * {@link #convert(Path, ByteSink, CsvOptions, WriteOptions)}, telling a listener how far it got.
     *
     * @param csv the CSV file
     * @param sink where the Vortex file goes (empty)
     * @param options how to read the CSV
     * @param writeOptions how to write the Vortex file
     * @param listener hears the progress
     * @return the number of rows written
     */
    public static long convert(Path csv, ByteSink sink, CsvOptions options, WriteOptions writeOptions,
                               Listener listener) {
        Objects.requireNonNull(sink, "sink");
        boolean[] handedOver = new boolean[1];
        Counted counted;
        try {
            counted = open(csv, options, listener);
        } catch (RuntimeException e) {
            throw abort(sink, false, e);
        }
        try (Reader reader = counted.reader()) {
            return convert(reader, csv.toString(), options, schema -> {
                handedOver[0] = true;
                return VortexWriter.create(sink, schema, Objects.requireNonNull(writeOptions, "writeOptions"));
            }, counted);
        } catch (IOException e) {
            throw abort(sink, handedOver[0], new UncheckedIOException("closing " + csv + ": " + e.getMessage(), e));
        } catch (RuntimeException e) {
            throw abort(sink, handedOver[0], e);
        } catch (Error e) {
            throw abort(sink, handedOver[0], e);
        }
    }

    /**
     * The schema a conversion would write: the header's columns with their inferred or given types.
     *
     * @param csv the CSV file
     * @param options how to read it
     * @return the schema
     * @throws CsvException when the header or the sampled rows are malformed
     */
    public static DType.Struct inferSchema(Path csv, CsvOptions options) {
        try (Reader reader = open(csv, options)) {
            Conversion c = new Conversion(reader, csv.toString(), options);
            return c.schema;
        } catch (IOException e) {
            throw new UncheckedIOException("closing " + csv + ": " + e.getMessage(), e);
        }
    }

    private static <T extends Throwable> T abort(ByteSink sink, boolean handedOver, T failure) {
        if (!handedOver) {
            try {
                sink.abort();
            } catch (RuntimeException e) {
                failure.addSuppressed(e);
            }
        }
        return failure;
    }

    private static Reader open(Path csv, CsvOptions options) {
        return open(csv, options, Listener.NONE).reader();
    }

    /** A CSV reader whose underlying bytes are counted for a listener. */
    private static final class Counted {
        private final Listener listener;
        private final long totalBytes;
        private long bytesRead;
        private Reader reader;

        Counted(Listener listener, long totalBytes) {
            this.listener = Objects.requireNonNull(listener, "listener");
            this.totalBytes = totalBytes;
        }

        Reader reader() {
            return reader;
        }

        void rows(long rows) {
            listener.progress(rows, bytesRead, totalBytes);
        }
    }

    private static Counted open(Path csv, CsvOptions options, Listener listener) {
        Objects.requireNonNull(csv, "csv");
        Objects.requireNonNull(options, "options");
        InputStream in;
        long size;
        try {
            in = Files.newInputStream(csv);
            size = Files.size(csv);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + csv, e);
        }
        Counted counted = new Counted(listener, size);
        InputStream counting = new java.io.FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    counted.bytesRead++;
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                if (n > 0) {
                    counted.bytesRead += n;
                }
                return n;
            }
        };
        Reader reader = new InputStreamReader(counting, options.charset().newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
        counted.reader = new PushbackReader(reader, 1);
        return counted;
    }

    private static long convert(Reader reader, String source, CsvOptions options,
                                Function<DType.Struct, VortexWriter> writers, Counted counted) {
        Conversion c = new Conversion(reader, source, options);
        c.counted = counted;
        VortexWriter writer = writers.apply(c.schema);
        try {
            c.run(writer);
            writer.close();
            return writer.rowCount();
        } catch (RuntimeException | Error e) {
            writer.abort();
            throw e;
        }
    }

    /** One record: its first physical line, its fields (null for null), each field's line, whether it is blank. */
    private record Row(long line, String[] fields, int[] lineOffsets, boolean blank) {
        long lineOf(int field) {
            return lineOffsets == null ? line : line + lineOffsets[field];
        }
    }

    /** Collects FastCSV's fields into {@link Row}s, deciding null vs empty string by the quotes. */
    private static final class Handler extends AbstractBaseCsvCallbackHandler<Row> {
        private final Set<String> nullValues;
        private final List<String> fields = new ArrayList<>();
        private int[] offsets = new int[16];
        private boolean multiline;
        private boolean blank;
        private int breaks;
        long line;

        Handler(Set<String> nullValues) {
            this.nullValues = nullValues;
        }

        @Override
        protected void handleBegin(long startingLineNumber) {
            line = startingLineNumber;
            fields.clear();
            multiline = false;
            blank = false;
            breaks = 0;
        }

        @Override
        protected void handleField(int fieldIdx, char[] buf, int offset, int len, boolean quoted) {
            String text = new String(buf, offset, len);
            if (fieldIdx >= offsets.length) {
                offsets = java.util.Arrays.copyOf(offsets, offsets.length * 2);
            }
            offsets[fieldIdx] = breaks;
            if (quoted) {
                breaks += lineBreaks(buf, offset, len);
                multiline |= breaks > 0;
            }
            fields.add(!quoted && nullValues.contains(text) ? null : text);
        }

        @Override
        protected void handleEmpty() {
            blank = true;
            fields.add(nullValues.contains("") ? null : "");
        }

        @Override
        protected Row buildRecord() {
            int n = fields.size();
            return new Row(line, fields.toArray(new String[n]), multiline ? java.util.Arrays.copyOf(offsets, n) : null,
                    blank);
        }

        private static int lineBreaks(char[] buf, int offset, int len) {
            int count = 0;
            for (int i = offset; i < offset + len; i++) {
                char c = buf[i];
                if (c == '\n' || (c == '\r' && (i + 1 == offset + len || buf[i + 1] != '\n'))) {
                    count++;
                }
            }
            return count;
        }
    }

    /** Reads the header and the sample, infers the schema, then streams every row into a writer. */
    private static final class Conversion {
        /** Where progress goes, or null. */
        Counted counted;
        private final String source;
        private final CsvOptions options;
        private final Handler handler;
        private final Iterator<Row> records;
        private final List<Row> sample = new ArrayList<>();
        private final List<String> names;
        private final boolean[] inferred;
        private final Column[] columns;
        final DType.Struct schema;

        Conversion(Reader reader, String source, CsvOptions options) {
            this.source = source;
            this.options = options;
            skipByteOrderMark((PushbackReader) reader);
            handler = new Handler(options.nullValues());
            CsvReader<Row> csv = CsvReader.builder()
                    .fieldSeparator(options.delimiter())
                    .quoteCharacter(options.quote())
                    .commentStrategy(CommentStrategy.NONE)
                    .skipEmptyLines(false)
                    .allowUnclosedQuote(false)
                    .extraFieldStrategy(FieldMismatchStrategy.IGNORE)
                    .missingFieldStrategy(FieldMismatchStrategy.IGNORE)
                    .build(handler, reader);
            records = csv.iterator();
            Row first = next();
            if (first == null) {
                names = List.of();
            } else if (options.header()) {
                names = header(first);
            } else {
                names = new ArrayList<>();
                for (int i = 0; i < first.fields().length; i++) {
                    names.add("c" + i);
                }
                sample.add(first);
            }
            for (String given : options.schema().keySet()) {
                if (!names.contains(given)) {
                    throw new CsvException(source + ": the schema names column '" + given + "', which the file "
                            + "does not have (columns: " + names + ")", 0, given, null, null);
                }
            }
            Row row;
            while (sample.size() < options.sampleRows() && (row = next()) != null) {
                sample.add(row);
            }
            inferred = new boolean[names.size()];
            List<DType> types = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                DType given = options.schema().get(names.get(i));
                inferred[i] = given == null;
                if (given == null) {
                    Inference inference = new Inference();
                    for (Row r : sample) {
                        inference.accept(r.fields()[i]);
                    }
                    given = inference.result();
                }
                types.add(given);
            }
            try {
                schema = new DType.Struct(names, types, false);
            } catch (VortexException e) {
                throw new CsvException(source + ": line 1: the header cannot name a table: " + e.getMessage(), 1,
                        null, null, e);
            }
            columns = new Column[names.size()];
            for (int i = 0; i < columns.length; i++) {
                try {
                    columns[i] = Column.of(names.get(i), types.get(i), inferred[i], options.batchRows());
                } catch (IllegalArgumentException e) {
                    throw new CsvException(source + ": " + e.getMessage(), 0, names.get(i), null, e);
                }
            }
        }

        void run(VortexWriter writer) {
            int batchRows = options.batchRows();
            int pending = 0;
            Iterator<Row> sampled = sample.iterator();
            while (true) {
                Row row = sampled.hasNext() ? sampled.next() : next();
                if (row == null) {
                    break;
                }
                for (int i = 0; i < columns.length; i++) {
                    String text = row.fields()[i];
                    try {
                        columns[i].add(text);
                    } catch (Values.BadValue e) {
                        throw badValue(row, i, text, e);
                    }
                }
                if (++pending == batchRows) {
                    flush(writer);
                    pending = 0;
                }
            }
            sample.clear();
            if (pending > 0 || writer.rowCount() == 0 && columns.length > 0) {
                flush(writer);
            }
        }

        private void flush(VortexWriter writer) {
            Batch.Builder batch = Batch.builder(schema);
            for (Column column : columns) {
                column.put(batch);
                column.reset();
            }
            writer.write(batch.build());
            if (counted != null) {
                counted.rows(writer.rowCount());
            }
        }

        private CsvException badValue(Row row, int column, String text, Values.BadValue why) {
            String name = names.get(column);
            DType type = schema.fields().get(column);
            String how = inferred[column]
                    ? " (the type inferred from the first " + sample.size() + " rows)"
                    : " (the type the schema gives)";
            String hint = inferred[column]
                    ? "give the column a type with --schema \"" + name + ":TYPE\", e.g. " + name + ":utf8"
                    : "check the schema's type for it";
            long line = row.lineOf(column);
            return new CsvException(source + ": line " + line + ", column '" + name + "': value " + quote(text)
                    + " does not fit " + CsvSchema.name(type) + how + ": " + why.getMessage() + "; " + hint,
                    line, name, text, null);
        }

        private List<String> header(Row first) {
            List<String> header = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (String name : first.fields()) {
                String n = name == null ? "" : name;
                if (!seen.add(n)) {
                    throw new CsvException(source + ": line " + first.line() + ": the header names column '" + n
                            + "' twice; rename one, or read the file with --no-header", first.line(), n, null, null);
                }
                header.add(n);
            }
            return header;
        }

        /** The next record with the right number of fields, or null at the end. */
        private Row next() {
            while (true) {
                Row row;
                try {
                    if (!records.hasNext()) {
                        return null;
                    }
                    row = records.next();
                } catch (CsvParseException e) {
                    long line = handler.line;
                    String message = e.getMessage();
                    Matcher m = FASTCSV_LINE.matcher(message);
                    if (m.find()) {
                        line = Long.parseLong(m.group(1));
                        message = message.substring(0, m.start()).strip();
                    }
                    throw new CsvException(source + ": line " + line + ": " + message
                            + "; check the quoting (a field holding the delimiter, the quote or a line break must be "
                            + "quoted, its quotes doubled)", line, null, null, e);
                } catch (UncheckedIOException e) {
                    if (e.getCause() instanceof CharacterCodingException) {
                        long line = handler.line;
                        throw new CsvException(source + ": line " + line + " (or the record after it): bytes that "
                                + "are not " + options.charset().name() + " (" + e.getCause().getMessage()
                                + "); pass the file's charset", line, null, null, e);
                    }
                    throw new UncheckedIOException("reading " + source + ": " + e.getCause().getMessage(), e.getCause());
                }
                int expected = names == null ? row.fields().length : names.size();
                if (row.fields().length == expected) {
                    return row;
                }
                if (row.blank() && expected > 1) {
                    continue; // a blank line
                }
                throw new CsvException(source + ": line " + row.line() + ": " + row.fields().length + " field"
                        + (row.fields().length == 1 ? "" : "s") + ", expected " + expected
                        + (options.header() ? " (as in the header)" : " (as in the first line)")
                        + "; check the quoting and the delimiter " + CsvOptions.printable(options.delimiter()),
                        row.line(), null, null, null);
            }
        }

        private void skipByteOrderMark(PushbackReader reader) {
            try {
                int c = reader.read();
                if (c >= 0 && c != '\uFEFF') {
                    reader.unread(c);
                }
            } catch (CharacterCodingException e) {
                throw new CsvException(source + ": line 1: bytes that are not " + options.charset().name()
                        + "; pass the file's charset", 1, null, null, e);
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + source + ": " + e.getMessage(), e);
            }
        }

        private static String quote(String text) {
            if (text == null) {
                return "null";
            }
            String shown = text.length() > 80 ? text.substring(0, 77) + "..." : text;
            return "\"" + shown.replace("\"", "\"\"").replace("\n", "\\n").replace("\r", "\\r") + "\"";
        }
    }
}
