package io.jvortex.hadoop;

import io.jvortex.io.ByteRange;
import io.jvortex.io.ByteSource;
import io.jvortex.io.IoStats;
import io.jvortex.io.RangeReadException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntFunction;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileRange;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A {@link ByteSource} over a Hadoop {@link FileSystem} file (HDFS, s3a, abfs, gs, the local file system):
 * the size comes from the file's {@link FileStatus}, and a {@linkplain #read(List) vectored read} becomes
 * one {@link FSDataInputStream#readVectored(List, IntFunction)} call (Hadoop 3.3.5 or newer), which lets
 * the file system coalesce and parallelise the ranges its own way (s3a issues concurrent range GETs).
 * Overlapping ranges, which {@code readVectored} refuses, are merged first and sliced afterwards.
 * Without {@code readVectored} (an older Hadoop, or {@linkplain HadoopFiles#open(Path,
 * org.apache.hadoop.conf.Configuration, boolean) turned off}) every range is one positioned
 * {@code readFully} on the calling thread.
 *
 * <p>Every result is checked to hold exactly the range's bytes; a short read or an I/O failure
 * completes the range's future with a {@link RangeReadException} naming the file and the range.
 * Returned segments are read-only heap copies. {@link #close()} closes the stream and fails the
 * futures still pending with a {@link CancellationException}. Thread-safe.
 */
public final class HadoopByteSource implements ByteSource {
    /** The longest range handed to {@code readVectored} (its ranges and buffers are int-sized). */
    static final int MAX_VECTORED_BYTES = 1 << 30;
    /** The longest range read into one array; longer ones go to an automatic arena in parts. */
    private static final long MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;
    private static final int PART_BYTES = 64 << 20;
    private static final boolean VECTORED_AVAILABLE = vectoredAvailable();

    private final FSDataInputStream in;
    private final URI uri;
    private final long size;
    private final boolean vectored;
    private final Set<CompletableFuture<MemorySegment>> pending = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final LongAdder reads = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final LongAdder bytesRequested = new LongAdder();
    private final LongAdder bytesFetched = new LongAdder();
    private final LongAdder requestNanos = new LongAdder();

    private HadoopByteSource(FSDataInputStream in, URI uri, long size, boolean vectored) {
        this.in = in;
        this.uri = uri;
        this.size = size;
        this.vectored = vectored;
    }

    /**
     * Opens a file.
     *
     * @param fs the file system holding it
     * @param path the file
     * @param vectoredReads whether to use {@code readVectored} when this Hadoop has it (else positioned reads)
     * @return the source
     * @throws RangeReadException when the file is missing, a directory, or cannot be opened
     */
    static HadoopByteSource open(FileSystem fs, Path path, boolean vectoredReads) {
        Path qualified = fs.makeQualified(path);
        URI uri = qualified.toUri();
        FileStatus status;
        try {
            status = fs.getFileStatus(qualified);
        } catch (FileNotFoundException e) {
            throw new RangeReadException(uri, null, "no such file", e);
        } catch (IOException e) {
            throw new RangeReadException(uri, null, "cannot get the file's status: " + e.getMessage(), e);
        }
        if (!status.isFile()) {
            throw new RangeReadException(uri, null, "not a file", null);
        }
        try {
            return new HadoopByteSource(fs.open(qualified), uri, status.getLen(), vectoredReads && VECTORED_AVAILABLE);
        } catch (IOException e) {
            throw new RangeReadException(uri, null, "cannot open: " + e.getMessage(), e);
        }
    }

    private static boolean vectoredAvailable() {
        try {
            FSDataInputStream.class.getMethod("readVectored", List.class, IntFunction.class);
            return true;
        } catch (NoSuchMethodException | LinkageError e) {
            return false;
        }
    }

    /**
     * Whether vectored reads go to {@code FSDataInputStream.readVectored} (else to positioned reads).
     *
     * @return true for {@code readVectored}
     */
    public boolean usesVectoredReads() {
        return vectored;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges) {
        Objects.requireNonNull(ranges, "ranges");
        checkOpen();
        for (ByteRange range : ranges) {
            range.checkWithin(size, uri.toString());
        }
        List<CompletableFuture<MemorySegment>> results = new ArrayList<>(ranges.size());
        List<Integer> remote = new ArrayList<>();
        for (int i = 0; i < ranges.size(); i++) {
            ByteRange range = ranges.get(i);
            reads.increment();
            bytesRequested.add(range.lengthBytes());
            if (range.lengthBytes() == 0) {
                results.add(CompletableFuture.completedFuture(MemorySegment.ofArray(new byte[0]).asReadOnly()));
            } else {
                CompletableFuture<MemorySegment> future = new CompletableFuture<>();
                pending.add(future);
                future.whenComplete((segment, failure) -> pending.remove(future));
                results.add(future);
                remote.add(i);
            }
        }
        if (vectored) {
            Vectored.read(this, ranges, remote, results);
        } else {
            for (int i : remote) {
                positioned(ranges.get(i), results.get(i));
            }
        }
        return results;
    }

    /** Reads one range with positioned {@code readFully} calls and completes its future. */
    void positioned(ByteRange range, CompletableFuture<MemorySegment> result) {
        if (result.isDone()) {
            return;
        }
        long started = System.nanoTime();
        requests.increment();
        try {
            MemorySegment segment;
            if (range.lengthBytes() <= MAX_ARRAY_BYTES) {
                byte[] bytes = new byte[(int) range.lengthBytes()];
                in.readFully(range.byteOffset(), bytes, 0, bytes.length);
                segment = MemorySegment.ofArray(bytes);
            } else {
                segment = Arena.ofAuto().allocate(range.lengthBytes());
                byte[] part = new byte[PART_BYTES];
                for (long done = 0; done < range.lengthBytes();) {
                    int n = (int) Math.min(PART_BYTES, range.lengthBytes() - done);
                    in.readFully(range.byteOffset() + done, part, 0, n);
                    MemorySegment.copy(MemorySegment.ofArray(part), 0, segment, done, n);
                    done += n;
                }
            }
            bytesFetched.add(range.lengthBytes());
            result.complete(segment.asReadOnly());
        } catch (IOException e) {
            result.completeExceptionally(failure(range, e));
        } catch (RuntimeException e) {
            result.completeExceptionally(closed.get() ? cancelled() : failure(range, new IOException(e.toString(), e)));
        } finally {
            requestNanos.add(System.nanoTime() - started);
        }
    }

    RangeReadException failure(ByteRange range, IOException e) {
        return new RangeReadException(uri, range, (closed.get() ? "the source was closed: " : "read failed: ")
                + e.getMessage(), e);
    }

    private CancellationException cancelled() {
        return new CancellationException(uri + " was closed");
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public IoStats stats() {
        return new IoStats(reads.sum(), requests.sum(), 0, bytesRequested.sum(), bytesFetched.sum(), 0,
                requestNanos.sum());
    }

    /** Closes the stream; pending futures fail with a {@link CancellationException}. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (CompletableFuture<MemorySegment> future : List.copyOf(pending)) {
            future.completeExceptionally(cancelled());
        }
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + uri + ": " + e.getMessage(), e);
        }
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException(uri + " is closed");
        }
    }

    /**
     * The {@code readVectored} path, in its own class so that a Hadoop without {@link FileRange} never
     * loads it.
     */
    private static final class Vectored {
        private Vectored() {
        }

        /** Overlapping ranges merged into one request, whose bytes each member slices. */
        private static final class Group {
            final long offset;
            long end;
            final List<Integer> members = new ArrayList<>();

            Group(long offset, long end) {
                this.offset = offset;
                this.end = end;
            }
        }

        static void read(HadoopByteSource source, List<ByteRange> ranges, List<Integer> indices,
                         List<CompletableFuture<MemorySegment>> results) {
            List<Integer> sorted = new ArrayList<>(indices);
            sorted.sort(Comparator.comparingLong(i -> ranges.get(i).byteOffset()));
            List<Group> groups = new ArrayList<>();
            List<Integer> positioned = new ArrayList<>();
            Group current = null;
            for (int i : sorted) {
                ByteRange range = ranges.get(i);
                if (range.lengthBytes() > MAX_VECTORED_BYTES) {
                    positioned.add(i);
                } else if (current != null && range.byteOffset() < current.end) {
                    long end = Math.max(current.end, range.endOffset());
                    if (end - current.offset <= MAX_VECTORED_BYTES) {
                        current.end = end;
                        current.members.add(i);
                    } else {
                        positioned.add(i); // overlaps a full group: readVectored would refuse it
                    }
                } else {
                    current = new Group(range.byteOffset(), range.endOffset());
                    current.members.add(i);
                    groups.add(current);
                }
            }
            for (int i : positioned) {
                source.positioned(ranges.get(i), results.get(i));
            }
            if (groups.isEmpty()) {
                return;
            }
            List<FileRange> fileRanges = new ArrayList<>(groups.size());
            for (Group g : groups) {
                fileRanges.add(FileRange.createFileRange(g.offset, (int) (g.end - g.offset), g));
            }
            long started = System.nanoTime();
            source.requests.add(groups.size());
            try {
                source.in.readVectored(fileRanges, ByteBuffer::allocate);
            } catch (IOException | RuntimeException e) {
                IOException io = e instanceof IOException x ? x : new IOException(e.toString(), e);
                for (Group g : groups) {
                    for (int i : g.members) {
                        results.get(i).completeExceptionally(source.failure(ranges.get(i), io));
                    }
                }
                return;
            }
            for (FileRange fileRange : fileRanges) {
                Group g = (Group) fileRange.getReference();
                fileRange.getData().whenComplete((buffer, thrown) -> {
                    source.requestNanos.add(System.nanoTime() - started);
                    for (int i : g.members) {
                        ByteRange range = ranges.get(i);
                        CompletableFuture<MemorySegment> result = results.get(i);
                        if (thrown != null) {
                            Throwable cause = thrown instanceof CompletionException && thrown.getCause() != null
                                    ? thrown.getCause() : thrown;
                            result.completeExceptionally(source.failure(range, cause instanceof IOException io ? io
                                    : new IOException(cause.toString(), cause)));
                        } else if (buffer == null || buffer.remaining() != g.end - g.offset) {
                            result.completeExceptionally(new RangeReadException(source.uri, range,
                                    "readVectored answered " + (buffer == null ? "no buffer" : buffer.remaining()
                                            + " bytes") + " for [" + g.offset + ", " + g.end + ")", null));
                        } else {
                            MemorySegment all = MemorySegment.ofBuffer(buffer);
                            result.complete(all.asSlice(range.byteOffset() - g.offset, range.lengthBytes())
                                    .asReadOnly());
                        }
                    }
                    if (thrown == null && buffer != null) {
                        source.bytesFetched.add(buffer.remaining());
                    }
                });
            }
        }
    }
}
