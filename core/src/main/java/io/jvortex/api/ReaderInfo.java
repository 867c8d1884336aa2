package io.jvortex.api;

import io.jvortex.dtype.DType;
import io.jvortex.internal.file.SegmentSpec;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.layout.ZoneSchema;
import io.jvortex.internal.scan.LayoutScan;
import io.jvortex.internal.scan.ZoneMap;
import io.jvortex.scalar.ArrayStatistics;
import io.jvortex.scalar.Scalar;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Builds the public descriptions of {@link VortexReader} from the internal layout tree and footer. */
final class ReaderInfo {
    private ReaderInfo() {
    }

    static LayoutInfo layout(VortexFile file, Layout layout) {
        List<SegmentInfo> segments = new ArrayList<>();
        Map<String, String> properties = new LinkedHashMap<>();
        switch (layout) {
            case Layout.Flat f -> {
                SegmentSpec spec = file.segmentSpec(f.segmentId());
                segments.add(new SegmentInfo(f.segmentId(), spec.byteOffset(), spec.lengthBytes(),
                        1 << spec.alignmentExponent()));
            }
            case Layout.Zoned z -> {
                properties.put("zone_length", Long.toString(z.zoneLength()));
                if (z.schema() != null) {
                    properties.put("statistics", String.join(",",
                            z.schema().columns().stream().map(c -> statName(c.stat())).toList()));
                }
            }
            case Layout.Dict d -> {
                properties.put("codes_type", d.codesType().name().toLowerCase(Locale.ROOT));
                properties.put("all_values_referenced", Boolean.toString(d.allValuesReferenced()));
            }
            case Layout.List l -> properties.put("offsets_type", l.offsetsType().name().toLowerCase(Locale.ROOT));
            case Layout.Unknown u -> {
                properties.put("unknown", "true");
                properties.put("byte_offset", Long.toString(u.byteOffset()));
                properties.put("child_count", Integer.toString(u.childCount()));
                properties.put("segment_count", Integer.toString(u.segmentCount()));
            }
            case Layout.Chunked _, Layout.Struct _ -> {
            }
        }
        List<LayoutInfo> children = new ArrayList<>(layout.children().size());
        for (Layout child : layout.children()) {
            children.add(layout(file, child));
        }
        return new LayoutInfo(layout.encodingId(), layout.path(), layout.dtype(), layout.rowCount(), segments,
                properties, children);
    }

    static Map<String, ArrayStatistics> statistics(VortexFile file) {
        List<ArrayStatistics> all = file.fieldStatistics();
        Map<String, ArrayStatistics> out = new LinkedHashMap<>();
        if (file.dtype() instanceof DType.Struct s) {
            for (int i = 0; i < all.size() && i < s.names().size(); i++) {
                out.put(s.names().get(i), all.get(i));
            }
        } else if (!all.isEmpty()) {
            out.put("", all.getFirst());
        }
        return Collections.unmodifiableMap(out);
    }

    static List<Zone> zones(VortexFile file, ReaderOptions options, String column) {
        Layout node = find(file.rootLayout(), "root." + column);
        if (node == null) {
            if (hasField(file.dtype(), column)) {
                return List.of(); // a column the layout does not split out has no zone map of its own
            }
            throw new IllegalArgumentException("no column " + column + " in " + file.dtype().display());
        }
        List<Zone> out = new ArrayList<>();
        long[] base = {0};
        collectZones(file, options, node, out, base);
        return List.copyOf(out);
    }

    private static boolean hasField(DType dtype, String column) {
        if (!(dtype instanceof DType.Struct root)) {
            return false;
        }
        DType at = root;
        for (String name : LayoutScan.columnPath(root, column)) {
            if (!(at instanceof DType.Struct s) || s.indexOf(name) < 0) {
                return false;
            }
            at = s.fields().get(s.indexOf(name));
        }
        return true;
    }

    private static Layout find(Layout layout, String path) {
        if (layout.path().equals(path)) {
            return layout;
        }
        for (Layout child : layout.children()) {
            if (path.startsWith(child.path())) {
                Layout found = find(child, path);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** Zoned layouts of the column's subtree, outermost first; rows offset by preceding chunks. */
    private static void collectZones(VortexFile file, ReaderOptions options, Layout layout, List<Zone> out,
                                     long[] base) {
        if (layout instanceof Layout.Zoned zoned) {
            Optional<ZoneMap> map = ZoneMap.read(file, zoned, options);
            if (map.isPresent()) {
                ZoneMap zones = map.get();
                List<ZoneSchema.Column> columns = zones.schema().columns();
                for (int z = 0; z < zones.zoneCount(); z++) {
                    Map<String, Scalar> stats = new LinkedHashMap<>();
                    for (int c = 0; c < columns.size(); c++) {
                        Scalar value = zones.get(z, c);
                        if (!value.isNull()) {
                            stats.putIfAbsent(statName(columns.get(c).stat()), value);
                        }
                    }
                    out.add(new Zone(base[0] + zones.zoneStart(z), zones.zoneRowCount(z), stats));
                }
            }
            base[0] += layout.rowCount();
            return;
        }
        if (layout instanceof Layout.Chunked chunked) {
            for (Layout child : chunked.children()) {
                collectZones(file, options, child, out, base);
            }
            return;
        }
        base[0] += layout.rowCount();
    }

    private static String statName(ZoneSchema.Stat stat) {
        return stat.name().toLowerCase(Locale.ROOT);
    }
}
