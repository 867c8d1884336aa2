package io.jvortex.csv;

import io.jvortex.dtype.DType;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How {@link CsvToVortex} reads a CSV file.
 *
 * <pre>{@code
 * CsvOptions options = CsvOptions.defaults()
 *         .withDelimiter(';')
 *         .withSchema(CsvSchema.parse("id:i64,price:decimal(10,2)"));   // the other columns are inferred
 * }</pre>
 *
 * @param delimiter the field separator (default {@code ,})
 * @param quote the quote character (default {@code "}); inside a quoted field it is doubled
 * @param header whether the first record names the columns; without one they are {@code c0}, {@code c1}, …
 * @param charset the file's encoding (default UTF-8; malformed bytes are an error, a leading byte order
 *     mark is skipped)
 * @param sampleRows how many data rows the type inference looks at (default {@value #DEFAULT_SAMPLE_ROWS})
 * @param schema the types of some or all columns by name (in any order), overriding inference; these
 *     columns parse their values leniently ({@link CsvSchema})
 * @param nullValues the unquoted field texts that are null (default: only the empty field); a quoted
 *     field is never null, so {@code ""} is the empty string
 * @param batchRows how many rows go into each batch appended to the writer (bounds the memory used)
 */
public record CsvOptions(char delimiter, char quote, boolean header, Charset charset, int sampleRows,
                         Map<String, DType> schema, Set<String> nullValues, int batchRows) {

    /** Rows the type inference looks at by default. */
    public static final int DEFAULT_SAMPLE_ROWS = 10_000;
    /** Rows per batch by default. */
    public static final int DEFAULT_BATCH_ROWS = 65_536;

    /** Validates and copies the components. */
    public CsvOptions {
        Objects.requireNonNull(charset, "charset");
        if (delimiter == quote || delimiter == '\n' || delimiter == '\r' || quote == '\n' || quote == '\r') {
            throw new IllegalArgumentException("delimiter " + printable(delimiter) + " and quote " + printable(quote)
                    + " must differ from each other and from CR and LF");
        }
        if (sampleRows < 1) {
            throw new IllegalArgumentException("sampleRows must be >= 1, got " + sampleRows);
        }
        if (batchRows < 1) {
            throw new IllegalArgumentException("batchRows must be >= 1, got " + batchRows);
        }
        schema = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(schema, "schema")));
        nullValues = Collections.unmodifiableSet(new LinkedHashSet<>(Objects.requireNonNull(nullValues, "nullValues")));
    }

    /** @return comma-separated values with a header, UTF-8, types inferred, the empty field as null */
    public static CsvOptions defaults() {
        return new CsvOptions(',', '"', true, StandardCharsets.UTF_8, DEFAULT_SAMPLE_ROWS, Map.of(), Set.of(""),
                DEFAULT_BATCH_ROWS);
    }

    /**
     * @param d the field separator
     * @return a copy with it
     */
    public CsvOptions withDelimiter(char d) {
        return new CsvOptions(d, quote, header, charset, sampleRows, schema, nullValues, batchRows);
    }

    /**
     * @param q the quote character
     * @return a copy with it
     */
    public CsvOptions withQuote(char q) {
        return new CsvOptions(delimiter, q, header, charset, sampleRows, schema, nullValues, batchRows);
    }

    /**
     * @param h whether the first record is a header
     * @return a copy with it
     */
    public CsvOptions withHeader(boolean h) {
        return new CsvOptions(delimiter, quote, h, charset, sampleRows, schema, nullValues, batchRows);
    }

    /**
     * @param c the file's encoding
     * @return a copy with it
     */
    public CsvOptions withCharset(Charset c) {
        return new CsvOptions(delimiter, quote, header, c, sampleRows, schema, nullValues, batchRows);
    }

    /**
     * @param n how many data rows the type inference looks at
     * @return a copy with it
     */
    public CsvOptions withSampleRows(int n) {
        return new CsvOptions(delimiter, quote, header, charset, n, schema, nullValues, batchRows);
    }

    /**
     * @param types the types of some or all columns by name
     * @return a copy with them (replacing earlier ones)
     */
    public CsvOptions withSchema(Map<String, DType> types) {
        return new CsvOptions(delimiter, quote, header, charset, sampleRows, types, nullValues, batchRows);
    }

    /**
     * @param column a column name
     * @param type its type
     * @return a copy with it added to {@link #schema()}
     */
    public CsvOptions withColumnType(String column, DType type) {
        Map<String, DType> types = new LinkedHashMap<>(schema);
        types.put(Objects.requireNonNull(column, "column"), Objects.requireNonNull(type, "type"));
        return withSchema(types);
    }

    /**
     * @param texts the unquoted field texts that are null (e.g. {@code "", "NA", "NULL"})
     * @return a copy with them
     */
    public CsvOptions withNullValues(Set<String> texts) {
        return new CsvOptions(delimiter, quote, header, charset, sampleRows, schema, texts, batchRows);
    }

    /**
     * @param n rows per batch
     * @return a copy with it
     */
    public CsvOptions withBatchRows(int n) {
        return new CsvOptions(delimiter, quote, header, charset, sampleRows, schema, nullValues, n);
    }

    static String printable(char c) {
        return switch (c) {
            case '\t' -> "'\\t'";
            case '\n' -> "'\\n'";
            case '\r' -> "'\\r'";
            default -> c < 0x20 ? String.format("U+%04X", (int) c) : "'" + c + "'";
        };
    }
}
