package io.jvortex.cli;

import io.jvortex.api.VortexReader;
import io.jvortex.api.Zone;
import io.jvortex.dtype.DType;
import io.jvortex.scalar.ArrayStatistics;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jvx stats FILE [--zones]}: the statistics the writer stored, as a table (nothing is decoded).
 * One row per top-level column: {@code column dtype min max null_count nan_count sum is_sorted
 * is_strict_sorted is_constant uncompressed_size zones}; a statistic the file does not store is empty.
 * With {@code --zones}, one row per zone of each column's zone map: {@code column zone row_start rows}
 * and every statistic the zone maps store ({@code min}, {@code max}, {@code null_count}, ...).
 */
@Command(name = "stats", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Print the stored file statistics per column (--zones: the zone maps, one row per zone).")
final class StatsCommand implements Runnable, FileArgument.Reading {
    /** Zone statistics printed first, in this order; others follow by name. */
    private static final List<String> ZONE_STAT_ORDER = List.of("min", "max", "null_count", "nan_count", "sum");

    @Spec
    CommandSpec spec;
    @Mixin
    FileArgument input;

    @Option(names = "--zones", description = "print the zone maps: one row per zone and column")
    boolean zones;

    @Override
    public FileArgument input() {
        return input;
    }

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        input.read(spec.commandLine().getErr(), reader -> (zones ? zoneTable(reader) : fileTable(reader)).print(out));
    }

    private static TextTable fileTable(VortexReader reader) {
        TextTable table = new TextTable("column", "dtype", "min", "max", "null_count", "nan_count", "sum",
                "is_sorted", "is_strict_sorted", "is_constant", "uncompressed_size", "zones");
        DType schema = reader.schema();
        Map<String, ArrayStatistics> stats = reader.statistics();
        for (Map.Entry<String, DType> column : columns(schema).entrySet()) {
            String name = column.getKey();
            ArrayStatistics s = stats.getOrDefault(schema instanceof DType.Struct ? name : "", ArrayStatistics.NONE);
            table.row(name, column.getValue().display(), ScalarText.format(s.min().orElse(null)),
                    ScalarText.format(s.max().orElse(null)), text(s.nullCount()), text(s.nanCount()),
                    ScalarText.format(s.sum().orElse(null)), text(s.isSorted()), text(s.isStrictSorted()),
                    text(s.isConstant()), text(s.uncompressedSizeInBytes()),
                    Integer.toString(FileReport.zones(reader, name).size()));
        }
        return table;
    }

    private static TextTable zoneTable(VortexReader reader) {
        Map<String, List<Zone>> all = new LinkedHashMap<>();
        Set<String> present = new LinkedHashSet<>();
        for (String name : columns(reader.schema()).keySet()) {
            List<Zone> list = FileReport.zones(reader, name);
            all.put(name, list);
            for (Zone z : list) {
                present.addAll(z.statistics().keySet());
            }
        }
        List<String> statNames = ordered(present);
        List<String> header = new ArrayList<>(List.of("column", "zone", "row_start", "rows"));
        header.addAll(statNames);
        TextTable table = new TextTable(header.toArray(String[]::new));
        for (Map.Entry<String, List<Zone>> e : all.entrySet()) {
            List<Zone> list = e.getValue();
            for (int i = 0; i < list.size(); i++) {
                Zone z = list.get(i);
                List<String> row = new ArrayList<>(List.of(e.getKey(), Integer.toString(i),
                        Long.toString(z.rowStart()), Long.toString(z.rowCount())));
                for (String s : statNames) {
                    row.add(ScalarText.format(z.statistics().get(s)));
                }
                table.row(row.toArray(String[]::new));
            }
        }
        return table;
    }

    /**
     * @param names statistic names
     * @return them in the order tables show them: min, max, null_count, nan_count, sum, then the rest by name
     */
    static List<String> ordered(Collection<String> names) {
        List<String> out = new ArrayList<>();
        for (String s : ZONE_STAT_ORDER) {
            if (names.contains(s)) {
                out.add(s);
            }
        }
        Set<String> rest = new TreeSet<>(names);
        rest.removeAll(ZONE_STAT_ORDER);
        out.addAll(rest);
        return out;
    }

    /** The top-level columns and their dtypes ({@link SchemaCommand#ROOT} for a root that is no struct). */
    static Map<String, DType> columns(DType schema) {
        Map<String, DType> out = new LinkedHashMap<>();
        if (schema instanceof DType.Struct s) {
            for (int i = 0; i < s.names().size(); i++) {
                out.putIfAbsent(s.names().get(i), s.fields().get(i));
            }
        } else {
            out.put(SchemaCommand.ROOT, schema);
        }
        return out;
    }

    /**
     * @param value a count, if stored
     * @return it, or empty
     */
    static String text(OptionalLong value) {
        return value.isPresent() ? Long.toString(value.getAsLong()) : "";
    }

    /**
     * @param value a flag, if stored
     * @return it, or empty
     */
    static String text(Optional<Boolean> value) {
        return value.map(String::valueOf).orElse("");
    }
}
