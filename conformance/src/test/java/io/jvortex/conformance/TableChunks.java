package io.jvortex.conformance;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Generated tables as the jvortex arrays the writer tests feed in, and jvortex's canonical JSONL of
 * arrays and files (the form the Rust oracle answers in).
 */
final class TableChunks {
    private TableChunks() {
    }

    /** @return the struct dtype of a table's columns (not nullable) */
    static DType.Struct schema(TableSpec spec) {
        return new DType.Struct(spec.columns().stream().map(TypeSpec.Field::name).toList(),
                spec.columns().stream().map(f -> TableArrays.dtype(f.type())).toList(), false);
    }

    /**
     * The table as consecutive chunks of the given lengths.
     *
     * @param views strings and lists as views (else offsets)
     * @param sliced whether each column is built over up to three extra leading rows and sliced, so
     *     bitmaps start at a bit offset, offsets do not start at 0 and views point into larger buffers
     */
    static List<StructArray> chunks(GeneratedTable table, int[] lengths, boolean views, boolean sliced) {
        TableArrays arrays = new TableArrays(views);
        List<StructArray> out = new ArrayList<>();
        int start = 0;
        for (int len : lengths) {
            out.add(chunk(table, start, len, arrays, sliced));
            start += len;
        }
        return out;
    }

    /**
     * The table as batches of random sizes in {@code [minRows, 3000)}, each with strings and lists as
     * views or offsets at random.
     */
    static List<StructArray> randomBatches(GeneratedTable table, SplittableRandom random, int minRows) {
        List<StructArray> out = new ArrayList<>();
        int start = 0;
        while (start < table.rowCount()) {
            int len = Math.min(table.rowCount() - start, random.nextInt(minRows, 3000));
            out.add(chunk(table, start, len, new TableArrays(random.nextBoolean()), false));
            start += len;
        }
        return out;
    }

    private static StructArray chunk(GeneratedTable table, int start, int len, TableArrays arrays, boolean sliced) {
        List<TypeSpec.Field> columns = table.spec().columns();
        List<Canonical> fields = new ArrayList<>(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            List<Object> values = table.columns().get(c).subList(start, start + len);
            if (sliced) {
                List<Object> padded = new ArrayList<>(table.columns().get(c).subList(0, Math.min(3, table.rowCount())));
                int lead = padded.size();
                padded.addAll(values);
                fields.add(arrays.array(columns.get(c).type(), padded).slice(lead, len));
            } else {
                fields.add(arrays.array(columns.get(c).type(), values));
            }
        }
        return new StructArray(schema(table.spec()), fields, len, Validity.ALL_VALID);
    }

    /** @return the rows of the arrays as canonical JSONL lines */
    static List<String> jsonl(List<? extends Canonical> chunks) {
        return lines(writer -> chunks.forEach(writer::write));
    }

    /** @return the rows of a file as jvortex reads them, as canonical JSONL lines */
    static List<String> readWithJvortex(Path file) {
        return lines(writer -> {
            try (VortexReader reader = VortexReader.open(file); ScanIterator scan = reader.scan()) {
                while (scan.hasNext()) {
                    try (Chunk chunk = scan.next()) {
                        writer.write(chunk.rawArray());
                    }
                }
            }
        });
    }

    /**
     * The JSONL lines the rows are written as, collected line by line: a table of a few hundred
     * thousand long strings must not be held as one text and copied several times over (a 2 GiB heap
     * ran out doing that).
     */
    static List<String> lines(Consumer<JsonlWriter> rows) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        Writer collector = new Writer() {
            @Override
            public void write(char[] cbuf, int off, int len) {
                int from = off;
                for (int i = off; i < off + len; i++) {
                    if (cbuf[i] == '\n') {
                        line.append(cbuf, from, i - from);
                        lines.add(line.toString());
                        line.setLength(0);
                        from = i + 1;
                    }
                }
                line.append(cbuf, from, off + len - from);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        JsonlWriter writer = new JsonlWriter(collector);
        rows.accept(writer);
        writer.flush();
        if (!line.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }
}
