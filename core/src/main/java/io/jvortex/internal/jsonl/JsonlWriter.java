package io.jvortex.internal.jsonl;

import io.jvortex.array.Canonical;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Objects;

/**
 * Writes the rows of canonical arrays as canonical JSON Lines (see {@link JsonValues} for the value
 * rules): a struct root gives one object per row with its keys in schema order; any other root gives
 * one JSON value per line. Null rows are {@code null}; lists, list views and fixed-size lists are
 * arrays; nested structs are objects; {@code vortex.date}/{@code time}/{@code timestamp}/{@code uuid}
 * are strings as {@link JsonValues} formats them; other extension types are written as their storage
 * values; opaque arrays (unknown encodings) are {@code null}.
 *
 * <p>Each line ends with {@code \n}. Rows are rendered into an internal buffer and handed to the
 * {@link Writer} in blocks; wrap a stream in a {@link java.io.BufferedWriter} only if you also write to
 * it elsewhere. Not thread-safe.
 *
 * <pre>{@code
 * var jsonl = new JsonlWriter(writer);
 * while (scan.hasNext()) {
 *     try (Chunk chunk = scan.next()) {
 *         jsonl.write(chunk.array());
 *     }
 * }
 * jsonl.flush();
 * }</pre>
 */
public final class JsonlWriter {
    /** Characters buffered before they are handed to the writer. */
    private static final int FLUSH_CHARS = 1 << 16;

    private final Writer out;
    private final StringBuilder buffer = new StringBuilder(FLUSH_CHARS + 1024);

    /** @param out where the lines go */
    public JsonlWriter(Writer out) {
        this.out = Objects.requireNonNull(out, "out");
    }

    /**
     * Writes every row of an array, one line each.
     *
     * @param array the rows
     * @throws UncheckedIOException when the writer fails
     * @throws io.jvortex.error.VortexException when an extension type has invalid metadata
     */
    public void write(Canonical array) {
        write(array, 0, array.length());
    }

    /**
     * Writes rows {@code [start, start + length)} of an array, one line each.
     *
     * @param array the rows
     * @param start first row
     * @param length rows
     * @throws UncheckedIOException when the writer fails
     */
    public void write(Canonical array, int start, int length) {
        Objects.checkFromIndexSize(start, length, array.length());
        ValueRenderer renderer = ValueRenderer.of(array);
        for (int row = start; row < start + length; row++) {
            renderer.append(buffer, row);
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

    /**
     * Renders one row as its canonical JSON text (without a line break).
     *
     * @param array an array
     * @param rowIndex a row
     * @return the row's JSON text
     */
    public static String toJson(Canonical array, int rowIndex) {
        Objects.checkIndex(rowIndex, array.length());
        StringBuilder sb = new StringBuilder();
        ValueRenderer.of(array).append(sb, rowIndex);
        return sb.toString();
    }
}
