package io.jvortex.spark;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.expr.Expr;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Collects what Spark pushes into a scan: required columns, predicates (partition predicates prune
 * files, the others become a jvortex filter), a limit, and simple aggregates answered from statistics.
 */
final class VortexScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownV2Filters,
        SupportsPushDownLimit, SupportsPushDownAggregates {
    private final StructType tableSchema;
    private final CaseInsensitiveStringMap options;
    private final Configuration conf;
    private final VortexFiles.Listing listing;
    private final StructType partitionSchema;
    private final StructType dataSchema;
    private StructType required;
    private List<VortexFiles.FileEntry> files;
    private final List<Predicate> pushedData = new ArrayList<>();
    private final List<Predicate> pushedPartition = new ArrayList<>();
    private final List<Predicate> postScan = new ArrayList<>();
    private int limit = -1;
    private VortexPlan plan;
    private InternalRow aggregateRow;
    private StructType aggregateSchema;
    private String aggregateText;
    private GroupedAggregation grouped;
    /** Whether the aggregation Spark offered has an average that Spark computes through doubles. */
    private boolean averagesThroughDoubles;
    private DType.Struct firstFileSchema;
    private boolean firstFileRead;

    VortexScanBuilder(StructType tableSchema, CaseInsensitiveStringMap options) {
        this(tableSchema, options, null);
    }

    /**
     * @param tableSchema the table's schema
     * @param options the table's and the scan's options
     * @param kept the table's files when the table keeps them (null: list them now)
     */
    VortexScanBuilder(StructType tableSchema, CaseInsensitiveStringMap options, VortexFiles.Listing kept) {
        this.tableSchema = tableSchema;
        this.options = options;
        this.conf = VortexDataSource.hadoopConf(options);
        this.listing = kept != null ? kept
                : VortexFiles.list(VortexDataSource.paths(options), conf, VortexDataSource.catalogTable(options));
        StructType inferred = VortexFiles.partitionSchema(this.listing, tableSchema);
        List<StructField> partitionFields = new ArrayList<>();
        for (StructField f : inferred.fields()) {
            // the table's schema names the column (maybe with another case) when it came from inferSchema
            scala.Option<Object> index = tableSchema.getFieldIndexCaseInsensitive(f.name());
            partitionFields.add(index.isDefined() ? tableSchema.fields()[(Integer) index.get()] : f);
        }
        this.partitionSchema = new StructType(partitionFields.toArray(StructField[]::new));
        List<StructField> data = new ArrayList<>();
        for (StructField f : tableSchema.fields()) {
            if (!partitionSchema.getFieldIndexCaseInsensitive(f.name()).isDefined()) {
                data.add(f);
            }
        }
        this.dataSchema = new StructType(data.toArray(StructField[]::new));
        this.required = tableSchema;
        this.files = this.listing.files();
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        // nested pruning too: a struct Spark pruned to some fields reads only those (see ColumnReads)
        List<StructField> fields = new ArrayList<>();
        for (StructField f : requiredSchema.fields()) {
            scala.Option<Object> index = tableSchema.getFieldIndexCaseInsensitive(f.name());
            StructField table = index.isDefined() ? tableSchema.fields()[(Integer) index.get()] : f;
            fields.add(new StructField(table.name(), f.dataType(), table.nullable(), table.metadata()));
        }
        this.required = new StructType(fields.toArray(StructField[]::new));
    }

    private Set<String> partitionNames() {
        Set<String> out = new HashSet<>();
        for (StructField f : partitionSchema.fields()) {
            out.add(f.name());
        }
        return out;
    }

    /**
     * Data columns and fields of (nested) structs whose predicates Vortex evaluates exactly as Spark does,
     * by {@linkplain Predicates#key key}.
     */
    private Set<String> pushableColumns() {
        return columnKeys(false);
    }

    /**
     * Data columns and struct fields that take comparisons with literals (and null tests) only as ranges
     * ({@link Predicates#toExpr(Predicate, Set, Set)}), by {@linkplain Predicates#key key}: {@code f32}/
     * {@code f64} read as Spark's float or double (Spark's order of NaN and signed zeros), and nanosecond
     * timestamps and millisecond dates, which Spark sees floored to microseconds and days.
     */
    private Set<String> rangedColumns() {
        return columnKeys(true);
    }

    private Set<String> columnKeys(boolean ranged) {
        Set<String> out = new HashSet<>();
        DType.Struct fileSchema = firstFileSchema();
        if (fileSchema != null) {
            addKeys(dataSchema, fileSchema, new ArrayList<>(), ranged, out);
        }
        return out;
    }

    /** Adds the keys of the fields of {@code spark} (read from {@code vortex}) that are pushable or ranged. */
    private static void addKeys(StructType spark, DType.Struct vortex, List<String> parents, boolean ranged,
                                Set<String> out) {
        for (StructField f : spark.fields()) {
            int i = vortex.indexOf(f.name());
            if (i < 0 || f.name().indexOf(Predicates.PATH_SEPARATOR) >= 0) {
                continue;
            }
            DType t = vortex.fields().get(i);
            List<String> path = new ArrayList<>(parents);
            path.add(f.name());
            if (t instanceof DType.Struct nested && f.dataType() instanceof StructType fields) {
                addKeys(fields, nested, path, ranged, out);
                continue;
            }
            boolean ok = ranged ? switch (t) {
                case DType.Primitive p -> p.ptype() == PType.F32 || p.ptype() == PType.F64;
                case DType.Extension e -> Extensions.kind(e).map(k -> switch (k) {
                    case Extensions.DateKind d -> d.unit() == TimeUnit.MILLISECONDS;
                    case Extensions.TimestampKind ts -> ts.unit() == TimeUnit.NANOSECONDS;
                    default -> false;
                }).orElse(false);
                default -> false;
            } : switch (t) {
                case DType.Bool b -> true;
                case DType.Primitive p -> p.ptype().isInteger();
                case DType.Decimal d -> d.precision() <= 38;
                case DType.Utf8 u -> true;
                case DType.Binary b -> true;
                // only units Spark sees exactly: nanosecond timestamps and millisecond dates are floored on
                // the way to Spark, so Vortex comparing the stored value could keep other rows than Spark
                case DType.Extension e -> Extensions.kind(e).map(k -> switch (k) {
                    case Extensions.DateKind d -> d.unit() == TimeUnit.DAYS;
                    case Extensions.TimestampKind ts -> ts.unit() != TimeUnit.NANOSECONDS;
                    default -> false;
                }).orElse(false);
                default -> false;
            };
            if (ok && VortexVectors.matches(t, f.dataType())) {
                out.add(Predicates.key(path.toArray(String[]::new)));
            }
        }
    }

    /**
     * Pushable data columns whose runtime IN lists the readers test through a hash set of keys, when the
     * option {@code runtimeFilterDataColumns} asks for them (else none: only partition columns take
     * runtime filters).
     */
    private Set<String> runtimeFilterable() {
        Set<String> out = new HashSet<>();
        DType.Struct fileSchema = firstFileSchema();
        if (fileSchema == null || !options.getBoolean("runtimeFilterDataColumns", false)) {
            return out;
        }
        for (String name : pushableColumns()) {
            if (name.indexOf(Predicates.PATH_SEPARATOR) >= 0) {
                continue; // a struct field
            }
            DType t = fileSchema.fields().get(fileSchema.indexOf(name));
            DType storage = t instanceof DType.Extension e ? e.storage() : t;
            if (storage instanceof DType.Primitive p && p.ptype().isInteger()) {
                out.add(name);
            }
        }
        return out;
    }

    private DType.Struct firstFileSchema() {
        if (!firstFileRead) {
            firstFileRead = true;
            if (!listing.files().isEmpty()) {
                try (var reader = VortexDataSource.open(listing.files().getFirst().path(), conf)) {
                    if (reader.schema() instanceof DType.Struct s) {
                        firstFileSchema = s;
                    }
                }
            }
        }
        return firstFileSchema;
    }

    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        Set<String> partitions = partitionNames();
        Set<String> pushable = pushableColumns();
        Set<String> ranged = rangedColumns();
        List<Predicate> partitionOnly = new ArrayList<>();
        for (Predicate p : predicates) {
            Set<String> refs = new HashSet<>();
            Predicates.references(p, refs);
            if (!refs.isEmpty() && partitions.containsAll(refs)) {
                partitionOnly.add(p);
            } else if (binds(Predicates.toExpr(p, pushable, ranged))) {
                pushedData.add(p);
            } else {
                postScan.add(p);
            }
        }
        // partition predicates prune files; one that cannot be evaluated goes back to Spark
        List<VortexFiles.FileEntry> kept = new ArrayList<>(files);
        for (Predicate p : partitionOnly) {
            try {
                kept = VortexFiles.matching(kept, p, partitionSchema);
                pushedPartition.add(p);
            } catch (Predicates.NotEvaluable | ClassCastException e) {
                postScan.add(p);
            }
        }
        files = kept;
        return postScan.toArray(Predicate[]::new);
    }

    /**
     * Whether a translated predicate binds to the files' schema: two columns Spark sees with one type
     * may still be stored as types Vortex does not compare with each other (timestamps of different
     * units or time zones), and Spark then evaluates that comparison itself.
     */
    private boolean binds(Expr e) {
        if (e == null) {
            return false;
        }
        DType.Struct fileSchema = firstFileSchema();
        try {
            return fileSchema != null && e.bind(fileSchema) != null;
        } catch (IllegalArgumentException ex) {
            return false;
        }
    }

    @Override
    public Predicate[] pushedPredicates() {
        List<Predicate> out = new ArrayList<>(pushedPartition);
        out.addAll(pushedData);
        return out.toArray(Predicate[]::new);
    }

    @Override
    public boolean pushLimit(int n) {
        if (!postScan.isEmpty()) {
            return false;
        }
        limit = n;
        return true;
    }

    /** The data columns' unscaled value bounds over the planned files, from their statistics. */
    private GroupedAggregation.Bounds bounds(VortexPlan p) {
        Set<String> partitions = partitionNames();
        return (column, type) -> {
            if (partitions.contains(column)) {
                return null;
            }
            var min = p.extreme(column, type, false);
            var max = p.extreme(column, type, true);
            if (min.isEmpty() || max.isEmpty()) {
                return null;
            }
            return new BigInteger[] {unscaled(min.get().orElse(null), type), unscaled(max.get().orElse(null), type)};
        };
    }

    private VortexPlan plan() {
        if (plan == null) {
            plan = VortexPlan.of(files, dataSchema, listing.files().isEmpty() ? null : listing.files().getFirst().path(),
                    conf, options, pushedData.isEmpty() ? null : filter(pushedData.toArray(Predicate[]::new)));
        }
        return plan;
    }

    /** Whether the option {@code pushDownAggregate} (default true) lets aggregates into the scan. */
    private boolean aggregatesPushed() {
        return options.getBoolean("pushDownAggregate", true);
    }

    @Override
    public boolean supportCompletePushDown(Aggregation aggregation) {
        // Spark asks this first with the aggregation as written, then (averages split into sums and
        // counts) again, before pushAggregation: what the first call saw is kept
        if (aggregatesPushed()) {
            VortexPlan p = plan();
            averagesThroughDoubles |= GroupedAggregation.averagesThroughDoubles(aggregation, tableSchema, bounds(p),
                    p.totalRows(), org.apache.spark.sql.internal.SQLConf.get().decimalOperationsAllowPrecisionLoss());
        }
        // complete only when statistics answer it; otherwise each task aggregates its rows for Spark to merge
        return aggregatesPushed() && fromStatistics(aggregation) != null;
    }

    @Override
    public boolean pushAggregation(Aggregation aggregation) {
        if (!aggregatesPushed() || !postScan.isEmpty() || averagesThroughDoubles) {
            return false;
        }
        StatisticsAnswer answer = fromStatistics(aggregation);
        if (answer != null) {
            aggregateRow = answer.row();
            aggregateSchema = answer.schema();
            aggregateText = answer.text();
            return true;
        }
        VortexPlan p = plan();
        grouped = GroupedAggregation.compile(aggregation, tableSchema, bounds(p), p.totalRows(),
                org.apache.spark.sql.internal.SQLConf.get().decimalOperationsAllowPrecisionLoss(),
                options.getInt("pushDownAggregateMaxGroups", GroupedAggregation.MAX_GROUPS));
        return grouped != null;
    }

    /** A statistic's value (Spark's internal form) as an unscaled integer; null (no value) as zero. */
    private static BigInteger unscaled(Object v, DataType type) {
        return switch (v) {
            case null -> BigInteger.ZERO;
            case org.apache.spark.sql.types.Decimal d ->
                d.toJavaBigDecimal().setScale(((org.apache.spark.sql.types.DecimalType) type).scale()).unscaledValue();
            case Number n -> BigInteger.valueOf(n.longValue());
            default -> throw new IllegalStateException("statistic " + v + " of " + type.simpleString());
        };
    }

    /**
     * Aggregates answered from statistics.
     *
     * @param row the values
     * @param schema their types
     * @param text the aggregates, for EXPLAIN
     */
    private record StatisticsAnswer(InternalRow row, StructType schema, String text) {
    }

    /** @return the answer from file statistics, or null when they cannot give it */
    private StatisticsAnswer fromStatistics(Aggregation aggregation) {
        if (aggregation.groupByExpressions().length > 0 || !pushedData.isEmpty() || !postScan.isEmpty()) {
            return null;
        }
        Set<String> partitions = partitionNames();
        AggregateFunc[] funcs = aggregation.aggregateExpressions();
        Object[] values = new Object[funcs.length];
        List<StructField> fields = new ArrayList<>();
        List<String> text = new ArrayList<>();
        VortexPlan p = plan();
        for (int i = 0; i < funcs.length; i++) {
            AggregateFunc f = funcs[i];
            DataType type;
            Object value;
            if (f instanceof CountStar) {
                type = DataTypes.LongType;
                value = p.totalRows();
            } else if (f instanceof Count c && !c.isDistinct() && column(c.column(), partitions) != null) {
                type = DataTypes.LongType;
                Long nonNull = p.nonNullCount(column(c.column(), partitions));
                if (nonNull == null) {
                    return null;
                }
                value = nonNull;
            } else if ((f instanceof Min || f instanceof Max)) {
                NamedReference ref = f instanceof Min m ? asRef(m.column()) : asRef(((Max) f).column());
                String col = ref == null ? null : column(ref, partitions);
                if (col == null) {
                    return null;
                }
                StructField field = dataSchema.fields()[dataSchema.fieldIndex(col)];
                type = field.dataType();
                var extreme = p.extreme(col, type, f instanceof Max);
                if (extreme.isEmpty()) {
                    return null;
                }
                value = extreme.get().orElse(null);
            } else {
                return null;
            }
            values[i] = value;
            fields.add(new StructField("agg_" + i, type, true, Metadata.empty()));
            text.add(f.toString());
        }
        return new StatisticsAnswer(new GenericInternalRow(values), new StructType(fields.toArray(StructField[]::new)),
                String.join(", ", text));
    }

    private static NamedReference asRef(org.apache.spark.sql.connector.expressions.Expression e) {
        return e instanceof NamedReference r ? r : null;
    }

    private String column(org.apache.spark.sql.connector.expressions.Expression e, Set<String> partitions) {
        if (!(e instanceof NamedReference ref) || ref.fieldNames().length != 1) {
            return null;
        }
        String name = ref.fieldNames()[0];
        if (partitions.contains(name) || !dataSchema.getFieldIndex(name).isDefined()) {
            return null;
        }
        return name;
    }

    @Override
    public Scan build() {
        if (aggregateRow != null) {
            return new VortexAggregateScan(aggregateSchema, aggregateRow, aggregateText, describePredicates());
        }
        if (grouped != null) {
            return new VortexGroupedScan(rowScan(grouped.read()), grouped);
        }
        return rowScan(required);
    }

    /** The scan of the rows of some columns, with the pushed predicates and limit. */
    private VortexScan rowScan(StructType required) {
        List<StructField> data = new ArrayList<>();
        Set<String> partitions = partitionNames();
        for (StructField f : required.fields()) {
            if (!partitions.contains(f.name())) {
                data.add(f);
            }
        }
        // columns the pushed predicates read are read (and dropped) by the scan itself
        return new VortexScan(plan(), required, new StructType(data.toArray(StructField[]::new)), partitionSchema,
                pushedData.toArray(Predicate[]::new), pushedPartition.toArray(Predicate[]::new),
                postScan.toArray(Predicate[]::new), limit, new SerializableConf(conf), tableSchema,
                options, new VortexScan.Replan(dataSchema, runtimeFilterable(), conf, options));
    }

    private String describePredicates() {
        Set<String> all = new LinkedHashSet<>();
        for (Predicate p : pushedPredicates()) {
            all.add(p.toString());
        }
        return all.toString();
    }

    /** @return the filter the pushed data predicates form (null when none) */
    static Expr filter(Predicate[] pushed) {
        Expr out = null;
        for (Predicate p : pushed) {
            Expr e = Predicates.toExpr(p, new AllColumns(), new AllColumns());
            out = out == null ? e : Expr.and(out, e);
        }
        return out;
    }

    /** A set that contains every name: on executors the driver has already checked the columns. */
    static final class AllColumns extends java.util.AbstractSet<String> {
        @Override
        public boolean contains(Object o) {
            return true;
        }

        @Override
        public java.util.Iterator<String> iterator() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int size() {
            return Integer.MAX_VALUE;
        }
    }
}
