package io.jvortex.csv;

/**
 * A CSV file that cannot be converted: a malformed record (an unterminated quote, a wrong number of
 * fields, bytes that are not in the charset) or a value that does not fit its column's type. The
 * message names the file, the physical line (1-based, counting the line breaks inside quoted fields),
 * the column and the value when there is one, and what to do about it.
 */
public final class CsvException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long line;
    private final String column;
    private final String value;

    /**
     * @param message the full message
     * @param line the physical line, 1-based (0 when unknown)
     * @param column the column name, or null
     * @param value the offending value, or null
     * @param cause the underlying failure, or null
     */
    public CsvException(String message, long line, String column, String value, Throwable cause) {
        super(message, cause);
        this.line = line;
        this.column = column;
        this.value = value;
    }

    /** @return the physical line, 1-based (0 when unknown) */
    public long line() {
        return line;
    }

    /** @return the column name, or null when the error is not about one column */
    public String column() {
        return column;
    }

    /** @return the offending value, or null */
    public String value() {
        return value;
    }
}
