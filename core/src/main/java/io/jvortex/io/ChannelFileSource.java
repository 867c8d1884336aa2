package io.jvortex.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A local file read with positional {@link FileChannel} reads into copies: for files that must not be
 * mapped (network file systems, 32-bit address limits, files that are truncated while open). Reads are
 * planned like remote ones (coalesced, several in flight).
 */
public final class ChannelFileSource implements ByteSource {
    private final URI uri;
    private final FileChannel channel;
    private final long sizeBytes;
    private final StatsRecorder stats = new StatsRecorder();
    private final PlannedReader reader;
    private final AtomicBoolean closed = new AtomicBoolean();

    private ChannelFileSource(Path path, FileChannel channel, long sizeBytes, IoOptions options) {
        this.uri = path.toUri();
        this.channel = channel;
        this.sizeBytes = sizeBytes;
        this.reader = new PlannedReader(uri, sizeBytes, options, this::fetchInto, stats);
    }

    /**
     * Opens a file for positional reads.
     *
     * @param path the file
     * @param options coalescing and in-flight limits
     * @return the source
     * @throws UncheckedIOException when the file cannot be opened
     */
    public static ChannelFileSource open(Path path, IoOptions options) {
        try {
            FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
            try {
                return new ChannelFileSource(path, channel, channel.size(), options);
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + path + ": " + e.getMessage(), e);
        }
    }

    private void fetchInto(long byteOffset, MemorySegment destination) {
        ByteRange range = new ByteRange(byteOffset, destination.byteSize());
        long start = System.nanoTime();
        stats.requests.increment();
        try {
            // positional reads into chunks of at most 1 GiB: a ByteBuffer view is int-indexed
            long done = 0;
            while (done < destination.byteSize()) {
                long chunk = Math.min(destination.byteSize() - done, 1L << 30);
                ByteBuffer buffer = destination.asSlice(done, chunk).asByteBuffer();
                while (buffer.hasRemaining()) {
                    int n = channel.read(buffer, byteOffset + done + buffer.position());
                    if (n < 0) {
                        throw new RangeReadException(uri, range, "file ended at byte "
                                + (byteOffset + done + buffer.position()) + " (truncated while open?)", null);
                    }
                }
                done += chunk;
            }
            stats.bytesFetched.add(destination.byteSize());
        } catch (ClosedByInterruptException e) {
            throw new RangeReadException(uri, range, "read interrupted (source closed)", e);
        } catch (IOException e) {
            throw new RangeReadException(uri, range, e.toString(), e);
        } finally {
            stats.requestNanos.add(System.nanoTime() - start);
        }
    }

    @Override
    public long size() {
        return sizeBytes;
    }

    @Override
    public List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges) {
        return reader.read(ranges);
    }

    @Override
    public List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges, long coalesceGapBytes) {
        return reader.read(ranges, coalesceGapBytes);
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public IoStats stats() {
        return stats.snapshot();
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            reader.close();
            try {
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close " + uri + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    public String toString() {
        return "ChannelFileSource[" + uri + "]";
    }
}
