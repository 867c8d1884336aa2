package io.jvortex.spark;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.expr.Expr;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** What the predicate translation tests share: the flipped operator, three-valued NOT, a filtered scan. */
final class PredicateScans {
    private PredicateScans() {
    }

    /** The operator with its operands swapped (the test's own, not the translation's). */
    static String flip(String op) {
        return switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> op;
        };
    }

    /**
     * Whether a comparison holds for a value that compares with the literal as {@code order} does with 0.
     *
     * @param op {@code = <> < <= > >= <=>} (the value on the left)
     * @param order negative, zero or positive: the value below, at or above the literal
     * @return the outcome for a non-null value
     */
    static boolean holds(String op, long order) {
        return switch (op) {
            case "=", "<=>" -> order == 0;
            case "<>" -> order != 0;
            case "<" -> order < 0;
            case "<=" -> order <= 0;
            case ">" -> order > 0;
            default -> order >= 0;
        };
    }

    /** SQL's NOT: unknown stays unknown. */
    static Boolean not(Boolean b) {
        return b == null ? null : !b;
    }

    /**
     * @param file a file whose first column is an i64 {@code id}
     * @param filter the filter
     * @return the ids of the rows a jvortex scan keeps
     */
    static Set<Long> scan(Path file, Expr filter) {
        Set<Long> ids = new TreeSet<>();
        try (VortexReader reader = VortexReader.open(file);
             ScanIterator it = reader.scan(ScanOptions.builder().columns(List.of("id")).filter(filter).build())) {
            while (it.hasNext()) {
                try (Chunk chunk = it.next()) {
                    PrimitiveArray idColumn = (PrimitiveArray) ((StructArray) chunk.rawArray()).fields().get(0);
                    for (int i = 0; i < idColumn.length(); i++) {
                        ids.add(idColumn.getLong(i));
                    }
                }
            }
        }
        return ids;
    }
}
