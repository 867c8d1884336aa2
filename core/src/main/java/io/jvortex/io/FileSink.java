package io.jvortex.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A local file written atomically: bytes go to one temporary file next to the destination, which
 * {@link #commit()} forces to disk and renames over the destination (an atomic move where the file
 * system supports it). On abort or failure (a full disk included) the temporary file is deleted and the
 * destination is untouched; a killed process leaves at most its temporary file, never a partial
 * destination.
 *
 * <p>The temporary file is {@code .NAME.PID-RANDOM.vortex-tmp}: it carries the id of the writing
 * process, and {@link #create} removes the temporary files of the same destination whose process is
 * gone (no such process on this machine, or one started after the file was last written to). It is
 * created like any new file, so the finished file has the permissions the process's umask gives.
 */
public final class FileSink implements ByteSink {
    /** The ending of every temporary file name. */
    static final String TEMPORARY_SUFFIX = ".vortex-tmp";

    private final Path destination;
    private final Path temporary;
    private final FileChannel channel;
    private long position;
    private boolean committed;
    private boolean aborted;

    private FileSink(Path destination, Path temporary, FileChannel channel) {
        this.destination = destination;
        this.temporary = temporary;
        this.channel = channel;
    }

    /**
     * Starts writing a file.
     *
     * @param destination the file to (re)place at commit
     * @return the sink
     * @throws UncheckedIOException when the temporary file cannot be created
     */
    public static FileSink create(Path destination) {
        Path absolute = destination.toAbsolutePath();
        Path dir = absolute.getParent();
        String name = absolute.getFileName().toString();
        removeStaleTemporaries(dir, name);
        long pid = ProcessHandle.current().pid();
        try {
            while (true) {
                Path temporary = dir.resolve("." + name + "." + pid + "-"
                        + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1) + TEMPORARY_SUFFIX);
                try {
                    // a plain new file: its permissions are the umask's, unlike Files.createTempFile's 0600
                    FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.WRITE);
                    return new FileSink(absolute, temporary, channel);
                } catch (FileAlreadyExistsException e) {
                    // another writer drew the same name: draw again
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary file for " + absolute + ": " + e.getMessage(), e);
        }
    }

    /**
     * Deletes the temporary files of writes to {@code dir/name} whose process is gone. Best effort:
     * a directory that cannot be listed, or a file that cannot be deleted, is left as it is (the
     * write itself then fails or succeeds on its own).
     *
     * @param dir the destination's directory
     * @param name the destination's file name
     * @return how many temporary files were deleted
     */
    static int removeStaleTemporaries(Path dir, String name) {
        Pattern ours = Pattern.compile(Pattern.quote("." + name + ".") + "(\\d{1,18})-[0-9a-f]{1,16}"
                + Pattern.quote(TEMPORARY_SUFFIX));
        int removed = 0;
        String prefix = "." + name + ".";
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir,
                f -> f.getFileName().toString().startsWith(prefix))) {
            for (Path file : files) {
                Matcher m = ours.matcher(file.getFileName().toString());
                try {
                    if (m.matches() && isStale(file, Long.parseLong(m.group(1)))) {
                        removed += Files.deleteIfExists(file) ? 1 : 0;
                    }
                } catch (IOException e) {
                    // gone meanwhile, or not ours to delete (permissions): the write goes on beside it
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unlistable directory fails the write itself just after, with the real reason
        }
        return removed;
    }

    /** Whether a temporary file's writer is gone: no such process, or a later one reusing its id. */
    private static boolean isStale(Path file, long pid) throws IOException {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        Optional<Instant> started = process.get().info().startInstant();
        // whole seconds: start times and modification times may be rounded differently
        return started.isPresent() && started.get().getEpochSecond()
                > Files.getLastModifiedTime(file).toInstant().getEpochSecond() + 1;
    }

    @Override
    public void write(MemorySegment bytes) {
        checkOpen();
        try {
            ByteBuffer buffer = bytes.asByteBuffer();
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            position += bytes.byteSize();
        } catch (IOException | RuntimeException e) {
            abort();
            throw e instanceof IOException io ? new UncheckedIOException("cannot write " + destination
                    + " at byte " + position + ": " + io.getMessage(), io) : (RuntimeException) e;
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
            channel.force(true);
            channel.close();
            try {
                Files.move(temporary, destination, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, destination, StandardCopyOption.REPLACE_EXISTING);
            }
            committed = true;
        } catch (IOException e) {
            abort();
            throw new UncheckedIOException("cannot commit " + destination + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void abort() {
        if (committed || aborted) {
            return;
        }
        aborted = true;
        try {
            channel.close();
        } catch (IOException ignored) {
            // deleting the temporary file below is what matters
        }
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the temporary file " + temporary + " of " + destination
                    + ": " + e.getMessage(), e);
        }
    }

    @Override
    public URI uri() {
        return destination.toUri();
    }

    private void checkOpen() {
        if (committed || aborted) {
            throw new IllegalStateException(destination + " is already " + (committed ? "committed" : "aborted"));
        }
    }
}
