package io.jvortex.spark;

import io.jvortex.api.Split;
import io.jvortex.api.VortexReader;
import io.jvortex.api.Zone;
import io.jvortex.expr.BoundPredicate;
import io.jvortex.expr.Expr;
import io.jvortex.expr.Pruning;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.scalar.ArrayStatistics;
import io.jvortex.scalar.Scalar;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The files of a scan with their footers read on the driver: row counts, statistics and row splits,
 * every file's schema checked against the table's.
 */
final class VortexPlan {
    /**
     * One file.
     *
     * @param entry the listing entry
     * @param rowCount its rows
     * @param schema its Vortex schema
     * @param statistics its column statistics
     * @param splits row ranges of about the split size (one for a small file)
     */
    record FileInfo(VortexFiles.FileEntry entry, long rowCount, DType.Struct schema,
                    Map<String, ArrayStatistics> statistics, List<Split> splits, int zones, int prunedZones) {
    }

    final List<FileInfo> files;
    final long maxPartitionBytes;
    final long openCostInBytes;
    final String referenceFile;

    private VortexPlan(List<FileInfo> files, long maxPartitionBytes, long openCostInBytes, String referenceFile) {
        this.files = files;
        this.maxPartitionBytes = maxPartitionBytes;
        this.openCostInBytes = openCostInBytes;
        this.referenceFile = referenceFile;
    }

    static VortexPlan of(List<VortexFiles.FileEntry> entries, StructType dataSchema, String referenceFile,
            Configuration conf, CaseInsensitiveStringMap options, Expr filter) {
        SparkSession session = SparkSession.active();
        var sqlConf = session.sessionState().conf();
        long openCost = sqlConf.filesOpenCostInBytes();
        long maxBytes = maxSplitBytes(entries, options.getLong("maxPartitionBytes", sqlConf.filesMaxPartitionBytes()),
                openCost, minPartitions(session));
        List<FileInfo> infos = new ArrayList<>(entries.size());
        if (entries.isEmpty()) {
            return new VortexPlan(infos, maxBytes, openCost, referenceFile);
        }
        int threads = Math.min(16, entries.size());
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "vortex-plan");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<FileInfo>> futures = new ArrayList<>();
            for (VortexFiles.FileEntry e : entries) {
                futures.add(pool.submit(() -> open(e, dataSchema, referenceFile, conf, maxBytes, filter)));
            }
            for (Future<FileInfo> f : futures) {
                infos.add(f.get());
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading footers", e);
        } finally {
            pool.shutdownNow();
        }
        return new VortexPlan(infos, maxBytes, openCost, referenceFile);
    }

    /**
     * The bytes of one input partition as Spark's file sources choose them: at most {@code maxPartitionBytes},
     * but small enough that the selected files give every core of the cluster a task
     * ({@code spark.sql.files.minPartitionNum}, else the leaf-node parallelism), each file costing an open.
     *
     * @param entries the selected files
     * @param maxPartitionBytes {@code spark.sql.files.maxPartitionBytes} or the scan's option
     * @param openCost {@code spark.sql.files.openCostInBytes}
     * @param minPartitions the partitions to aim for at least
     * @return the split size
     */
    static long maxSplitBytes(List<VortexFiles.FileEntry> entries, long maxPartitionBytes, long openCost,
            int minPartitions) {
        long total = 0;
        for (VortexFiles.FileEntry e : entries) {
            total += e.size() + openCost;
        }
        long perCore = total / Math.max(1, minPartitions);
        return Math.min(maxPartitionBytes, Math.max(openCost, perCore));
    }

    /**
     * The target to ask {@link VortexReader#splits(long)} for so that no split carries more than {@code maxBytes}, as
     * no file split of Spark's does: the reader gives each split at least its target and at most half as much again
     * (when that lets it end where fewer segments straddle the cut), beyond which only a single piece of the layout
     * bigger than the rest of the split can take it.
     *
     * @param maxBytes the most a split may carry
     * @return two thirds of it, at least 1
     */
    static long splitTarget(long maxBytes) {
        return Math.max(1, maxBytes / 3 * 2);
    }

    private static int minPartitions(SparkSession session) {
        var configured = session.sessionState().conf().filesMinPartitionNum();
        if (configured.isDefined()) {
            return (Integer) configured.get();
        }
        scala.Option<String> leaf = session.conf().getOption("spark.sql.leafNodeDefaultParallelism");
        return leaf.isDefined() ? Integer.parseInt(leaf.get().trim()) : session.sparkContext().defaultParallelism();
    }

    private static FileInfo open(VortexFiles.FileEntry e, StructType dataSchema, String referenceFile,
            Configuration conf, long maxBytes, Expr filter) {
        try (VortexReader reader = VortexDataSource.open(e.path(), conf)) {
            DType.Struct schema = checkSchema(reader.schema(), dataSchema, e.path(), referenceFile, false);
            long rows = reader.rowCount();
            List<Split> splits = e.size() > maxBytes ? reader.splits(splitTarget(maxBytes)) : List.of(new Split(0, rows, e.size()));
            List<Zone> pruned = List.of();
            int zoneCount = 0;
            if (filter != null) {
                List<Zone> zones = new ArrayList<>();
                pruned = prunedZones(reader, schema, filter, zones);
                zoneCount = zones.size();
            }
            if (!pruned.isEmpty()) {
                List<Split> kept = new ArrayList<>();
                for (Split s : splits) {
                    if (!covered(s, pruned)) {
                        kept.add(s);
                    }
                }
                splits = kept;
            }
            return new FileInfo(e, rows, schema, reader.statistics(), splits, zoneCount, pruned.size());
        }
    }

    /**
     * The zones of a file no row of which can match the filter, decided from the zone maps of the
     * columns it reads (when they share their zone boundaries), as the scan itself would skip them.
     *
     * @param reader the open file
     * @param schema its schema
     * @param filter the pushed filter
     * @param all receives every zone considered
     * @return the zones that cannot match, in row order
     */
    static List<Zone> prunedZones(VortexReader reader, DType.Struct schema, Expr filter, List<Zone> all) {
        BoundPredicate bound;
        try {
            bound = filter.bind(schema);
        } catch (RuntimeException e) {
            return List.of(); // the scan reports the problem
        }
        Map<Expr.Column, List<Zone>> byColumn = new HashMap<>();
        List<Zone> reference = null;
        for (BoundPredicate.BoundColumn c : bound.columns()) {
            if (c.column().path().size() != 1) {
                return List.of();
            }
            List<Zone> zones = reader.zones(c.column().name());
            if (zones.isEmpty()) {
                return List.of();
            }
            if (reference == null) {
                reference = zones;
            } else if (!sameBoundaries(reference, zones)) {
                return List.of();
            }
            byColumn.put(c.column(), zones);
        }
        if (reference == null) {
            return List.of();
        }
        all.addAll(reference);
        List<Zone> out = new ArrayList<>();
        for (int z = 0; z < reference.size(); z++) {
            int index = z;
            Zone zone = reference.get(z);
            boolean impossible = Pruning.cannotMatch(bound, column -> {
                List<Zone> zones = byColumn.get(column);
                if (zones == null) {
                    return null;
                }
                Zone own = zones.get(index);
                return new Pruning.ColumnStats(own.statistic("min").orElse(null), true,
                        own.statistic("max").orElse(null), true,
                        own.statistic("null_count").map(Scalar::asLong).orElse(-1L),
                        own.statistic("nan_count").map(Scalar::asLong).orElse(-1L), own.rowCount(), true);
            });
            if (impossible) {
                out.add(zone);
            }
        }
        return out;
    }

    private static boolean sameBoundaries(List<Zone> a, List<Zone> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).rowStart() != b.get(i).rowStart() || a.get(i).rowCount() != b.get(i).rowCount()) {
                return false;
            }
        }
        return true;
    }

    /** Whether every row of a split lies in the pruned zones (sorted by row). */
    private static boolean covered(Split s, List<Zone> pruned) {
        long next = s.rowStart();
        for (Zone z : pruned) {
            if (z.rowStart() <= next && z.rowStart() + z.rowCount() > next) {
                next = z.rowStart() + z.rowCount();
            }
            if (next >= s.rowEnd()) {
                return true;
            }
        }
        return next >= s.rowEnd();
    }

    int zones() {
        int n = 0;
        for (FileInfo f : files) {
            n += f.zones();
        }
        return n;
    }

    int prunedZones() {
        int n = 0;
        for (FileInfo f : files) {
            n += f.prunedZones();
        }
        return n;
    }

    /**
     * Checks that a file holds every column of the table's data schema with the same type.
     *
     * @param pruned whether the schema's structs may leave out fields of the file's (Spark's nested pruning)
     * @return the file's schema
     * @throws IllegalArgumentException naming the file and the one the table's schema came from
     */
    static DType.Struct checkSchema(DType fileSchema, StructType dataSchema, String path, String referenceFile,
            boolean pruned) {
        if (!(fileSchema instanceof DType.Struct s)) {
            throw new IllegalArgumentException("schema conflict: " + path + " holds " + fileSchema.display()
                    + ", not a table");
        }
        for (StructField f : dataSchema.fields()) {
            int i = s.indexOf(f.name());
            if (i < 0) {
                throw new IllegalArgumentException("schema conflict: " + path + " has no column '" + f.name()
                        + "' of the table's schema (" + f.dataType().simpleString() + " in " + referenceFile + ")");
            }
            boolean ok = pruned ? ColumnReads.readable(s.fields().get(i), f.dataType())
                    : VortexVectors.matches(s.fields().get(i), f.dataType());
            if (!ok) {
                String got;
                try {
                    got = SparkTypes.toSpark(s.fields().get(i), f.name(), SparkTypes.timeTypeEnabled()).simpleString();
                } catch (UnsupportedOperationException x) {
                    got = s.fields().get(i).display();
                }
                throw new IllegalArgumentException("schema conflict: column '" + f.name() + "' is " + got + " in "
                        + path + " but " + f.dataType().simpleString() + " in " + referenceFile);
            }
        }
        return s;
    }

    /**
     * What the plan reads, as a value: each file's path, size, partition values and row splits, and the
     * packing parameters. Two plans with equal inputs read the same rows into the same partitions.
     *
     * @return a list that is equal for plans over the same files cut the same way
     */
    List<Object> input() {
        List<Object> key = new ArrayList<>(files.size() + 3);
        for (FileInfo f : files) {
            key.add(List.of(f.entry().path(), f.entry().size(), f.entry().partitionValues(), f.splits()));
        }
        key.add(maxPartitionBytes);
        key.add(openCostInBytes);
        key.add(String.valueOf(referenceFile));
        return key;
    }

    long totalRows() {
        long n = 0;
        for (FileInfo f : files) {
            n += f.rowCount();
        }
        return n;
    }

    long totalBytes() {
        long n = 0;
        for (FileInfo f : files) {
            n += f.entry().size();
        }
        return n;
    }

    /** @return the non-null values of a column over all files, or null when a file lacks the null count */
    Long nonNullCount(String column) {
        long n = 0;
        for (FileInfo f : files) {
            if (f.rowCount() == 0) {
                continue;
            }
            ArrayStatistics s = f.statistics().get(column);
            if (s == null || s.nullCount().isEmpty()) {
                return null;
            }
            n += f.rowCount() - s.nullCount().getAsLong();
        }
        return n;
    }

    /**
     * The minimum or maximum of a column over all files from exact statistics.
     *
     * @return empty when statistics cannot answer; else the value in Spark's internal form (empty inner
     *     optional for null: no rows or only nulls)
     */
    Optional<Optional<Object>> extreme(String column, DataType type, boolean max) {
        Object best = null;
        for (FileInfo f : files) {
            if (f.rowCount() == 0) {
                continue;
            }
            ArrayStatistics s = f.statistics().get(column);
            if (s == null) {
                return Optional.empty();
            }
            if (s.nullCount().isPresent() && s.nullCount().getAsLong() == f.rowCount()) {
                continue;
            }
            Optional<Scalar> v = max ? s.max() : s.min();
            boolean exact = max ? s.maxExact() : s.minExact();
            if (v.isEmpty() || !exact || v.get().isNull()) {
                return Optional.empty();
            }
            int index = f.schema().indexOf(column);
            Object value = toSpark(v.get(), f.schema().fields().get(index), type);
            if (value == null) {
                return Optional.empty();
            }
            if (best == null || compare(value, best) * (max ? 1 : -1) > 0) {
                best = value;
            }
        }
        return Optional.of(Optional.ofNullable(best));
    }

    @SuppressWarnings("unchecked")
    private static int compare(Object a, Object b) {
        return ((Comparable<Object>) a).compareTo(b);
    }

    /** A statistic in Spark's internal form, or null when this type is not answered from statistics. */
    private static Object toSpark(Scalar s, DType dtype, DataType type) {
        if (dtype instanceof DType.Primitive p) {
            if (!p.ptype().isInteger() || !p.ptype().isSigned()) {
                return null;
            }
            long v = s.asLong();
            if (type instanceof ByteType) {
                return (byte) v;
            } else if (type instanceof ShortType) {
                return (short) v;
            } else if (type instanceof IntegerType) {
                return (int) v;
            } else if (type instanceof LongType) {
                return v;
            }
            return null;
        } else if (dtype instanceof DType.Bool && type instanceof BooleanType) {
            return s.value() instanceof Boolean b ? b : null;
        } else if (dtype instanceof DType.Decimal d && type instanceof DecimalType dt) {
            return Decimal.apply(new BigDecimal((BigInteger) s.value(), d.scale()), dt.precision(), dt.scale());
        } else if (dtype instanceof DType.Utf8 && type instanceof StringType) {
            return UTF8String.fromBytes(s.asBytes());
        } else if (dtype instanceof DType.Extension e) {
            var kind = Extensions.kind(e).orElse(null);
            if (kind instanceof Extensions.DateKind dk && dk.unit() == TimeUnit.DAYS && type instanceof DateType) {
                return (int) s.asLong();
            }
            if (kind instanceof Extensions.TimestampKind tk && tk.unit() == TimeUnit.MICROSECONDS
                    && (type instanceof TimestampType || type instanceof TimestampNTZType)) {
                return s.asLong();
            }
        }
        return null;
    }
}
