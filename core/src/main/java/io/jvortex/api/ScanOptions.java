package io.jvortex.api;

import java.util.ArrayList;
import java.util.List;

/**
 * What a scan reads: which columns (top-level names, or nested paths {@code a.b.c}), how many rows at
 * most, and how many rows per chunk at most.
 *
 * @param columns column paths in output order; empty = all top-level columns
 * @param limit the most rows to return ({@link Long#MAX_VALUE} = all)
 * @param maxChunkRows the most rows per chunk
 * @param rowStart the first file row to read (inclusive)
 * @param rowEnd the file row to stop before ({@link Long#MAX_VALUE} = the end of the file)
 */
public record ScanOptions(List<String> columns, long limit, int maxChunkRows, long rowStart, long rowEnd) {
    /** Default upper bound of rows per chunk. */
    public static final int DEFAULT_MAX_CHUNK_ROWS = 1 << 17;

    /** Validates and copies the components. */
    public ScanOptions {
        columns = List.copyOf(columns);
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, got " + limit);
        }
        if (maxChunkRows <= 0) {
            throw new IllegalArgumentException("maxChunkRows must be > 0, got " + maxChunkRows);
        }
        if (rowStart < 0 || rowEnd < rowStart) {
            throw new IllegalArgumentException("row range [" + rowStart + ", " + rowEnd + ") is not a valid range");
        }
    }

    /**
     * @param start first row, inclusive
     * @param end row to stop before
     * @return a copy reading only file rows {@code [start, end)}
     */
    public ScanOptions withRowRange(long start, long end) {
        return new ScanOptions(columns, limit, maxChunkRows, start, end);
    }

    /** @return options that read everything */
    public static ScanOptions all() {
        return builder().build();
    }

    /** @return a builder */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link ScanOptions}. */
    public static final class Builder {
        private final List<String> columns = new ArrayList<>();
        private long limit = Long.MAX_VALUE;
        private int maxChunkRows = DEFAULT_MAX_CHUNK_ROWS;
        private long rowStart;
        private long rowEnd = Long.MAX_VALUE;

        private Builder() {
        }

        /**
         * @param paths column names or dotted nested paths, in output order
         * @return this builder
         */
        public Builder columns(String... paths) {
            columns.addAll(List.of(paths));
            return this;
        }

        /**
         * @param paths column names or dotted nested paths, in output order
         * @return this builder
         */
        public Builder columns(List<String> paths) {
            columns.addAll(paths);
            return this;
        }

        /**
         * @param rows the most rows to return
         * @return this builder
         */
        public Builder limit(long rows) {
            this.limit = rows;
            return this;
        }

        /**
         * @param rows the most rows per chunk
         * @return this builder
         */
        public Builder maxChunkRows(int rows) {
            this.maxChunkRows = rows;
            return this;
        }

        /**
         * Reads only file rows {@code [start, end)} (clamped to the file); chunks then start at
         * {@code start}, and {@link #limit} counts from there.
         *
         * @param start first row, inclusive
         * @param end row to stop before, exclusive
         * @return this builder
         */
        public Builder rowRange(long start, long end) {
            this.rowStart = start;
            this.rowEnd = end;
            return this;
        }

        /** @return the options */
        public ScanOptions build() {
            return new ScanOptions(columns, limit, maxChunkRows, rowStart, rowEnd);
        }
    }
}
