package io.jvortex.hadoop;

import io.jvortex.io.ByteSink;
import io.jvortex.io.ByteSource;
import io.jvortex.io.RangeReadException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Vortex byte sources and sinks on any Hadoop {@link FileSystem} ({@code hdfs:}, {@code s3a:},
 * {@code abfs:}, {@code gs:}, {@code file:}), for {@code VortexReader} and {@code VortexWriter}:
 *
 * <pre>{@code
 * Configuration conf = new Configuration();
 * try (VortexWriter writer = VortexWriter.create(HadoopFiles.create(new Path("hdfs://nn/t.vortex"), conf),
 *         schema, WriteOptions.defaults())) {
 *     writer.write(batch);
 * } // the file appears (renamed from a temporary file) only when close() succeeded
 * }</pre>
 *
 * The file system instance comes from {@link Path#getFileSystem(Configuration)} (Hadoop's cache) and is
 * not closed by the sources and sinks.
 */
public final class HadoopFiles {
    private HadoopFiles() {
    }

    /**
     * Opens a file for reading, with {@code readVectored} when this Hadoop has it (3.3.5 or newer).
     *
     * @param path the file
     * @param conf the Hadoop configuration
     * @return the source
     * @throws RangeReadException when the file is missing or cannot be opened
     */
    public static ByteSource open(Path path, Configuration conf) {
        return open(path, conf, true);
    }

    /**
     * Opens a file for reading.
     *
     * @param path the file
     * @param conf the Hadoop configuration
     * @param vectoredReads whether to use {@code FSDataInputStream.readVectored} when available (else
     *     every range is a positioned {@code readFully})
     * @return the source (a {@link HadoopByteSource})
     * @throws RangeReadException when the file is missing or cannot be opened
     */
    public static ByteSource open(Path path, Configuration conf, boolean vectoredReads) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(conf, "conf");
        FileSystem fs;
        try {
            fs = path.getFileSystem(conf);
        } catch (IOException e) {
            throw new RangeReadException(path.toUri(), null, "no file system: " + e.getMessage(), e);
        }
        return HadoopByteSource.open(fs, path, vectoredReads);
    }

    /**
     * Starts writing a file: the bytes go to a temporary file beside it, renamed to {@code path} at commit.
     *
     * @param path the file to (re)place at commit
     * @param conf the Hadoop configuration
     * @return the sink (a {@link HadoopByteSink})
     * @throws UncheckedIOException when the temporary file cannot be created
     */
    public static ByteSink create(Path path, Configuration conf) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(conf, "conf");
        FileSystem fs;
        try {
            fs = path.getFileSystem(conf);
        } catch (IOException e) {
            throw new UncheckedIOException("no file system for " + path + ": " + e.getMessage(), e);
        }
        return HadoopByteSink.create(fs, path);
    }
}
