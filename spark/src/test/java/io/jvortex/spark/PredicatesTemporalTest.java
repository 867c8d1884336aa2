package io.jvortex.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Batch;
import io.jvortex.api.VortexWriter;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.expr.Expr;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongFunction;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Comparisons of timestamp and date columns with literals, as Spark's V2 predicates, translated and
 * evaluated by a jvortex scan, against the rows Spark keeps: Spark sees a nanosecond timestamp floored to
 * its microsecond and a millisecond date floored to its day (before 1970 too), and the other units
 * exactly. The stored values sit on both sides of every literal's unit boundaries. No Spark session:
 * Spark rewrites {@code NOT} of a comparison before pushing it, so this is where the translation's own
 * {@code NOT} and its null rows are checked.
 */
class PredicatesTemporalTest {
    private static final long DAY_MS = 86_400_000L;
    /** Literals, in Spark's units: microseconds for the timestamps, days for the dates. */
    private static final long[] LITERALS = {-2, -1, 0, 1, 5, 7, 1_000};
    private static final String[] OPS = {"=", "<>", "<", "<=", ">", ">=", "<=>"};
    private static final int ROWS;
    /** Stored values per column (null rows where {@code NULLS} says), and the units Spark sees. */
    private static final long[] NS;
    private static final long[] US;
    private static final long[] MS_DAYS;
    private static final long[] DAYS;
    private static final boolean[] NULLS;

    static {
        List<Long> base = new java.util.ArrayList<>();
        for (long l : LITERALS) {
            for (long d = -1; d <= 1; d++) {
                base.add(l + d);
            }
        }
        ROWS = base.size() * 3 + 1;
        NS = new long[ROWS];
        US = new long[ROWS];
        MS_DAYS = new long[ROWS];
        DAYS = new long[ROWS];
        NULLS = new boolean[ROWS];
        int r = 0;
        for (long unit : base) {
            // the first, a middle and the last stored value of each Spark unit
            for (long within : new long[] {0, 1, -1}) {
                NS[r] = within >= 0 ? unit * 1000 + within * 499 : unit * 1000 + 999;
                US[r] = unit;
                MS_DAYS[r] = within >= 0 ? unit * DAY_MS + within * 43_200_000L : unit * DAY_MS + DAY_MS - 1;
                DAYS[r] = unit;
                r++;
            }
        }
        NULLS[r] = true;
    }

    @TempDir
    static Path dir;
    private static Path file;

    @BeforeAll
    static void write() {
        DType.Struct schema = new DType.Struct(List.of("id", "ns", "ns_ntz", "us", "ms_day", "day"), List.of(
                new DType.Primitive(PType.I64, false),
                Extensions.timestamp(TimeUnit.NANOSECONDS, "UTC", true),
                Extensions.timestamp(TimeUnit.NANOSECONDS, null, true),
                Extensions.timestamp(TimeUnit.MICROSECONDS, "UTC", true),
                Extensions.date(TimeUnit.MILLISECONDS, true),
                Extensions.date(TimeUnit.DAYS, true)), false);
        long[] ids = new long[ROWS];
        int[] days = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            ids[i] = i;
            days[i] = (int) DAYS[i];
        }
        file = dir.resolve("temporal.vortex");
        try (VortexWriter writer = VortexWriter.create(file, schema)) {
            writer.write(Batch.builder(schema).longs("id", ids).longs("ns", NS, NULLS).longs("ns_ntz", NS, NULLS)
                    .longs("us", US, NULLS).longs("ms_day", MS_DAYS, NULLS).ints("day", days, NULLS).build());
        }
    }

    /** What Spark sees of row {@code i} of a column, in its units, or null. */
    private static Long spark(String column, int i) {
        if (NULLS[i]) {
            return null;
        }
        return switch (column) {
            case "ns", "ns_ntz" -> Math.floorDiv(NS[i], 1000L);
            case "us" -> US[i];
            case "ms_day" -> Math.floorDiv(MS_DAYS[i], DAY_MS);
            default -> DAYS[i];
        };
    }

    private static Boolean compare(String op, Long value, long literal) {
        if (value == null) {
            return op.equals("<=>") ? Boolean.FALSE : null;
        }
        int c = Long.compare(value, literal);
        return PredicateScans.holds(op, c);
    }

    private static Expression literal(String column, long value) {
        DataType type = switch (column) {
            case "ns", "us" -> DataTypes.TimestampType;
            case "ns_ntz" -> DataTypes.TimestampNTZType;
            default -> DataTypes.DateType;
        };
        return type == DataTypes.DateType ? new LiteralValue<>((int) value, type) : new LiteralValue<>(value, type);
    }

    private static Set<Long> expected(String column, java.util.function.Function<Long, Boolean> outcome) {
        Set<Long> ids = new TreeSet<>();
        for (int i = 0; i < ROWS; i++) {
            if (Boolean.TRUE.equals(outcome.apply(spark(column, i)))) {
                ids.add((long) i);
            }
        }
        return ids;
    }

    @Test
    void comparisonsKeepTheRowsSparkSees() {
        Set<String> ranged = Set.of("ns", "ns_ntz", "ms_day");
        Set<String> exact = Set.of("us", "day");
        int checked = 0;
        for (String column : List.of("ns", "ns_ntz", "us", "ms_day", "day")) {
            for (long lit : LITERALS) {
                for (String op : OPS) {
                    Expression col = Expressions.column(column);
                    Predicate plain = new Predicate(op, new Expression[] {col, literal(column, lit)});
                    Predicate flipped = new Predicate(PredicateScans.flip(op), new Expression[] {literal(column, lit), col});
                    Predicate negated = new Predicate("NOT", new Expression[] {plain});
                    String what = column + " " + op + " " + lit;
                    java.util.function.Function<Long, Boolean> rows = v -> compare(op, v, lit);
                    for (Predicate p : List.of(plain, flipped)) {
                        Expr e = Predicates.toExpr(p, exact, ranged);
                        assertThat(e).as(what).isNotNull();
                        assertThat(PredicateScans.scan(file, e)).as("%s as %s", what, e).isEqualTo(expected(column, rows));
                    }
                    Expr e = Predicates.toExpr(negated, exact, ranged);
                    assertThat(PredicateScans.scan(file, e)).as("NOT (%s) as %s", what, e)
                            .isEqualTo(expected(column, v -> PredicateScans.not(rows.apply(v))));
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(5 * LITERALS.length * OPS.length);
    }

    @Test
    void flooredColumnsTakeNoInListsOrColumnComparisons() {
        LongFunction<Expression> at = v -> literal("ns", v);
        Predicate in = new Predicate("IN", new Expression[] {Expressions.column("ns"), at.apply(1), at.apply(5)});
        assertThat(Predicates.toExpr(in, Set.of("us"), Set.of("ns"))).isNull();
        Predicate inExact = new Predicate("IN", new Expression[] {Expressions.column("us"), at.apply(1), at.apply(5)});
        assertThat(PredicateScans.scan(file, Predicates.toExpr(inExact, Set.of("us"), Set.of("ns"))))
                .isEqualTo(expected("us", v -> v == null ? null : v == 1 || v == 5));
        Predicate columns = new Predicate("<", new Expression[] {Expressions.column("ns"), Expressions.column("us")});
        assertThat(Predicates.toExpr(columns, Set.of("us"), Set.of("ns"))).isNull();
    }
}
