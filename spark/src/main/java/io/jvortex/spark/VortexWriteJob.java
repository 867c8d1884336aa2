package io.jvortex.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.reflect.ClassTag$;

/**
 * Runs a path-based write ({@code df.write.format("vortex").mode(m).partitionBy(...).save(path)}):
 * applies the save mode, runs one Spark job whose tasks write through {@link VortexBatchWrite}'s
 * writers, and commits (or aborts) the job on the driver.
 */
final class VortexWriteJob {
    /** The option Spark's V1 save path passes {@code partitionBy} columns in (a JSON array). */
    static final String PARTITION_COLUMNS = "__partition_columns";
    private static final ObjectMapper JSON = new ObjectMapper();

    private VortexWriteJob() {
    }

    static void run(SparkSession spark, SaveMode mode, CaseInsensitiveStringMap options, Dataset<Row> data) {
        String target = options.get("path");
        if (target == null || target.isEmpty()) {
            throw new IllegalArgumentException("no path given: use save(path) or option(\"path\", ...)");
        }
        Configuration conf = VortexDataSource.hadoopConf(options);
        Path root = new Path(target);
        boolean exists;
        boolean existed;
        FileSystem fs;
        try {
            fs = root.getFileSystem(conf);
            root = fs.makeQualified(root);
            existed = fs.exists(root);
            exists = hasData(fs, root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot inspect " + target + ": " + e.getMessage(), e);
        }
        switch (mode) {
            case ErrorIfExists -> {
                if (exists) {
                    throw new IllegalStateException("path " + root + " already exists (save mode errorifexists); "
                            + "use mode(\"overwrite\") or mode(\"append\")");
                }
            }
            case Ignore -> {
                if (exists) {
                    return;
                }
            }
            default -> {
            }
        }
        StructType schema = data.schema();
        List<String> partitionColumns = partitionColumns(options, schema);
        for (StructField f : schema.fields()) {
            SparkTypes.toVortex(f.dataType(), f.nullable(), f.name()); // unsupported types fail before the job
        }
        VortexBatchWrite write = new VortexBatchWrite(new SerializableConf(conf), root.toString(),
                UUID.randomUUID().toString(), schema, partitionColumns, mode == SaveMode.Overwrite,
                VortexBatchWrite.Settings.of(options));
        VortexBatchWrite.Factory factory = write.factory();
        List<WriterCommitMessage> messages = new ArrayList<>();
        String group = "vortex-write-" + write.jobDirectory().getName();
        var context = spark.sparkContext();
        String previousGroup = context.getLocalProperty("spark.jobGroup.id");
        TaskTracker tracker = new TaskTracker(group);
        context.addSparkListener(tracker);
        try {
            context.setJobGroup(group, "write " + root, true);
            JavaRDD<InternalRow> rows = JavaRDD.fromRDD(data.queryExecution().toRdd(),
                    ClassTag$.MODULE$.apply(InternalRow.class));
            List<WriterCommitMessage> collected = rows.mapPartitionsWithIndex(
                    (Integer partition, Iterator<InternalRow> it) -> writeTask(factory, partition, it), false).collect();
            messages.addAll(collected);
            tracker.await(); // speculative attempts still running must not write after the commit
        } catch (Exception e) { // SparkException is checked, but Scala throws it from collect()
            try {
                // tasks the failure cancelled may still be running: let them stop before cleaning up
                context.cancelJobGroup(group);
                tracker.await();
                write.abort(messages.toArray(WriterCommitMessage[]::new));
                if (!existed) {
                    deleteIfEmpty(fs, root); // the tasks created it: a failed job leaves nothing behind
                }
            } catch (RuntimeException | IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        } finally {
            context.removeSparkListener(tracker);
            if (previousGroup == null) {
                context.clearJobGroup();
            } else {
                context.setLocalProperty("spark.jobGroup.id", previousGroup);
            }
        }
        write.commit(messages.toArray(WriterCommitMessage[]::new));
    }

    private static Iterator<WriterCommitMessage> writeTask(VortexBatchWrite.Factory factory, int partition,
            Iterator<InternalRow> rows) throws IOException {
        TaskContext task = TaskContext.get();
        long taskId = task == null ? 0 : task.taskAttemptId();
        int attempt = task == null ? 0 : task.attemptNumber();
        DataWriter<InternalRow> writer = factory.createWriter(partition, taskId, attempt);
        try {
            while (rows.hasNext()) {
                writer.write(rows.next());
            }
            WriterCommitMessage message = writer.commit();
            return List.of(message).iterator();
        } catch (Throwable t) {
            try {
                writer.abort();
            } catch (Throwable suppressed) {
                t.addSuppressed(suppressed);
            }
            throw t;
        } finally {
            writer.close();
        }
    }

    /**
     * Counts the running task attempts of one job group's jobs from Spark's listener events, so that the
     * driver can wait for cancelled or speculative attempts to stop before it cleans up: events arrive
     * in order, every task start comes before its job's end, and a killed attempt's end only once it
     * has stopped.
     */
    static final class TaskTracker extends org.apache.spark.scheduler.SparkListener {
        private final String group;
        private final java.util.Set<Integer> stages = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final java.util.Set<Integer> jobs = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final java.util.Set<Integer> ended = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();
        private volatile boolean jobSeen;

        TaskTracker(String group) {
            this.group = group;
        }

        @Override
        public void onJobStart(org.apache.spark.scheduler.SparkListenerJobStart start) {
            if (start.properties() != null && group.equals(start.properties().getProperty("spark.jobGroup.id"))) {
                for (Object stage : scala.jdk.javaapi.CollectionConverters.asJava(start.stageIds())) {
                    stages.add((Integer) stage);
                }
                jobs.add(start.jobId());
                jobSeen = true;
            }
        }

        @Override
        public void onJobEnd(org.apache.spark.scheduler.SparkListenerJobEnd end) {
            if (jobs.contains(end.jobId())) {
                ended.add(end.jobId());
            }
        }

        @Override
        public void onTaskStart(org.apache.spark.scheduler.SparkListenerTaskStart start) {
            if (stages.contains(start.stageId())) {
                running.incrementAndGet();
            }
        }

        @Override
        public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd end) {
            if (stages.contains(end.stageId())) {
                running.decrementAndGet();
            }
        }

        /** Waits (up to 30 s) until the group's jobs ended and none of their attempts runs. */
        void await() {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (System.nanoTime() < deadline) {
                if (jobSeen && ended.containsAll(jobs) && running.get() <= 0) {
                    return;
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static void deleteIfEmpty(FileSystem fs, Path dir) throws IOException {
        if (fs.exists(dir) && fs.getFileStatus(dir).isDirectory() && fs.listStatus(dir).length == 0) {
            fs.delete(dir, false);
        }
    }

    /** Whether a path holds anything but hidden names (a missing path or an empty directory does not). */
    private static boolean hasData(FileSystem fs, Path root) throws IOException {
        if (!fs.exists(root)) {
            return false;
        }
        FileStatus status = fs.getFileStatus(root);
        if (!status.isDirectory()) {
            return true;
        }
        for (FileStatus s : fs.listStatus(root)) {
            if (!VortexFiles.hidden(s.getPath().getName())) {
                return true;
            }
        }
        return false;
    }

    private static List<String> partitionColumns(CaseInsensitiveStringMap options, StructType schema) {
        String encoded = options.get(PARTITION_COLUMNS);
        List<String> out = new ArrayList<>();
        if (encoded == null || encoded.isEmpty()) {
            return out;
        }
        try {
            for (String c : JSON.readValue(encoded, String[].class)) {
                scala.Option<Object> index = schema.getFieldIndexCaseInsensitive(c);
                if (!index.isDefined()) {
                    throw new IllegalArgumentException("partition column '" + c + "' is not a column of "
                            + schema.simpleString());
                }
                out.add(schema.fields()[(Integer) index.get()].name());
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("bad partition columns " + encoded, e);
        }
        if (out.size() == schema.fields().length) {
            throw new IllegalArgumentException("cannot partition by every column: no data columns would be left");
        }
        return out;
    }
}
