package io.jvortex.spark;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.CatalogV2Util;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A set of Vortex files read as one table. A table of Spark's session catalog ({@code CREATE TABLE ...
 * USING vortex LOCATION ...}) also takes SQL writes ({@code INSERT INTO}, {@code INSERT OVERWRITE},
 * static and dynamic partition overwrites) through {@link VortexWriteBuilder}. A path-based table
 * declares no batch write: that would make Spark refuse the {@code errorifexists} and {@code ignore}
 * save modes of {@code df.write}, which therefore go through {@link VortexDataSource#createRelation}.
 */
final class VortexTable implements SupportsRead, SupportsWrite {
    private final StructType schema;
    private final Transform[] partitioning;
    private final CaseInsensitiveStringMap options;
    /** The files of a path-based table, listed by its first scan and kept (as Spark's file index does). */
    private volatile VortexFiles.Listing listing;

    VortexTable(StructType schema, Transform[] partitioning, CaseInsensitiveStringMap options) {
        this.schema = schema;
        this.partitioning = partitioning.clone();
        this.options = options;
    }

    @Override
    public String name() {
        return "vortex " + String.join(", ", VortexDataSource.paths(options));
    }

    @Override
    public org.apache.spark.sql.connector.catalog.Column[] columns() {
        return CatalogV2Util.structTypeToV2Columns(schema, CatalogV2Util.structTypeToV2Columns$default$2());
    }

    @Override
    public Transform[] partitioning() {
        return partitioning.clone();
    }

    @Override
    public Set<TableCapability> capabilities() {
        if (VortexDataSource.catalogTable(options)) {
            return EnumSet.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE,
                    TableCapability.OVERWRITE_BY_FILTER, TableCapability.OVERWRITE_DYNAMIC);
        }
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    /**
     * A scan. A path-based table lists its files once, like Spark's own file sources, whose file index
     * lists at load time and is reused by every query of the DataFrame (measured: listing was the
     * largest part of the connector's planning, about 11 ms of 20 ms per scan of a TPC-H SF 1 table);
     * a catalog table is loaded again for every query, so it sees the files its inserts added.
     */
    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        java.util.Map<String, String> merged = new java.util.HashMap<>(options.asCaseSensitiveMap());
        merged.putAll(scanOptions.asCaseSensitiveMap());
        CaseInsensitiveStringMap all = new CaseInsensitiveStringMap(merged);
        // Spark passes the relation's options, which are the table's own (paths included): only a scan
        // that adds or changes one lists again
        if (!merged.equals(options.asCaseSensitiveMap()) || VortexDataSource.catalogTable(options)) {
            return new VortexScanBuilder(schema, all);
        }
        if (listing == null) {
            listing = VortexFiles.list(VortexDataSource.paths(options), VortexDataSource.hadoopConf(options));
        }
        return new VortexScanBuilder(schema, all, listing);
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
        return new VortexWriteBuilder(options, partitioning, info);
    }
}
