package io.jvortex.spark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsDynamicOverwrite;
import org.apache.spark.sql.connector.write.SupportsOverwriteV2;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The SQL writes into a catalog table ({@code INSERT INTO}, {@code INSERT OVERWRITE}, static and
 * dynamic partition overwrites): one {@link VortexBatchWrite} job through Spark's commit protocol,
 * whose commit first removes what the overwrite replaces, so a failed job leaves the table unchanged.
 */
final class VortexWriteBuilder implements WriteBuilder, SupportsOverwriteV2, SupportsDynamicOverwrite {
    private final CaseInsensitiveStringMap options;
    private final LogicalWriteInfo info;
    private final List<String> partitionColumns;
    private VortexBatchWrite.Overwrite overwrite = VortexBatchWrite.Overwrite.NONE;
    private Predicate[] overwriteWhere = new Predicate[0];

    VortexWriteBuilder(CaseInsensitiveStringMap tableOptions, Transform[] partitioning, LogicalWriteInfo info) {
        Map<String, String> merged = new HashMap<>(tableOptions.asCaseSensitiveMap());
        merged.putAll(info.options().asCaseSensitiveMap());
        this.options = new CaseInsensitiveStringMap(merged);
        this.info = info;
        this.partitionColumns = new ArrayList<>();
        for (Transform t : partitioning) {
            if (!"identity".equals(t.name()) || t.references().length != 1
                    || t.references()[0].fieldNames().length != 1) {
                throw new UnsupportedOperationException("cannot write a table partitioned by " + t.describe()
                        + ": only plain partition columns (k=v directories) are supported");
            }
            partitionColumns.add(t.references()[0].fieldNames()[0]);
        }
    }

    @Override
    public WriteBuilder truncate() {
        overwrite = VortexBatchWrite.Overwrite.ALL;
        return this;
    }

    @Override
    public boolean canOverwrite(Predicate[] predicates) {
        // only partition predicates: the files whose partition values match are replaced
        for (Predicate p : predicates) {
            java.util.Set<String> refs = new java.util.HashSet<>();
            Predicates.references(p, refs);
            for (String r : refs) {
                if (partitionColumns.stream().noneMatch(r::equalsIgnoreCase)) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public WriteBuilder overwrite(Predicate[] predicates) {
        overwrite = VortexBatchWrite.Overwrite.MATCHING;
        overwriteWhere = predicates;
        return this;
    }

    @Override
    public WriteBuilder overwriteDynamicPartitions() {
        overwrite = VortexBatchWrite.Overwrite.PARTITIONS_WRITTEN;
        return this;
    }

    @Override
    public Write build() {
        StructType schema = info.schema();
        for (StructField f : schema.fields()) {
            SparkTypes.toVortex(f.dataType(), f.nullable(), f.name()); // unsupported types fail before the job
        }
        List<String> paths = VortexDataSource.paths(options);
        if (paths.size() != 1) {
            throw new IllegalArgumentException("cannot write to several paths " + paths);
        }
        Configuration conf = VortexDataSource.hadoopConf(options);
        String root;
        try {
            Path p = new Path(paths.getFirst());
            root = p.getFileSystem(conf).makeQualified(p).toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot inspect " + paths.getFirst() + ": " + e.getMessage(), e);
        }
        List<String> columns = new ArrayList<>();
        for (String c : partitionColumns) {
            scala.Option<Object> index = schema.getFieldIndexCaseInsensitive(c);
            if (!index.isDefined()) {
                throw new IllegalArgumentException("partition column '" + c + "' is not a column of "
                        + schema.simpleString());
            }
            columns.add(schema.fields()[(Integer) index.get()].name());
        }
        VortexBatchWrite write = new VortexBatchWrite(new SerializableConf(conf), root, UUID.randomUUID().toString(),
                schema, columns, overwrite, overwriteWhere, VortexBatchWrite.Settings.of(options));
        return new Write() {
            @Override
            public String description() {
                return "vortex " + root + (overwrite == VortexBatchWrite.Overwrite.NONE ? "" : " (overwrite "
                        + overwrite.name().toLowerCase(java.util.Locale.ROOT) + ")");
            }

            @Override
            public BatchWrite toBatch() {
                return write;
            }
        };
    }
}
