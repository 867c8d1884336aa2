package io.jvortex.expr;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import java.util.Arrays;

/**
 * Decides from statistics alone that no row of a range (a zone, a whole file) can satisfy a bound
 * predicate — the reference's falsification rewrite: {@code x > v} is impossible when
 * {@code max(x) <= v}, {@code x = v} when {@code v} lies outside {@code [min, max]}, {@code x IS NULL}
 * when the null count is 0, {@code a AND b} when either is impossible, {@code a OR b} when both are,
 * {@code NOT} is pushed down. Truncated string bounds count as bounds (a lower bound for min, an upper
 * bound for max), never as exact values; float comparisons prune only when the NaN count is known
 * to be 0. Pruning is an optimisation: "cannot prove" is always a safe answer.
 */
public final class Pruning {

    /**
     * Statistics of one column over one range.
     *
     * @param min the minimum or a lower bound (null when unknown)
     * @param minExact whether {@code min} is the exact minimum
     * @param max the maximum or an upper bound (null when unknown)
     * @param maxExact whether {@code max} is the exact maximum
     * @param nullCount nulls in the range, or -1 when unknown
     * @param nanCount NaNs in the range, or -1 when unknown (0 for non-float columns)
     * @param rowCount rows in the range
     * @param nullCountCoversColumn whether {@code nullCount} counts every null the predicate sees (false
     *     when a nullable struct above the column adds nulls the statistics do not count)
     */
    public record ColumnStats(Scalar min, boolean minExact, Scalar max, boolean maxExact, long nullCount,
                              long nanCount, long rowCount, boolean nullCountCoversColumn) {
    }

    /** Looks up a column's statistics for the range being decided. */
    @FunctionalInterface
    public interface Stats {
        /**
         * @param column a column of the predicate
         * @return its statistics, or null when there are none
         */
        ColumnStats get(Expr.Column column);
    }

    private Pruning() {
    }

    /**
     * @param predicate a bound predicate
     * @param stats the statistics of the range
     * @return true when no row of the range can make the predicate true
     */
    public static boolean cannotMatch(BoundPredicate predicate, Stats stats) {
        return cannot(predicate.expr(), stats);
    }

    private static boolean cannot(Expr e, Stats stats) {
        return switch (e) {
            case Expr.Literal l -> l.value().isNull() || !((Boolean) l.value().value());
            case Expr.Column c -> {
                ColumnStats s = stats.get(c);
                yield s != null && (allNull(s) || (s.max() != null && Boolean.FALSE.equals(s.max().value())));
            }
            case Expr.Compare c when c.right() instanceof Expr.Column -> false;
            case Expr.Compare c -> compare(c.op(), (Expr.Column) c.left(), ((Expr.Literal) c.right()).value(), stats);
            case Expr.In in -> cannotIn(in, stats);
            case Expr.IsNull n -> n.child() instanceof Expr.Column c && stats.get(c) instanceof ColumnStats s
                    && s.nullCountCoversColumn() && s.nullCount() == 0;
            case Expr.IsNotNull n -> n.child() instanceof Expr.Column c && stats.get(c) instanceof ColumnStats s
                    && allNull(s);
            case Expr.And a -> cannot(a.left(), stats) || cannot(a.right(), stats);
            case Expr.Or o -> cannot(o.left(), stats) && cannot(o.right(), stats);
            case Expr.Not n -> cannotNot(n.child(), stats);
            case Expr.Like l -> {
                String p = l.pattern();
                byte[] prefix = Like.literalPrefix(p);
                if (prefix.length == Like.compile(p).length) {
                    yield compare(Expr.Op.EQ, (Expr.Column) l.value(), new Scalar(new DType.Utf8(false), prefix), stats);
                }
                yield prefix.length > 0 && startsWith((Expr.Column) l.value(), prefix, stats);
            }
            case Expr.StartsWith s -> startsWith((Expr.Column) s.value(),
                    s.prefix().getBytes(java.nio.charset.StandardCharsets.UTF_8), stats);
            case Expr.Between b -> false;
        };
    }

    private static boolean cannotNot(Expr e, Stats stats) {
        return switch (e) {
            case Expr.Not n -> cannot(n.child(), stats);
            case Expr.And a -> cannotNot(a.left(), stats) && cannotNot(a.right(), stats);
            case Expr.Or o -> cannotNot(o.left(), stats) || cannotNot(o.right(), stats);
            case Expr.Compare c when c.right() instanceof Expr.Column -> false;
            case Expr.Compare c -> compare(c.op().negate(), (Expr.Column) c.left(), ((Expr.Literal) c.right()).value(),
                    stats);
            case Expr.IsNull n -> cannot(new Expr.IsNotNull(n.child()), stats);
            case Expr.IsNotNull n -> cannot(new Expr.IsNull(n.child()), stats);
            case Expr.Literal l -> l.value().isNull() || (Boolean) l.value().value();
            case Expr.Column c -> {
                ColumnStats s = stats.get(c);
                yield s != null && (allNull(s) || (s.min() != null && Boolean.TRUE.equals(s.min().value())));
            }
            case Expr.In in -> in.list().stream().anyMatch(i -> ((Expr.Literal) i).value().isNull());
            default -> false;
        };
    }

    private static boolean allNull(ColumnStats s) {
        return s.nullCount() >= 0 && s.nullCount() >= s.rowCount();
    }

    private static boolean compare(Expr.Op op, Expr.Column c, Scalar v, Stats stats) {
        ColumnStats s = stats.get(c);
        if (s == null) {
            return false;
        }
        if (allNull(s)) {
            return true;
        }
        boolean isFloat = Evaluator.isFloat(v.dtype());
        if (isFloat && s.nanCount() != 0) {
            return false;
        }
        Scalar min = s.min();
        Scalar max = s.max();
        return switch (op) {
            case GT -> max != null && order(max, v, isFloat, true) <= 0;
            case GE -> max != null && order(max, v, isFloat, true) < 0;
            case LT -> min != null && order(min, v, isFloat, false) >= 0;
            case LE -> min != null && order(min, v, isFloat, false) > 0;
            case EQ -> (min != null && order(min, v, isFloat, false) > 0)
                    || (max != null && order(max, v, isFloat, true) < 0);
            case NE -> min != null && max != null && s.minExact() && s.maxExact() && !isFloat
                    && order(min, v, false, false) == 0 && order(max, v, false, true) == 0;
        };
    }

    /**
     * {@code x IN (items)} is impossible when no item lies in {@code [min, max]}. A long list (a runtime
     * join filter brings thousands of items) is sorted once and searched per range: the items at or above
     * {@code min} form a suffix of the sorted list, so only its first item needs comparing with {@code max}.
     */
    private static boolean cannotIn(Expr.In in, Stats stats) {
        Expr.Column c = (Expr.Column) in.value();
        if (in.list().size() < Evaluator.IN_SET_MIN) {
            for (Expr item : in.list()) {
                Scalar v = ((Expr.Literal) item).value();
                if (!v.isNull() && !compare(Expr.Op.EQ, c, v, stats)) {
                    return false;
                }
            }
            return true;
        }
        Scalar[] sorted = InLists.of(in.list()).sorted();
        if (sorted == null) {
            return false; // items that have no order here: cannot prove anything
        }
        if (sorted.length == 0) {
            return true; // only null items: never true
        }
        ColumnStats s = stats.get(c);
        if (s == null) {
            return false;
        }
        if (allNull(s)) {
            return true;
        }
        boolean isFloat = Evaluator.isFloat(sorted[0].dtype());
        if (isFloat && s.nanCount() != 0) {
            return false;
        }
        Scalar min = s.min();
        Scalar max = s.max();
        int lo = 0;
        if (min != null) {
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (order(min, sorted[mid], isFloat, false) > 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
        }
        return lo == sorted.length || (max != null && order(max, sorted[lo], isFloat, true) < 0);
    }

    private static boolean startsWith(Expr.Column c, byte[] prefix, Stats stats) {
        ColumnStats s = stats.get(c);
        if (s == null) {
            return false;
        }
        if (allNull(s)) {
            return true;
        }
        if (s.max() != null && Arrays.compareUnsigned(s.max().asBytes(), prefix) < 0) {
            return true;
        }
        if (s.min() != null) {
            byte[] min = s.min().asBytes();
            byte[] head = Arrays.copyOf(min, Math.min(min.length, prefix.length));
            return Arrays.compareUnsigned(head, prefix) > 0;
        }
        return false;
    }

    /**
     * Orders a statistic against a literal of the same column type. For floats a zero bound is
     * widened ({@code -0.0} for a lower bound, {@code +0.0} for an upper one) because statistics may
     * not distinguish the two zeros while the comparison does.
     */
    static int order(Scalar stat, Scalar literal, boolean isFloat, boolean upper) {
        Object a = stat.value();
        Object b = literal.value();
        if (isFloat) {
            double x = stat.asDouble();
            if (x == 0.0) {
                x = upper ? 0.0 : -0.0;
            }
            return Long.compare(Evaluator.floatKey(x), Evaluator.floatKey(literal.asDouble()));
        }
        return switch (a) {
            case Boolean x -> Boolean.compare(x, (Boolean) b);
            case Long x -> isU64(literal.dtype()) ? Long.compareUnsigned(x, (Long) b) : Long.compare(x, (Long) b);
            case java.math.BigInteger x -> x.compareTo((java.math.BigInteger) b);
            case byte[] x -> Arrays.compareUnsigned(x, (byte[]) b);
            default -> throw new IllegalArgumentException("cannot order statistic " + stat);
        };
    }

    private static boolean isU64(DType t) {
        DType s = t instanceof DType.Extension e ? e.storage() : t;
        return s instanceof DType.Primitive p && p.ptype() == PType.U64;
    }
}
