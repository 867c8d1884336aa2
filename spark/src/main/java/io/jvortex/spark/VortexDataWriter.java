package io.jvortex.spark;

import io.jvortex.api.VortexWriter;
import io.jvortex.dtype.DType;
import io.jvortex.hadoop.HadoopFiles;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Writes one task attempt's rows: one Vortex file per partition directory (rows of
 * {@code partitionBy} columns go to {@code k=v/} directories, the columns themselves are not stored),
 * rows batched into canonical arrays of {@code batchRows} rows. Not thread-safe (one task).
 */
final class VortexDataWriter implements DataWriter<InternalRow> {
    /**
     * One written file.
     *
     * @param temporary where the attempt wrote it
     * @param relative where it goes below the target
     * @param rows its rows
     */
    record Written(String temporary, String relative, long rows) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    /**
     * A task's commit message: the files it wrote.
     *
     * @param files the files
     */
    record Message(List<Written> files) implements WriterCommitMessage {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    private final Configuration conf;
    private final Path directory;
    private final int partitionId;
    private final String jobId;
    private final VortexBatchWrite.Settings settings;
    private final StructType dataSchema;
    private final DType.Struct dtype;
    private final int[] dataOrdinals;
    private final int[] partitionOrdinals;
    private final DataType[] partitionTypes;
    private final String[] partitionNames;
    private final Map<String, OpenFile> open = new LinkedHashMap<>();
    private final List<Written> written = new ArrayList<>();
    private int fileCount;

    /** One file being written. */
    private final class OpenFile {
        final String relative;
        final Path temporary;
        final VortexWriter writer;
        RowColumns.StructBuilder batch;
        long rows;

        OpenFile(String relative, Path temporary) {
            this.relative = relative;
            this.temporary = temporary;
            this.writer = VortexWriter.create(HadoopFiles.create(temporary, conf), dtype, settings.writeOptions());
            this.batch = new RowColumns.StructBuilder(dtype, dataSchema);
        }

        void flush() {
            if (batch.count > 0) {
                // the builder is dropped here: the writer keeps its arrays instead of copying them; the
                // next one starts with arrays sized like this batch's, so it does not grow them again
                RowColumns.StructBuilder built = batch;
                writer.writeOwned(built.build());
                batch = built.next();
            }
        }
    }

    VortexDataWriter(Configuration conf, Path directory, int partitionId, String jobId, StructType schema,
            List<String> partitionColumns, VortexBatchWrite.Settings settings) {
        this.conf = conf;
        this.directory = directory;
        this.partitionId = partitionId;
        this.jobId = jobId;
        this.settings = settings;
        List<StructField> data = new ArrayList<>();
        List<Integer> dataIdx = new ArrayList<>();
        this.partitionOrdinals = new int[partitionColumns.size()];
        this.partitionTypes = new DataType[partitionColumns.size()];
        this.partitionNames = new String[partitionColumns.size()];
        for (int i = 0; i < partitionColumns.size(); i++) {
            int idx = schema.fieldIndex(partitionColumns.get(i));
            partitionOrdinals[i] = idx;
            partitionTypes[i] = schema.fields()[idx].dataType();
            partitionNames[i] = schema.fields()[idx].name();
        }
        for (int i = 0; i < schema.fields().length; i++) {
            if (!partitionColumns.contains(schema.fields()[i].name())) {
                data.add(schema.fields()[i]);
                dataIdx.add(i);
            }
        }
        this.dataSchema = new StructType(data.toArray(StructField[]::new));
        this.dataOrdinals = dataIdx.stream().mapToInt(Integer::intValue).toArray();
        this.dtype = SparkTypes.toVortex(dataSchema);
    }

    private String partitionDirectory(InternalRow row) {
        if (partitionOrdinals.length == 0) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < partitionOrdinals.length; i++) {
            Object v = row.isNullAt(partitionOrdinals[i]) ? null : row.get(partitionOrdinals[i], partitionTypes[i]);
            String text;
            if (v == null) {
                text = VortexFiles.DEFAULT_PARTITION;
            } else if (partitionTypes[i] instanceof org.apache.spark.sql.types.DateType) {
                text = java.time.LocalDate.ofEpochDay((Integer) v).toString();
            } else {
                text = VortexFiles.escape(v.toString());
            }
            b.append(VortexFiles.escape(partitionNames[i])).append('=').append(text).append('/');
        }
        return b.toString();
    }

    @Override
    public void write(InternalRow row) {
        String dir = partitionDirectory(row);
        OpenFile file = open.get(dir);
        if (file == null) {
            String name = String.format(Locale.ROOT, "part-%05d-%s-%03d.vortex", partitionId, jobId, fileCount++);
            file = new OpenFile(dir + name, new Path(directory, dir + name));
            open.put(dir, file);
        }
        RowColumns.StructBuilder batch = file.batch;
        batch.appendRow(row, dataOrdinals);
        file.rows++;
        if (batch.count >= settings.batchRows() || (batch.count % 1024 == 0 && batch.bytes() > (64L << 20))) {
            file.flush();
        }
    }

    @Override
    public WriterCommitMessage commit() {
        for (OpenFile f : open.values()) {
            f.flush();
            f.writer.close();
            written.add(new Written(f.temporary.toString(), f.relative, f.rows));
        }
        open.clear();
        return new Message(List.copyOf(written));
    }

    @Override
    public void abort() {
        RuntimeException failure = null;
        for (OpenFile f : open.values()) {
            try {
                f.writer.abort();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        open.clear();
        try {
            directory.getFileSystem(conf).delete(directory, true);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot delete " + directory + ": " + e.getMessage(), e);
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public void close() {
        if (!open.isEmpty()) {
            abort();
        }
    }
}
