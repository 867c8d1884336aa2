package io.jvortex.internal.jsonl;

import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * Writes the rows of canonical arrays as CSV with RFC 4180 quoting: a field holding a comma, a double
 * quote, CR or LF is enclosed in double quotes, with inner quotes doubled. Lines end with {@code \n}.
 *
 * <p>Columns are the fields of a struct root (a non-struct root is one column named {@code value}).
 * Field text: null is an empty field; an empty string or byte string is {@code ""} (so it differs from null); utf8 is
 * the string itself; every other scalar is its canonical JSON text ({@link JsonValues}) without JSON
 * quotes — numbers, {@code true}/{@code false}, decimals in plain notation, {@code NaN}, dates,
 * times, timestamps, uuids, binary as lowercase hex; nested values (structs, lists) are their JSON
 * text. Not thread-safe.
 */
public final class CsvWriter {
    private static final int FLUSH_CHARS = 1 << 16;
    /** Header of the single column of a non-struct root. */
    public static final String VALUE_COLUMN = "value";

    private final Writer out;
    private final StringBuilder buffer = new StringBuilder(FLUSH_CHARS + 1024);
    private final StringBuilder field = new StringBuilder();

    /** @param out where the lines go */
    public CsvWriter(Writer out) {
        this.out = Objects.requireNonNull(out, "out");
    }

    /**
     * Writes the header line: the field names of a struct, or {@value #VALUE_COLUMN} otherwise.
     *
     * @param dtype the dtype of the arrays that will be written
     * @throws UncheckedIOException when the writer fails
     */
    public void writeHeader(DType dtype) {
        List<String> names = dtype instanceof DType.Struct s ? s.names() : List.of(VALUE_COLUMN);
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                buffer.append(',');
            }
            appendQuoted(buffer, names.get(i), false);
        }
        buffer.append('\n');
        drain();
    }

    /**
     * Writes every row of an array, one line each.
     *
     * @param array the rows (a struct for tables)
     * @throws UncheckedIOException when the writer fails
     */
    public void write(Canonical array) {
        List<Canonical> columns = array instanceof StructArray s ? s.fields() : List.of(array);
        int n = columns.size();
        FieldRenderer[] renderers = new FieldRenderer[n];
        for (int i = 0; i < n; i++) {
            renderers[i] = fieldRenderer(columns.get(i));
        }
        Validity rowValidity = array instanceof StructArray s ? s.validity() : Validity.ALL_VALID;
        for (int row = 0; row < array.length(); row++) {
            // a null table row is a line of empty fields
            boolean rowValid = rowValidity.isValid(row);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    buffer.append(',');
                }
                if (rowValid) {
                    renderers[i].append(row);
                }
            }
            buffer.append('\n');
            if (buffer.length() >= FLUSH_CHARS) {
                drain();
            }
        }
        drain();
    }

    /**
     * Passes buffered text on and flushes the underlying writer.
     *
     * @throws UncheckedIOException when the writer fails
     */
    public void flush() {
        drain();
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FunctionalInterface
    private interface FieldRenderer {
        void append(int rowIndex);
    }

    private FieldRenderer fieldRenderer(Canonical column) {
        Validity validity = column.validity();
        if (column.dtype() instanceof DType.Utf8 && (column instanceof VarBinArray || column instanceof VarBinViewArray)) {
            ValueRenderer.Segments segments = column instanceof VarBinArray v ? v::valueSegment
                    : ((VarBinViewArray) column)::valueSegment;
            return row -> {
                if (validity.isValid(row)) {
                    MemorySegment s = segments.get(row);
                    String text = new String(s.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
                    appendQuoted(buffer, text, true);
                }
            };
        }
        ValueRenderer json = ValueRenderer.of(column);
        boolean nested = isNested(column.dtype());
        return row -> {
            if (!validity.isValid(row)) {
                return;
            }
            field.setLength(0);
            json.append(field, row);
            if (!nested && field.length() > 2 && field.charAt(0) == '"') {
                // scalar JSON strings of non-utf8 types (decimals, temporals, hex, NaN) hold no escapes
                buffer.append(field, 1, field.length() - 1);
            } else if (!nested && field.length() == 2 && field.charAt(0) == '"') {
                buffer.append("\"\""); // empty binary: quoted, so that it differs from null
            } else {
                appendQuoted(buffer, field, false);
            }
        };
    }

    private static boolean isNested(DType dtype) {
        return switch (dtype) {
            case DType.Struct s -> true;
            case DType.List l -> true;
            case DType.FixedSizeList f -> true;
            case DType.Map m -> true;
            case DType.Variant v -> true;
            case DType.Union u -> true;
            case DType.Extension e -> isExtensionNested(e);
            default -> false;
        };
    }

    private static boolean isExtensionNested(DType.Extension e) {
        // date, time, timestamp and uuid render as plain strings
        if (io.jvortex.dtype.Extensions.kind(e).isPresent()) {
            return false;
        }
        return isNested(e.storage());
    }

    /** Appends a field, quoting it when needed (and always when {@code quoteEmpty} and it is empty). */
    private static void appendQuoted(StringBuilder out, CharSequence text, boolean quoteEmpty) {
        boolean quote = quoteEmpty && text.isEmpty();
        for (int i = 0; i < text.length() && !quote; i++) {
            char c = text.charAt(i);
            quote = c == ',' || c == '"' || c == '\n' || c == '\r';
        }
        if (!quote) {
            out.append(text);
            return;
        }
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                out.append('"');
            }
            out.append(c);
        }
        out.append('"');
    }

    private void drain() {
        if (buffer.isEmpty()) {
            return;
        }
        try {
            out.append(buffer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        buffer.setLength(0);
    }
}
