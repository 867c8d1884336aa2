package io.jvortex.spark;

import io.jvortex.api.Split;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.FieldReference;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.connector.read.SupportsRuntimeV2Filtering;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A planned scan: row splits of the selected files packed into input partitions of about
 * {@code spark.sql.files.maxPartitionBytes} (small files share one partition, a big file is cut into
 * row ranges), read by {@link VortexPartitionReaderFactory}.
 */
final class VortexScan implements Scan, Batch, SupportsReportStatistics, SupportsRuntimeV2Filtering {
    /** The plan; replaced when runtime filters prune files or zones. */
    private VortexPlan plan;
    private final StructType readSchema;
    private final StructType dataRead;
    private final StructType partitionSchema;
    private final Predicate[] pushedData;
    private final Predicate[] pushedPartition;
    private final Predicate[] postScan;
    private final int limit;
    private final SerializableConf conf;
    private final StructType tableSchema;
    private final Map<String, String> options;
    private final List<Object> input;
    /** The pushed data, partition and post-scan predicates in a form that ignores operand order. */
    private final List<Set<String>> predicates;
    /** What planning again after runtime filters needs. */
    private final Replan replan;
    /** Runtime filters on data columns that the readers apply (none until Spark calls {@link #filter}). */
    private Predicate[] runtime = new Predicate[0];
    /** {@link #runtime} as the readers get it (null while there is none). */
    private org.apache.spark.broadcast.Broadcast<Predicate[]> runtimeBroadcast;

    /**
     * The longest IN list of a runtime filter on a data column that the readers apply (option
     * {@code runtimeFilterMaxValues}): beyond it, testing every row costs more than the join it spares
     * (the keys of a big table broadcast for a semi join would be millions).
     */
    static final int RUNTIME_FILTER_MAX_VALUES = 65_536;

    /**
     * What the scan needs to plan its files again when Spark hands it runtime filters.
     *
     * @param dataSchema the table's data columns
     * @param filterable data columns a runtime filter may name: integers, dates and timestamps that Vortex
     *     compares exactly as Spark does, whose IN lists the readers test through a hash set
     * @param conf the Hadoop configuration
     * @param options the scan's options
     */
    record Replan(StructType dataSchema, Set<String> filterable, org.apache.hadoop.conf.Configuration conf,
                  org.apache.spark.sql.util.CaseInsensitiveStringMap options) {
    }

    VortexScan(VortexPlan plan, StructType readSchema, StructType dataRead, StructType partitionSchema,
            Predicate[] pushedData, Predicate[] pushedPartition, Predicate[] postScan, int limit, SerializableConf conf,
            StructType tableSchema, Map<String, String> options, Replan replan) {
        this.plan = plan;
        this.replan = replan;
        this.readSchema = readSchema;
        this.dataRead = dataRead;
        this.partitionSchema = partitionSchema;
        this.pushedData = pushedData;
        this.pushedPartition = pushedPartition;
        this.postScan = postScan;
        this.limit = limit;
        this.conf = conf;
        this.tableSchema = tableSchema;
        // keys as the case-insensitive options hold them (lower case); values may be null
        this.options = new HashMap<>(options);
        this.input = plan.input();
        this.predicates = List.of(Predicates.canonical(pushedData), Predicates.canonical(pushedPartition),
                Predicates.canonical(postScan));
    }

    /**
     * The columns Spark may filter at run time: dynamic pruning then hands {@link #filter} the keys a
     * broadcast join's other side kept. Partition columns prune files, as for Spark's file sources. With
     * the option {@code runtimeFilterDataColumns}, data columns of integer, date and timestamp types also
     * take them: zones prune by their zone maps and the readers drop the rows the join would drop. That is
     * off by default: on TPC-H SF 1 in {@code local[2]} the queries it applies to ran as fast or slower
     * (Q2 1.4 → 2.0 s, Q4 1.4 → 2.1 s, Q5 2.8 → 2.5 s), since the scan then waits for the broadcast and
     * tests every key; it pays where the keys are clustered, so that whole zones are skipped.
     */
    @Override
    public NamedReference[] filterAttributes() {
        List<NamedReference> out = new ArrayList<>();
        for (StructField f : readSchema.fields()) {
            if (partitionSchema.getFieldIndex(f.name()).isDefined() || replan.filterable().contains(f.name())) {
                out.add(FieldReference.column(f.name()));
            }
        }
        return out.toArray(NamedReference[]::new);
    }

    /**
     * Takes runtime filters: those on partition columns drop files whose values cannot match, those on
     * filterable data columns join the readers' filter, and the files are planned again (zone pruning and
     * splits). A filter neither kind covers is ignored: runtime filters only prune, the join still applies
     * its condition. Equality with other scans stays that of the planned scan.
     */
    @Override
    public void filter(Predicate[] filters) {
        Set<String> partitions = new java.util.HashSet<>(Arrays.asList(partitionSchema.fieldNames()));
        int maxValues = replan.options().getInt("runtimeFilterMaxValues", RUNTIME_FILTER_MAX_VALUES);
        List<VortexFiles.FileEntry> kept = new ArrayList<>();
        for (VortexPlan.FileInfo f : plan.files) {
            kept.add(f.entry());
        }
        int before = kept.size();
        List<Predicate> data = new ArrayList<>(Arrays.asList(runtime));
        for (Predicate p : filters) {
            Set<String> refs = new java.util.HashSet<>();
            Predicates.references(p, refs);
            if (!refs.isEmpty() && partitions.containsAll(refs)) {
                try {
                    kept = VortexFiles.matching(kept, p, partitionSchema);
                } catch (Predicates.NotEvaluable | ClassCastException e) {
                    // not evaluable on partition values: it prunes nothing
                }
            } else if ((!p.name().equals("IN") || p.children().length - 1 <= maxValues)
                    && Predicates.toExpr(p, replan.filterable()) != null) {
                data.add(p);
            }
        }
        if (kept.size() == before && data.size() == runtime.length) {
            return;
        }
        runtime = data.toArray(Predicate[]::new);
        if (runtime.length > 0) {
            runtimeBroadcast = org.apache.spark.api.java.JavaSparkContext.fromSparkContext(
                    org.apache.spark.sql.SparkSession.active().sparkContext()).broadcast(runtime);
        }
        List<Predicate> all = new ArrayList<>(Arrays.asList(pushedData));
        all.addAll(data);
        plan = VortexPlan.of(kept, replan.dataSchema(), plan.referenceFile, replan.conf(), replan.options(),
                all.isEmpty() ? null : VortexScanBuilder.filter(all.toArray(Predicate[]::new)));
    }

    /**
     * Equal when both read the same rows of the same files with the same columns, pushed predicates (up
     * to the order of their operands), limit and options: Spark then reuses one scan's exchange for the
     * other (a broadcast of a dimension table that a query and its subquery both join with is built
     * once), as it does for its own file scans, whose plans compare equal the same way.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof VortexScan s && limit == s.limit && readSchema.equals(s.readSchema)
                && dataRead.equals(s.dataRead) && partitionSchema.equals(s.partitionSchema)
                && tableSchema.equals(s.tableSchema) && predicates.equals(s.predicates)
                && options.equals(s.options) && input.equals(s.input);
    }

    @Override
    public int hashCode() {
        return Objects.hash(readSchema, predicates, limit, input);
    }

    @Override
    public StructType readSchema() {
        return readSchema;
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public String description() {
        return "VortexScan[files=" + plan.files.size() + ", rows=" + plan.totalRows()
                + ", PushedFilters: " + show(pushedData)
                + (plan.zones() > 0 ? ", ZonesPruned: " + plan.prunedZones() + " of " + plan.zones() : "")
                + ", PartitionFilters: " + show(pushedPartition)
                + ", PostScanFilters: " + show(postScan)
                + ", ReadSchema: " + readSchema.simpleString()
                + (limit >= 0 ? ", PushedLimit: " + limit : "") + "]";
    }

    private static String show(Predicate[] predicates) {
        Set<String> out = new LinkedHashSet<>();
        for (Predicate p : predicates) {
            out.add(p.toString());
        }
        return out.toString();
    }

    @Override
    public org.apache.spark.sql.connector.metric.CustomMetric[] supportedCustomMetrics() {
        return VortexMetrics.supported();
    }

    @Override
    public Statistics estimateStatistics() {
        return new Estimate(OptionalLong.of(sizeInBytes(plan.totalBytes(), plan.totalRows(), tableSchema.defaultSize(),
                readSchema.defaultSize())), pushedData.length == 0 && postScan.length == 0
                ? OptionalLong.of(plan.totalRows()) : OptionalLong.empty());
    }

    /**
     * The size Spark's optimizer gets: the files' bytes scaled by the share of the row width that is read
     * (as Spark's file scans scale them), but never less than the rows at Spark's own width of the columns
     * read. Spark compares the size with the broadcast threshold as if it were the rows in memory; Vortex
     * files are so much smaller than that (keys compress 4 to 10 times) that the compressed bytes made it
     * broadcast the 1.5 million rows of TPC-H's orders to join them with a few thousand rows.
     *
     * @param bytes the bytes of the files (after pruning)
     * @param rows their rows (after pruning)
     * @param fullWidth Spark's default width of a table row
     * @param readWidth Spark's default width of a row read
     * @return at least 1
     */
    static long sizeInBytes(long bytes, long rows, int fullWidth, int readWidth) {
        long full = Math.max(1, fullWidth);
        long read = Math.max(1, readWidth);
        long scaled = (long) (bytes * Math.min(1.0, (double) read / full));
        long inMemory = rows > Long.MAX_VALUE / read ? Long.MAX_VALUE : rows * read;
        return Math.max(1, Math.max(scaled, inMemory));
    }

    /**
     * What a scan tells Spark's optimizer.
     *
     * @param sizeInBytes the bytes it returns, as Spark estimates them
     * @param numRows its rows, when known
     */
    record Estimate(OptionalLong sizeInBytes, OptionalLong numRows) implements Statistics {
    }

    /** One row range of one file. */
    private record Piece(VortexPlan.FileInfo file, Split split) {
    }

    @Override
    public InputPartition[] planInputPartitions() {
        List<Piece> pieces = new ArrayList<>();
        for (VortexPlan.FileInfo f : plan.files) {
            for (Split s : f.splits()) {
                if (s.rowCount() > 0) {
                    pieces.add(new Piece(f, s));
                }
            }
        }
        // as Spark packs file splits: biggest first, next fit, each piece also costs an open
        pieces.sort(Comparator.comparingLong((Piece p) -> p.split().estimatedBytes()).reversed());
        List<InputPartition> out = new ArrayList<>();
        List<VortexInputPartition.Slice> current = new ArrayList<>();
        Set<String> hosts = new LinkedHashSet<>();
        long currentBytes = 0;
        for (Piece p : pieces) {
            long bytes = p.split().estimatedBytes() + plan.openCostInBytes;
            if (!current.isEmpty() && currentBytes + bytes > plan.maxPartitionBytes) {
                out.add(new VortexInputPartition(current.toArray(VortexInputPartition.Slice[]::new),
                        hosts.toArray(String[]::new), runtimeBroadcast));
                current = new ArrayList<>();
                hosts = new LinkedHashSet<>();
                currentBytes = 0;
            }
            current.add(new VortexInputPartition.Slice(p.file().entry().path(), p.split().rowStart(),
                    p.split().rowEnd(), partitionRow(p.file().entry())));
            hosts.addAll(Arrays.asList(p.file().entry().hosts()));
            currentBytes += bytes;
        }
        if (!current.isEmpty()) {
            out.add(new VortexInputPartition(current.toArray(VortexInputPartition.Slice[]::new),
                    hosts.toArray(String[]::new), runtimeBroadcast));
        }
        return out.toArray(InputPartition[]::new);
    }

    private InternalRow partitionRow(VortexFiles.FileEntry f) {
        return new GenericInternalRow(VortexFiles.values(f, partitionSchema));
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        var broadcast = ConfBroadcasts.of(org.apache.spark.sql.SparkSession.active().sparkContext(), conf.get());
        return new VortexPartitionReaderFactory(broadcast, readSchema, dataRead, partitionSchema, pushedData, limit,
                plan.referenceFile);
    }
}
