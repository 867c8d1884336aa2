package io.jvortex.spark;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.CatalogV2Util;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A set of Vortex files read as one table. Only {@link TableCapability#BATCH_READ}: declaring
 * {@code BATCH_WRITE} would make Spark refuse the {@code errorifexists} and {@code ignore} save modes
 * for path-based writes, which therefore go through {@link VortexDataSource#createRelation}.
 */
final class VortexTable implements SupportsRead {
    private final StructType schema;
    private final CaseInsensitiveStringMap options;

    VortexTable(StructType schema, CaseInsensitiveStringMap options) {
        this.schema = schema;
        this.options = options;
    }

    @Override
    public String name() {
        return "vortex " + String.join(", ", VortexDataSource.paths(options));
    }

    @Override
    public org.apache.spark.sql.connector.catalog.Column[] columns() {
        return org.apache.spark.sql.connector.catalog.CatalogV2Util.structTypeToV2Columns(schema, CatalogV2Util.structTypeToV2Columns$default$2());
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        java.util.Map<String, String> merged = new java.util.HashMap<>(options.asCaseSensitiveMap());
        merged.putAll(scanOptions.asCaseSensitiveMap());
        return new VortexScanBuilder(schema, new CaseInsensitiveStringMap(merged));
    }
}
