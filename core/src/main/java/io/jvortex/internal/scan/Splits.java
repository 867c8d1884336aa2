package io.jvortex.internal.scan;

import io.jvortex.api.Split;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Cuts a file into row-range {@link Split}s at chunk boundaries of the layout tree (where a column's
 * flat segment starts), or at zone boundaries when every column is a single piece. Each split carries
 * at least {@code targetBytes} of data segments (except the last) and at most half as much again when
 * that lets it end where fewer segments straddle the cut: a straddling segment is read and decoded by
 * both neighbouring splits. The splits cover every row exactly once, in order.
 */
public final class Splits {
    private Splits() {
    }

    /**
     * @param file the file
     * @param targetBytes the data bytes each split should carry (at least one piece each)
     * @return the splits, ascending, covering {@code [0, rowCount)}; none for an empty file
     */
    public static List<Split> of(VortexFile file, long targetBytes) {
        if (targetBytes <= 0) {
            throw new IllegalArgumentException("targetBytes must be positive, got " + targetBytes);
        }
        long rowCount = file.rowCount();
        if (rowCount == 0) {
            return List.of();
        }
        List<long[]> flats = new ArrayList<>(); // {rowStart, rowEnd, bytes}
        TreeSet<Long> cuts = new TreeSet<>();
        TreeSet<Long> zoneCuts = new TreeSet<>();
        walk(file, file.rootLayout(), 0, flats, cuts, zoneCuts);
        cuts.removeIf(c -> c <= 0 || c >= rowCount);
        if (cuts.isEmpty()) {
            // One piece per column: zone boundaries are the only places to cut without decoding
            // a segment twice being unavoidable anyway.
            cuts.addAll(zoneCuts);
            cuts.removeIf(c -> c <= 0 || c >= rowCount);
        }
        cuts.add(rowCount);
        long[] bounds = cuts.stream().mapToLong(Long::longValue).toArray();
        // Bytes of every piece [bounds[i-1], bounds[i]), attributed by row overlap.
        double[] pieceBytes = new double[bounds.length];
        for (long[] f : flats) {
            long rows = Math.max(1, f[1] - f[0]);
            int i = firstPieceEndingAfter(bounds, f[0]);
            long start = i == 0 ? 0 : bounds[i - 1];
            for (; i < bounds.length && start < f[1]; i++) {
                long overlap = Math.min(bounds[i], f[1]) - Math.max(start, f[0]);
                if (overlap > 0) {
                    pieceBytes[i] += (double) f[2] * overlap / rows;
                }
                start = bounds[i];
            }
        }
        double[] cutCost = straddleCosts(bounds, flats);
        double[] upTo = new double[bounds.length + 1]; // upTo[i] = bytes of pieces [0, i)
        for (int i = 0; i < bounds.length; i++) {
            upTo[i + 1] = upTo[i] + pieceBytes[i];
        }
        List<Split> out = new ArrayList<>();
        int last = bounds.length - 1;
        int first = 0; // first piece of the next split
        while (first <= last) {
            int end = first;
            while (end < last && upTo[end + 1] - upTo[first] < targetBytes) {
                end++;
            }
            // Up to half a target further on, prefer the cut that makes the fewest bytes be decoded
            // by both neighbours (a segment straddling the cut is read and decoded twice).
            int best = end;
            for (int k = end + 1; k <= last && upTo[k + 1] - upTo[first] <= 1.5 * targetBytes; k++) {
                if (cutCost[k] < cutCost[best]) {
                    best = k;
                }
            }
            long start = first == 0 ? 0 : bounds[first - 1];
            out.add(new Split(start, bounds[best], Math.round(upTo[best + 1] - upTo[first])));
            first = best + 1;
        }
        return out;
    }

    /**
     * @return per bound the bytes of the segments a cut there would split (each then decoded by the
     *     splits on both sides)
     */
    private static double[] straddleCosts(long[] bounds, List<long[]> flats) {
        double[] delta = new double[bounds.length + 1];
        for (long[] f : flats) {
            int from = firstPieceEndingAfter(bounds, f[0]); // first bound > rowStart
            int to = firstPieceEndingAfter(bounds, f[1] - 1); // first bound >= rowEnd
            if (from < to) {
                delta[from] += f[2];
                delta[to] -= f[2];
            }
        }
        double[] cost = new double[bounds.length];
        double running = 0;
        for (int i = 0; i < bounds.length; i++) {
            running += delta[i];
            cost[i] = running;
        }
        return cost;
    }

    private static int firstPieceEndingAfter(long[] bounds, long row) {
        int lo = 0;
        int hi = bounds.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (bounds[mid] > row) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static void walk(VortexFile file, Layout layout, long base, List<long[]> flats, TreeSet<Long> cuts,
                             TreeSet<Long> zoneCuts) {
        switch (layout) {
            case Layout.Flat f -> flats.add(new long[] {base, base + f.rowCount(),
                file.segmentSpec(f.segmentId()).lengthBytes()});
            case Layout.Chunked c -> {
                long start = base;
                for (Layout child : c.children()) {
                    cuts.add(start);
                    walk(file, child, start, flats, cuts, zoneCuts);
                    start += child.rowCount();
                }
            }
            case Layout.Struct s -> {
                if (s.validity() != null) {
                    walk(file, s.validity(), base, flats, cuts, zoneCuts);
                }
                for (Layout f : s.fields()) {
                    walk(file, f, base, flats, cuts, zoneCuts);
                }
            }
            case Layout.Zoned z -> {
                if (z.zoneLength() > 0) {
                    for (long r = z.zoneLength(); r < z.rowCount(); r += z.zoneLength()) {
                        zoneCuts.add(base + r);
                    }
                }
                walk(file, z.data(), base, flats, cuts, zoneCuts);
            }
            case Layout.Dict d -> {
                walk(file, d.codes(), base, flats, cuts, zoneCuts);
                // The dictionary is read by every split that touches the codes: count it once, up front.
                List<long[]> values = new ArrayList<>();
                walk(file, d.values(), 0, values, new TreeSet<>(), new TreeSet<>());
                long valueBytes = values.stream().mapToLong(v -> v[2]).sum();
                flats.add(new long[] {base, base + Math.max(1, d.rowCount()), valueBytes});
            }
            case Layout.List l -> {
                if (l.validity() != null) {
                    walk(file, l.validity(), base, flats, cuts, zoneCuts);
                }
                walk(file, l.offsets(), base, flats, cuts, zoneCuts);
                // Elements are in element rows: map their pieces onto list rows in proportion (the
                // true mapping needs the offsets, which planning does not read), which spreads their
                // bytes and offers their piece starts as cuts; any cut is valid for a list.
                List<long[]> elementFlats = new ArrayList<>();
                TreeSet<Long> elementCuts = new TreeSet<>();
                walk(file, l.elements(), 0, elementFlats, elementCuts, new TreeSet<>());
                long elementRows = l.elements().rowCount();
                if (elementRows > 0) {
                    double scale = (double) l.rowCount() / elementRows;
                    for (long[] f : elementFlats) {
                        long from = base + Math.min((long) Math.floor(f[0] * scale), l.rowCount() - 1);
                        long to = base + Math.max((long) Math.ceil(f[1] * scale), from - base + 1);
                        flats.add(new long[] {from, Math.min(to, base + l.rowCount()), f[2]});
                    }
                    for (long c : elementCuts) {
                        cuts.add(base + (long) Math.floor(c * scale));
                    }
                }
            }
            case Layout.Unknown u -> {
            }
        }
    }
}
