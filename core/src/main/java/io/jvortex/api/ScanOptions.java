package io.jvortex.api;

import io.jvortex.expr.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a scan reads: which columns (top-level names, or nested paths {@code a.b.c}), which rows (a
 * row range and a filter), how many rows at most, and how many rows per chunk at most.
 *
 * <p>With a filter, chunks hold only the rows where the predicate is true (SQL three-valued logic:
 * null counts as false) for every projected column; columns the filter reads but the projection
 * does not are read and dropped. Zones whose statistics prove no row can match are skipped without
 * touching their data segments.
 *
 * @param columns column paths in output order; empty = all top-level columns
 * @param limit the most rows to return ({@link Long#MAX_VALUE} = all)
 * @param maxChunkRows the most rows per chunk
 * @param rowStart the first file row to read (inclusive)
 * @param rowEnd the file row to stop before ({@link Long#MAX_VALUE} = the end of the file)
 * @param filter the row predicate, or {@code null} for all rows
 */
public record ScanOptions(List<String> columns, long limit, int maxChunkRows, long rowStart, long rowEnd,
                          Expr filter) {
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
        return new ScanOptions(columns, limit, maxChunkRows, start, end, filter);
    }

    /**
     * Options without a filter.
     *
     * @param columns column paths in output order; empty = all top-level columns
     * @param limit the most rows to return
     * @param maxChunkRows the most rows per chunk
     * @param rowStart the first file row to read
     * @param rowEnd the file row to stop before
     */
    public ScanOptions(List<String> columns, long limit, int maxChunkRows, long rowStart, long rowEnd) {
        this(columns, limit, maxChunkRows, rowStart, rowEnd, null);
    }

    /**
     * @param predicate the row predicate, or {@code null} for all rows
     * @return a copy with that filter
     */
    public ScanOptions withFilter(Expr predicate) {
        return new ScanOptions(columns, limit, maxChunkRows, rowStart, rowEnd, predicate);
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
        private Expr filter;

        private Builder() {
        }

        /**
         * Keeps only rows where the predicate is true, e.g.
         * {@code filter(and(col("l_quantity").gt(lit(45)), col("l_shipmode").in(lit("AIR"), lit("MAIL"))))}.
         * The predicate is type-checked against the file's schema when the scan starts.
         *
         * @param predicate the row predicate
         * @return this builder
         */
        public Builder filter(Expr predicate) {
            this.filter = Objects.requireNonNull(predicate, "predicate");
            return this;
        }

        /**
         * Keeps only rows where the predicate, in the text syntax of {@link Expr#parse}, is true, e.g.
         * {@code "l_quantity > 45 AND l_shipdate BETWEEN DATE '1995-01-01' AND DATE '1995-01-31'"}.
         *
         * @param predicate the predicate text
         * @return this builder
         * @throws io.jvortex.expr.ExprSyntaxException when the text does not parse
         */
        public Builder filter(String predicate) {
            return filter(Expr.parse(Objects.requireNonNull(predicate, "predicate")));
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
            return new ScanOptions(columns, limit, maxChunkRows, rowStart, rowEnd, filter);
        }
    }
}
