package io.jvortex.spark;

import io.jvortex.api.Edition;
import io.jvortex.api.WriteOptions;
import java.io.IOException;
import java.io.Serial;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The commit protocol of one write job. Task attempts write their files under
 * {@code <target>/_temporary/<jobId>/<task>-<attempt>/} (through {@link io.jvortex.hadoop.HadoopByteSink},
 * which itself only publishes a finished file); a task's commit message lists its files; the job commit
 * (on the driver) clears the target for an overwrite, moves the listed files into place and deletes
 * {@code _temporary/<jobId>}; an abort only deletes {@code _temporary/<jobId>}. Files of failed or
 * speculative attempts that were not chosen are never moved, so they disappear with the temporary
 * directory.
 */
final class VortexBatchWrite implements BatchWrite {
    private final SerializableConf conf;
    private final String target;
    private final String jobId;
    private final StructType schema;
    private final List<String> partitionColumns;
    private final boolean overwrite;
    private final Settings settings;

    /**
     * The file options of a write.
     *
     * @param edition the edition id ({@code edition} option), or null for the default
     * @param compact whether to use compact encodings ({@code compact})
     * @param zoneRows rows per zone ({@code zoneRows})
     * @param batchRows rows per batch handed to the writer
     */
    record Settings(String edition, boolean compact, int zoneRows, int batchRows) implements java.io.Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        static Settings of(CaseInsensitiveStringMap options) {
            String edition = options.get("edition");
            if (edition != null) {
                Edition.of(edition); // fail early on an unknown edition
            }
            WriteOptions defaults = WriteOptions.defaults();
            return new Settings(edition, options.getBoolean("compact", defaults.compact()),
                    options.getInt("zoneRows", defaults.zoneRows()), options.getInt("batchRows", 64 * 1024));
        }

        WriteOptions writeOptions() {
            WriteOptions o = WriteOptions.defaults().withCompact(compact).withZoneRows(zoneRows);
            return edition == null ? o : o.withEdition(Edition.of(edition));
        }
    }

    VortexBatchWrite(SerializableConf conf, String target, String jobId, StructType schema,
            List<String> partitionColumns, boolean overwrite, Settings settings) {
        this.conf = conf;
        this.target = target;
        this.jobId = jobId;
        this.schema = schema;
        this.partitionColumns = partitionColumns;
        this.overwrite = overwrite;
        this.settings = settings;
    }

    Path jobDirectory() {
        return new Path(new Path(target, "_temporary"), jobId);
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        return factory();
    }

    Factory factory() {
        return new Factory(conf, target, jobDirectory().toString(), jobId, schema, partitionColumns, settings);
    }

    /** Creates one task attempt's writer. */
    record Factory(SerializableConf conf, String target, String jobDirectory, String jobId, StructType schema,
                   List<String> partitionColumns, Settings settings) implements DataWriterFactory {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
            return createWriter(partitionId, taskId, 0);
        }

        DataWriter<InternalRow> createWriter(int partitionId, long taskId, int attempt) {
            Path dir = new Path(jobDirectory, String.format(Locale.ROOT, "%05d-%d-%d", partitionId, attempt, taskId));
            return new VortexDataWriter(conf.get(), dir, partitionId, jobId, schema, partitionColumns, settings);
        }
    }

    @Override
    public boolean useCommitCoordinator() {
        return true;
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
        Path root = new Path(target);
        try {
            FileSystem fs = root.getFileSystem(conf.get());
            if (overwrite && fs.exists(root)) {
                for (FileStatus s : fs.listStatus(root)) {
                    if (!s.getPath().getName().equals("_temporary")) {
                        fs.delete(s.getPath(), true);
                    }
                }
            }
            for (WriterCommitMessage m : messages) {
                if (m == null) {
                    continue;
                }
                for (VortexDataWriter.Written w : ((VortexDataWriter.Message) m).files()) {
                    Path to = new Path(root, w.relative());
                    fs.mkdirs(to.getParent());
                    if (!fs.rename(new Path(w.temporary()), to)) {
                        throw new IOException("cannot move " + w.temporary() + " to " + to);
                    }
                }
            }
            cleanUp(fs);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot commit the write to " + target + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
        Path root = new Path(target);
        try {
            cleanUp(root.getFileSystem(conf.get()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean up the aborted write to " + target + ": " + e.getMessage(), e);
        }
    }

    private void cleanUp(FileSystem fs) throws IOException {
        fs.delete(jobDirectory(), true);
        Path temporary = jobDirectory().getParent();
        FileStatus[] left = fs.exists(temporary) ? fs.listStatus(temporary) : null;
        if (left != null && left.length == 0) {
            fs.delete(temporary, true);
        }
    }
}
