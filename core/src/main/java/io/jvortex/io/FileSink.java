package io.jvortex.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A local file written atomically: bytes go to a temporary file next to the destination, which
 * {@link #commit()} forces to disk and renames over the destination (an atomic move where the file
 * system supports it). On abort or failure the temporary file is deleted and the destination is untouched.
 */
public final class FileSink implements ByteSink {
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
        try {
            Path temporary = Files.createTempFile(dir, "." + absolute.getFileName() + ".", ".tmp");
            try {
                return new FileSink(absolute, temporary, FileChannel.open(temporary, StandardOpenOption.WRITE));
            } catch (IOException e) {
                Files.deleteIfExists(temporary);
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary file for " + absolute + ": " + e.getMessage(), e);
        }
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
