package io.jvortex.expr;

import io.jvortex.dtype.DType;
import java.util.List;
import java.util.Objects;

/**
 * A predicate checked against a schema, in a normal form that evaluation and pruning rely on:
 * every comparison is {@code column op literal} with the literal converted to the column's dtype
 * (integers, decimals, dates and timestamps in the column's own units, a non-representable literal
 * already folded into an equivalent comparison or constant), {@code BETWEEN} is split into two
 * comparisons, {@code IN} lists hold literals of the column's type (null items as null scalars),
 * and every other leaf is a boolean column, a boolean or null literal, {@code IS [NOT] NULL},
 * {@code LIKE} or starts-with over a column.
 *
 * @param expr the normalised predicate
 * @param columns every column it reads, each once, in first-use order
 */
public record BoundPredicate(Expr expr, List<BoundColumn> columns) {

    /**
     * A column a predicate reads.
     *
     * @param column the reference
     * @param dtype its dtype, nullable when the column or any struct above it is nullable
     */
    public record BoundColumn(Expr.Column column, DType dtype) {
        /** Validates the components. */
        public BoundColumn {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(dtype, "dtype");
        }
    }

    /** Validates and copies the components. */
    public BoundPredicate {
        Objects.requireNonNull(expr, "expr");
        columns = List.copyOf(columns);
    }

    /**
     * @param column a column reference of this predicate
     * @return its dtype
     * @throws IllegalArgumentException when the predicate does not read that column
     */
    public DType dtypeOf(Expr.Column column) {
        for (BoundColumn c : columns) {
            if (c.column().equals(column)) {
                return c.dtype();
            }
        }
        throw new IllegalArgumentException("the predicate does not read column '" + column.name() + "'");
    }

    @Override
    public String toString() {
        return expr.sql();
    }
}
