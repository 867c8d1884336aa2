package io.jvortex.internal.scan;

import io.jvortex.api.ReaderOptions;
import io.jvortex.dtype.DType;
import io.jvortex.expr.BoundPredicate;
import io.jvortex.expr.Expr;
import io.jvortex.expr.Pruning;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.layout.ZoneSchema;
import io.jvortex.scalar.ArrayStatistics;
import io.jvortex.scalar.Scalar;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Finds the row ranges of a file that a filter cannot match, from the file statistics and the zone
 * maps of the columns the filter reads. The rows are cut at every zone boundary of those columns;
 * each elementary range gets, per column, the statistics of the zone covering it, and the filter's
 * falsification ({@link Pruning}) decides it. Adjacent decided ranges are merged.
 */
final class ZonePruner {

    /** One zoned layout of a filter column, placed at its first file row. */
    private record Zones(long base, long rowCount, long zoneLength, Pruning.ColumnStats[] stats) {
    }

    private ZonePruner() {
    }

    /**
     * @param file the file
     * @param options reader options (for decoding zone tables)
     * @param predicate the bound filter
     * @return sorted, disjoint {@code [start, end)} pairs of rows that cannot match, flattened
     */
    static long[] prunedRanges(VortexFile file, ReaderOptions options, BoundPredicate predicate) {
        long rows = file.rowCount();
        if (rows == 0) {
            return new long[0];
        }
        if (fileCannotMatch(file, predicate)) {
            return new long[] {0, rows};
        }
        if (!file.isMapped()) {
            // fetch every zone table the filter reads in one vectored read before decoding any
            java.util.BitSet ids = new java.util.BitSet();
            for (BoundPredicate.BoundColumn c : predicate.columns()) {
                zoneSegments(file.rootLayout(), c.column().path(), 0, ids);
            }
            file.prefetch(ids.stream().toArray());
        }
        Map<Expr.Column, List<Zones>> zones = new HashMap<>();
        TreeSet<Long> cuts = new TreeSet<>();
        cuts.add(0L);
        cuts.add(rows);
        for (BoundPredicate.BoundColumn c : predicate.columns()) {
            List<Zones> found = new ArrayList<>();
            collect(file, options, file.rootLayout(), c.column().path(), 0, 0, false, c.dtype(), found);
            if (!found.isEmpty()) {
                zones.put(c.column(), found);
                for (Zones z : found) {
                    for (long r = z.base; r < z.base + z.rowCount; r += z.zoneLength) {
                        cuts.add(r);
                    }
                    cuts.add(z.base + z.rowCount);
                }
            }
        }
        if (zones.isEmpty()) {
            return new long[0];
        }
        List<Long> out = new ArrayList<>();
        Long prev = null;
        for (long cut : cuts) {
            if (prev != null && cut > prev) {
                long start = prev;
                boolean pruned = Pruning.cannotMatch(predicate, col -> statsAt(zones.get(col), start));
                if (pruned) {
                    if (!out.isEmpty() && out.getLast() == start) {
                        out.set(out.size() - 1, cut);
                    } else {
                        out.add(start);
                        out.add(cut);
                    }
                }
            }
            prev = cut;
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static Pruning.ColumnStats statsAt(List<Zones> list, long row) {
        if (list == null) {
            return null;
        }
        for (Zones z : list) {
            if (row >= z.base && row < z.base + z.rowCount) {
                int zone = (int) ((row - z.base) / z.zoneLength);
                return zone < z.stats.length ? z.stats[zone] : null;
            }
        }
        return null;
    }

    private static boolean fileCannotMatch(VortexFile file, BoundPredicate predicate) {
        if (file.fieldStatisticsTables().isEmpty() || !(file.dtype() instanceof DType.Struct root)) {
            return false;
        }
        List<ArrayStatistics> stats = file.fieldStatistics();
        return Pruning.cannotMatch(predicate, col -> {
            if (col.path().size() != 1) {
                return null;
            }
            int i = root.indexOf(col.path().getFirst());
            if (i < 0 || i >= stats.size()) {
                return null;
            }
            ArrayStatistics s = stats.get(i);
            DType t = root.fields().get(i);
            long nans = s.nanCount().isPresent() ? s.nanCount().getAsLong() : isFloat(t) ? -1 : 0;
            return new Pruning.ColumnStats(s.min().orElse(null), s.minExact(), s.max().orElse(null), s.maxExact(),
                    s.nullCount().isPresent() ? s.nullCount().getAsLong() : -1, nans, file.rowCount(), true);
        });
    }

    private static boolean isFloat(DType t) {
        DType s = t instanceof DType.Extension e ? e.storage() : t;
        return s instanceof DType.Primitive p && p.ptype().isFloat();
    }

    /** The segments of the zone tables {@link #collect} reads for the column at {@code path}. */
    private static void zoneSegments(Layout layout, List<String> path, int depth, java.util.BitSet out) {
        switch (layout) {
            case Layout.Struct s -> {
                if (depth < path.size()) {
                    int i = s.dtype().indexOf(path.get(depth));
                    if (i >= 0) {
                        zoneSegments(s.fields().get(i), path, depth + 1, out);
                    }
                }
            }
            case Layout.Chunked c -> c.children().forEach(child -> zoneSegments(child, path, depth, out));
            case Layout.Zoned z -> {
                if (depth == path.size()) {
                    if (z.zoneLength() > 0 && z.zones() != null) {
                        Readers.allSegments(z.zones(), out::set);
                    }
                } else {
                    zoneSegments(z.data(), path, depth, out);
                }
            }
            default -> {
            }
        }
    }

    /** Finds the zoned layouts that hold exactly the column at {@code path}, with their first rows. */
    private static void collect(VortexFile file, ReaderOptions options, Layout layout, List<String> path, int depth,
                                long base, boolean ancestorsNullable, DType columnType, List<Zones> out) {
        switch (layout) {
            case Layout.Struct s -> {
                if (depth < path.size()) {
                    int i = s.dtype().indexOf(path.get(depth));
                    if (i >= 0) {
                        collect(file, options, s.fields().get(i), path, depth + 1, base,
                                ancestorsNullable || (depth > 0 && s.dtype().nullable()), columnType, out);
                    }
                }
            }
            case Layout.Chunked c -> {
                long start = base;
                for (Layout child : c.children()) {
                    collect(file, options, child, path, depth, start, ancestorsNullable, columnType, out);
                    start += child.rowCount();
                }
            }
            case Layout.Zoned z -> {
                if (depth == path.size()) {
                    if (z.zoneLength() > 0) {
                        zoneStats(file, options, z, ancestorsNullable, columnType)
                                .ifPresent(stats -> out.add(new Zones(base, z.rowCount(), z.zoneLength(), stats)));
                    }
                } else {
                    collect(file, options, z.data(), path, depth, base, ancestorsNullable, columnType, out);
                }
            }
            case Layout.Flat f -> {
            }
            case Layout.Dict d -> {
            }
            case Layout.List l -> {
                // the zones of a list column wrap the list layout; its children are in element rows
            }
            case Layout.Unknown u -> {
            }
        }
    }

    private static java.util.Optional<Pruning.ColumnStats[]> zoneStats(VortexFile file, ReaderOptions options,
                                                                       Layout.Zoned z, boolean ancestorsNullable,
                                                                       DType columnType) {
        return ZoneMap.read(file, z, options).map(map -> {
            List<ZoneSchema.Column> cols = map.schema().columns();
            boolean float_ = isFloat(columnType);
            Pruning.ColumnStats[] out = new Pruning.ColumnStats[map.zoneCount()];
            for (int zone = 0; zone < out.length; zone++) {
                Scalar min = null;
                Scalar max = null;
                boolean minExact = true;
                boolean maxExact = true;
                long nulls = -1;
                long nans = float_ ? -1 : 0;
                for (int c = 0; c < cols.size(); c++) {
                    Scalar v = map.get(zone, c);
                    if (v.isNull()) {
                        continue;
                    }
                    switch (cols.get(c).stat()) {
                        case MAX -> max = v;
                        case MIN -> min = v;
                        case BOUNDED_MAX -> {
                            @SuppressWarnings("unchecked")
                            List<Scalar> parts = (List<Scalar>) v.value();
                            if (!Boolean.TRUE.equals(parts.get(1).value()) && !parts.get(0).isNull()) {
                                max = parts.get(0);
                                maxExact = false;
                            }
                        }
                        case BOUNDED_MIN -> {
                            min = v;
                            minExact = false;
                        }
                        case NULL_COUNT -> nulls = v.asLong();
                        case NAN_COUNT -> nans = v.asLong();
                        case MAX_IS_TRUNCATED -> maxExact &= !Boolean.TRUE.equals(v.value());
                        case MIN_IS_TRUNCATED -> minExact &= !Boolean.TRUE.equals(v.value());
                        default -> {
                        }
                    }
                }
                out[zone] = new Pruning.ColumnStats(min, minExact, max, maxExact, nulls, nans, map.zoneRowCount(zone),
                        !ancestorsNullable);
            }
            return out;
        });
    }
}
