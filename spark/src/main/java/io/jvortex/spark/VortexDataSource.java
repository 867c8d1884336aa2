package io.jvortex.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jvortex.api.VortexReader;
import io.jvortex.hadoop.HadoopFiles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.CreatableRelationProvider;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The {@code vortex} data source: {@code spark.read.format("vortex").load(paths)} reads Vortex files
 * through the DataSource V2 API (columnar batches, row splits, push-down), and
 * {@code df.write.format("vortex").save(path)} writes them.
 *
 * <p>Writes go through {@link CreatableRelationProvider}: Spark's {@code DataFrameWriter} only lets a V2
 * {@link TableProvider} that is not a catalog table append or overwrite (the default mode,
 * {@code errorifexists}, and {@code ignore} are refused), so path-based writes take Spark's V1 save path,
 * which hands over the mode, and run a job through {@link VortexBatchWrite}'s commit protocol.
 */
public final class VortexDataSource implements TableProvider, DataSourceRegister, CreatableRelationProvider {
    /** The short name of {@code format("vortex")}. */
    public static final String SHORT_NAME = "vortex";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Creates the source (Spark instantiates it by its service registration). */
    public VortexDataSource() {
    }

    @Override
    public String shortName() {
        return SHORT_NAME;
    }

    @Override
    public boolean supportsExternalMetadata() {
        return true;
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        Configuration conf = hadoopConf(options);
        VortexFiles.Listing listing = VortexFiles.list(paths(options), conf, catalogTable(options));
        if (listing.files().isEmpty()) {
            throw new IllegalArgumentException("no Vortex files at " + paths(options)
                    + ": cannot infer a schema; give one with .schema(...)");
        }
        StructType data = fileSchema(listing.files().getFirst().path(), conf);
        StructType partitions = VortexFiles.partitionSchema(listing, null);
        return merge(data, partitions);
    }

    /** The data schema of one file. */
    static StructType fileSchema(String path, Configuration conf) {
        try (VortexReader reader = open(path, conf)) {
            return SparkTypes.toSpark(reader.schema());
        }
    }

    /**
     * Opens a file: a local one ({@code file:}) memory-mapped by jvortex itself (zero-copy, no Hadoop
     * checksum layer), any other through {@link HadoopFiles} (vectored reads on the file system).
     *
     * @param path a qualified path
     * @param conf the Hadoop configuration
     * @return the reader
     */
    static VortexReader open(String path, Configuration conf) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
        java.net.URI uri = p.toUri();
        if ("file".equals(uri.getScheme()) && !conf.getBoolean("vortex.local.useHadoop", false)) {
            return VortexReader.open(java.nio.file.Path.of(uri));
        }
        return VortexReader.open(HadoopFiles.open(p, conf), io.jvortex.api.ReaderOptions.defaults());
    }

    static StructType merge(StructType data, StructType partitions) {
        List<StructField> fields = new ArrayList<>(List.of(data.fields()));
        for (StructField p : partitions.fields()) {
            if (!data.getFieldIndexCaseInsensitive(p.name()).isDefined()) {
                fields.add(p);
            }
        }
        return new StructType(fields.toArray(StructField[]::new));
    }

    @Override
    public Transform[] inferPartitioning(CaseInsensitiveStringMap options) {
        VortexFiles.Listing listing = VortexFiles.list(paths(options), hadoopConf(options), catalogTable(options));
        return listing.partitionNames().stream().map(Expressions::identity).toArray(Transform[]::new);
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new VortexTable(schema, partitioning, new CaseInsensitiveStringMap(properties));
    }

    /**
     * Whether the options are those of a table of Spark's session catalog ({@code CREATE TABLE ... USING
     * vortex}): the catalog passes the table's provider and location, which {@code DataFrameReader} and
     * {@code DataFrameWriter} do not. Such a table takes SQL writes ({@code INSERT}), and its location may
     * be empty or missing (a new table); path-based writes keep their save modes through
     * {@link #createRelation}, which a table declaring batch writes would lose.
     *
     * @param options the table's options
     * @return whether it is a catalog table
     */
    static boolean catalogTable(CaseInsensitiveStringMap options) {
        return SHORT_NAME.equalsIgnoreCase(options.get(TableCatalog.PROP_PROVIDER))
                && options.containsKey(TableCatalog.PROP_LOCATION);
    }

    @Override
    public BaseRelation createRelation(SQLContext sqlContext, SaveMode mode,
            scala.collection.immutable.Map<String, String> parameters, Dataset<Row> data) {
        Map<String, String> options = new HashMap<>(CollectionConverters.asJava(parameters));
        CaseInsensitiveStringMap map = new CaseInsensitiveStringMap(options);
        VortexWriteJob.run(sqlContext.sparkSession(), mode, map, data);
        StructType schema = data.schema();
        return new BaseRelation() {
            @Override
            public SQLContext sqlContext() {
                return sqlContext;
            }

            @Override
            public StructType schema() {
                return schema;
            }
        };
    }

    /**
     * The paths of the options: {@code paths} (a JSON array, as {@code load(a, b)} passes them) and {@code path}.
     *
     * @param options the source options
     * @return the paths
     */
    static List<String> paths(CaseInsensitiveStringMap options) {
        List<String> out = new ArrayList<>();
        String many = options.get("paths");
        if (many != null && !many.isEmpty()) {
            try {
                for (String p : JSON.readValue(many, String[].class)) {
                    out.add(p);
                }
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("option paths is not a JSON array of strings: " + many, e);
            }
        }
        String one = options.get("path");
        if (one != null && !one.isEmpty() && !out.contains(one)) {
            out.add(one);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no path given: use load(path) or option(\"path\", ...)");
        }
        return out;
    }

    /**
     * The session's Hadoop configuration with the options added (so {@code fs.s3a.*} options apply;
     * {@code vortex.local.useHadoop=true} reads local files through Hadoop's file system too;
     * {@code mapreduce.fileoutputcommitter.marksuccessfuljobs=false} writes no {@code _SUCCESS}).
     *
     * @param options the source options
     * @return a new configuration
     */
    static Configuration hadoopConf(CaseInsensitiveStringMap options) {
        Configuration conf = SparkSession.active().sessionState().newHadoopConf();
        for (Map.Entry<String, String> e : options.asCaseSensitiveMap().entrySet()) {
            if (e.getKey().startsWith("fs.") || e.getKey().startsWith("dfs.") || e.getKey().startsWith("vortex.")
                    || e.getKey().startsWith("mapreduce.")) {
                conf.set(e.getKey(), e.getValue());
            }
        }
        return conf;
    }
}
