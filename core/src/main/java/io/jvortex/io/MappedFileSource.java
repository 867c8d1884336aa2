package io.jvortex.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A local file mapped once into a shared arena: every read is a zero-copy, read-only slice of the
 * mapping, completed before {@link #read(List)} returns. The default for local files. Slices become
 * inaccessible when the source is closed (FFM's scope check fails the access, never undefined behaviour).
 */
public final class MappedFileSource implements ByteSource {
    private final Path path;
    private final URI uri;
    private final Arena arena;
    private final MemorySegment data;
    private final StatsRecorder stats = new StatsRecorder();
    private final AtomicBoolean closed = new AtomicBoolean();

    private MappedFileSource(Path path, Arena arena, MemorySegment data) {
        this.path = path;
        this.uri = path.toUri();
        this.arena = arena;
        this.data = data;
    }

    /**
     * Maps a file.
     *
     * @param path the file
     * @return the source
     * @throws UncheckedIOException when the file cannot be opened or mapped
     */
    public static MappedFileSource open(Path path) {
        Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            MemorySegment data = size == 0 ? arena.allocate(0)
                    : channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            return new MappedFileSource(path, arena, data.asReadOnly());
        } catch (IOException e) {
            arena.close();
            throw new UncheckedIOException("cannot map " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * The whole mapping (read-only), for readers that want to slice it themselves.
     *
     * @return the mapped file
     */
    public MemorySegment segment() {
        return data;
    }

    /**
     * @return the mapped file's path
     */
    public Path path() {
        return path;
    }

    @Override
    public long size() {
        return data.byteSize();
    }

    @Override
    public List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges) {
        if (closed.get()) {
            throw new IllegalStateException(uri + " is closed");
        }
        List<CompletableFuture<MemorySegment>> out = new ArrayList<>(ranges.size());
        for (ByteRange range : ranges) {
            range.checkWithin(data.byteSize(), uri.toString());
            stats.reads.increment();
            stats.bytesRequested.add(range.lengthBytes());
            out.add(CompletableFuture.completedFuture(data.asSlice(range.byteOffset(), range.lengthBytes())));
        }
        return out;
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
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "MappedFileSource[" + uri + "]";
    }
}
