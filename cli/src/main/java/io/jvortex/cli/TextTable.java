package io.jvortex.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A table printed as text: a header row, then rows, columns padded to their widest cell, two spaces apart. */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    /**
     * @param header the column names
     */
    TextTable(String... header) {
        this.columns = header.length;
        rows.add(header.clone());
    }

    /**
     * @param cells one cell per column (null prints as empty)
     * @return this table
     */
    TextTable row(String... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException(cells.length + " cells for " + columns + " columns");
        }
        rows.add(cells.clone());
        return this;
    }

    /**
     * Prints the table; line breaks and tabs in cells print as spaces.
     *
     * @param out where to print
     */
    void print(PrintWriter out) {
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], cell(row[c]).codePointCount(0, cell(row[c]).length()));
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String text = cell(row[c]);
                line.append(text);
                if (c < columns - 1) {
                    line.repeat(' ', widths[c] - text.codePointCount(0, text.length()) + 2);
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }

    private static String cell(String text) {
        return text == null ? "" : text.replaceAll("[\\r\\n\\t]", " ");
    }
}
