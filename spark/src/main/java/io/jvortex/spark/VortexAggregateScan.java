package io.jvortex.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.types.StructType;

/** Aggregates answered from file statistics on the driver: one row, no data read. */
final class VortexAggregateScan implements LocalScan {
    private final StructType schema;
    private final InternalRow row;
    private final String aggregates;
    private final String filters;

    VortexAggregateScan(StructType schema, InternalRow row, String aggregates, String filters) {
        this.schema = schema;
        this.row = row;
        this.aggregates = aggregates;
        this.filters = filters;
    }

    @Override
    public InternalRow[] rows() {
        return new InternalRow[] {row};
    }

    @Override
    public StructType readSchema() {
        return schema;
    }

    @Override
    public String description() {
        return "VortexScan[PushedAggregates: [" + aggregates + "] from statistics, PartitionFilters: " + filters + "]";
    }
}
