package io.jvortex.hadoop;

import io.jvortex.io.ByteSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A {@link ByteSink} onto a Hadoop {@link FileSystem}: bytes go to a temporary file next to the
 * destination ({@code .NAME.<uuid>.tmp}), which {@link #commit()} closes and renames to the
 * destination, so readers never see a partial file. On abort or failure the temporary file is deleted.
 *
 * <p>A rename is atomic on HDFS and the local file system. When the destination already exists and the
 * file system refuses to rename over it, it is deleted first (readers may then briefly find no file, never
 * a partial one). Object stores whose output streams can be aborted (s3a: the path capability
 * {@value #ABORTABLE_STREAM}) publish an object only when its stream closes, so there the bytes go straight
 * to the destination, commit closes the stream and abort cancels the upload: no temporary object and no
 * server-side copy of the whole file at commit. Not thread-safe: one writer at a time.
 */
public final class HadoopByteSink implements ByteSink {
    /** Hadoop's path capability of file systems whose output streams can be aborted (3.3.1 and newer). */
    static final String ABORTABLE_STREAM = "fs.capability.outputstream.abortable";

    private final FileSystem fs;
    private final Path destination;
    private final Path temporary;
    private final FSDataOutputStream out;
    private final byte[] buffer = new byte[64 << 10];
    private long position;
    private boolean committed;
    private boolean aborted;

    private HadoopByteSink(FileSystem fs, Path destination, Path temporary, FSDataOutputStream out) {
        this.fs = fs;
        this.destination = destination;
        this.temporary = temporary;
        this.out = out;
    }

    /**
     * Starts writing a file.
     *
     * @param fs the file system
     * @param destination the file to (re)place at commit
     * @return the sink
     * @throws UncheckedIOException when the temporary file cannot be created
     */
    static HadoopByteSink create(FileSystem fs, Path destination) {
        Path qualified = fs.makeQualified(destination);
        Path parent = qualified.getParent();
        if (parent == null) {
            throw new IllegalArgumentException("cannot write a file at the root: " + qualified);
        }
        if (abortable(fs, qualified)) {
            try {
                return new HadoopByteSink(fs, qualified, null, fs.create(qualified, true));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start writing " + qualified + ": " + e.getMessage(), e);
            }
        }
        Path temporary = new Path(parent, "." + qualified.getName() + "." + UUID.randomUUID() + ".tmp");
        try {
            return new HadoopByteSink(fs, qualified, temporary, fs.create(temporary, false));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the temporary file " + temporary + " for " + qualified
                    + ": " + e.getMessage(), e);
        }
    }

    private static boolean abortable(FileSystem fs, Path path) {
        try {
            return fs.hasPathCapability(path, ABORTABLE_STREAM);
        } catch (IOException | RuntimeException e) {
            return false; // then the temporary file and the rename, which every file system has
        }
    }

    @Override
    public void write(MemorySegment bytes) {
        checkOpen();
        try {
            long done = 0;
            while (done < bytes.byteSize()) {
                int n = (int) Math.min(buffer.length, bytes.byteSize() - done);
                MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, done, buffer, 0, n);
                out.write(buffer, 0, n);
                done += n;
                position += n;
            }
        } catch (IOException e) {
            UncheckedIOException failure = new UncheckedIOException("cannot write " + destination + " at byte "
                    + position + ": " + e.getMessage(), e);
            abortQuietly(failure);
            throw failure;
        }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        checkOpen();
        try {
            out.write(bytes, offset, length);
            position += length;
        } catch (IOException e) {
            UncheckedIOException failure = new UncheckedIOException("cannot write " + destination + " at byte "
                    + position + ": " + e.getMessage(), e);
            abortQuietly(failure);
            throw failure;
        }
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public void commit() {
        if (committed) {
            return;
        }
        checkOpen();
        try {
            out.close();
            if (temporary != null && !fs.rename(temporary, destination)) {
                // HDFS and others refuse to rename over an existing file
                if (!fs.exists(destination) || !fs.delete(destination, false) || !fs.rename(temporary, destination)) {
                    throw new IOException("the file system refused to rename " + temporary + " to " + destination);
                }
            }
            committed = true;
        } catch (IOException e) {
            UncheckedIOException failure = new UncheckedIOException("cannot commit " + destination + ": "
                    + e.getMessage(), e);
            abortQuietly(failure);
            throw failure;
        }
    }

    @Override
    public void abort() {
        if (committed || aborted) {
            return;
        }
        aborted = true;
        if (temporary == null) {
            try {
                out.abort(); // the upload is cancelled: nothing appears, an older object stays
                out.close();
            } catch (IOException | RuntimeException e) {
                throw new UncheckedIOException("cannot abort the upload to " + destination + ": " + e.getMessage(),
                        e instanceof IOException io ? io : new IOException(e));
            }
            return;
        }
        try {
            out.close();
        } catch (IOException ignored) {
            // deleting the temporary file below is what matters
        }
        try {
            fs.delete(temporary, false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the temporary file " + temporary + " of " + destination
                    + ": " + e.getMessage(), e);
        }
    }

    private void abortQuietly(RuntimeException cause) {
        try {
            abort();
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    @Override
    public URI uri() {
        return destination.toUri();
    }

    /**
     * The file the bytes go to until the commit: a temporary file beside the destination, or the destination
     * itself on file systems with abortable streams.
     *
     * @return its path
     */
    public Path temporaryPath() {
        return temporary != null ? temporary : destination;
    }

    private void checkOpen() {
        if (committed || aborted) {
            throw new IllegalStateException(destination + " is already " + (committed ? "committed" : "aborted"));
        }
    }
}
