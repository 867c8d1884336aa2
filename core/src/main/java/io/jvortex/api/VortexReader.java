package io.jvortex.api;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.scan.LayoutScan;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * An open Vortex file: its schema, row count and layout, and scans over it. The file is mapped
 * once; one reader may be scanned from many threads, each scan confined to its own thread.
 *
 * <pre>{@code
 * try (var reader = VortexReader.open(path);
 *      var scan = reader.scan(ScanOptions.builder().columns("l_extendedprice").build())) {
 *     while (scan.hasNext()) {
 *         try (Chunk chunk = scan.next()) {
 *             var prices = chunk.field("l_extendedprice");
 *         }
 *     }
 * }
 * }</pre>
 */
public final class VortexReader implements AutoCloseable {
    private final VortexFile file;
    private final ReaderOptions options;

    private VortexReader(VortexFile file, ReaderOptions options) {
        this.file = file;
        this.options = options;
    }

    /**
     * @param path a Vortex file
     * @return the opened reader
     * @throws VortexException when the file is malformed
     */
    public static VortexReader open(Path path) {
        return open(path, ReaderOptions.defaults());
    }

    /**
     * @param path a Vortex file
     * @param options how to open it
     * @return the opened reader
     */
    public static VortexReader open(Path path, ReaderOptions options) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(options, "options");
        return new VortexReader(VortexFile.open(path, options.treeLimits(), options.mappingRetention()), options);
    }

    /**
     * Opens a file by URI with the default options: a path or {@code file:} URI is memory-mapped,
     * {@code http(s):} read with range requests, {@code s3://bucket/key} with signed GetObject ranges
     * (credentials, region and endpoint from the environment, as the AWS SDKs resolve them).
     *
     * @param uri the file
     * @return the opened reader
     * @throws VortexException when the file is malformed
     * @throws io.jvortex.io.RangeReadException when it cannot be read
     * @throws IllegalArgumentException for an unsupported scheme
     */
    public static VortexReader open(java.net.URI uri) {
        return open(uri, ReaderOptions.defaults());
    }

    /**
     * Opens a file by URI (see {@link #open(java.net.URI)}) with the I/O of {@link ReaderOptions#io()}.
     *
     * @param uri the file
     * @param options how to open and read it
     * @return the opened reader
     * @throws VortexException when the file is malformed
     * @throws io.jvortex.io.RangeReadException when it cannot be read
     * @throws IllegalArgumentException for an unsupported scheme
     */
    public static VortexReader open(java.net.URI uri, ReaderOptions options) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(options, "options");
        String scheme = uri.getScheme();
        if (scheme == null || scheme.equalsIgnoreCase("file")) {
            return open(scheme == null ? Path.of(uri.getPath()) : Path.of(uri), options);
        }
        return open(io.jvortex.io.ByteSources.open(uri, options.io()), options);
    }

    /**
     * Opens a file through any byte source. Opening costs one read of the source's tail
     * ({@link io.jvortex.io.IoOptions#tailReadBytes()}), two when the footer, layout and dtype are
     * larger; scans then fetch the segments of the chunks they read, ahead of decoding. The reader
     * owns the source: closing the reader (or a failure to open) closes it.
     *
     * @param source the file's bytes
     * @param options how to read it
     * @return the opened reader
     * @throws VortexException when the file is malformed
     * @throws io.jvortex.io.RangeReadException when it cannot be read
     */
    public static VortexReader open(io.jvortex.io.ByteSource source, ReaderOptions options) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(options, "options");
        return new VortexReader(VortexFile.open(source, options.io(), options.treeLimits()), options);
    }

    /**
     * The I/O this reader did so far: requests, bytes fetched, cache hits. All zeros for a file
     * opened by path (memory-mapped: the operating system pages it in).
     *
     * @return a snapshot of the source's counters
     */
    public io.jvortex.io.IoStats ioStats() {
        return file.ioStats();
    }

    /**
     * Opens a file held in memory; the segment must stay valid while the reader is used.
     *
     * @param data the whole file
     * @param name a name for messages
     * @param options how to open it
     * @return the opened reader
     */
    public static VortexReader open(java.lang.foreign.MemorySegment data, String name, ReaderOptions options) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(options, "options");
        return new VortexReader(VortexFile.of(data, name, options.treeLimits()), options);
    }

    /** @return the root dtype (a struct for tables) */
    public DType schema() {
        return file.dtype();
    }

    /** @return the number of rows */
    public long rowCount() {
        return file.rowCount();
    }

    /**
     * @return the layout tree: which layouts hold which columns, their segments and children
     */
    public LayoutInfo layout() {
        return ReaderInfo.layout(file, file.rootLayout());
    }

    /**
     * The statistics the writer stored for each top-level column of the whole file.
     *
     * @return statistics by column name, in schema order (empty when the file stores none)
     */
    public java.util.Map<String, io.jvortex.scalar.ArrayStatistics> statistics() {
        return ReaderInfo.statistics(file);
    }

    /**
     * The zone map of a column: per run of rows, the statistics the writer stored (what scans prune
     * with).
     *
     * @param column a top-level column name, or a dotted path to a nested struct field
     * @return the zones in row order; empty when the column has no zone map (or one this reader
     *     cannot interpret)
     * @throws IllegalArgumentException when there is no such column
     */
    public List<Zone> zones(String column) {
        return ReaderInfo.zones(file, options, Objects.requireNonNull(column, "column"));
    }

    /**
     * @return the file's user metadata entries (key to value bytes), as the writer stored them
     */
    public java.util.Map<String, byte[]> userMetadata() {
        java.util.Map<String, byte[]> out = new java.util.LinkedHashMap<>();
        file.userMetadata().forEach((k, v) -> out.put(k, v.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
        return java.util.Collections.unmodifiableMap(out);
    }

    /** @return the file this reader reads (internal; tools reach it through {@code ApiAccess}) */
    VortexFile file() {
        return file;
    }

    /** @return the options this reader was opened with */
    ReaderOptions options() {
        return options;
    }

    /** @return a scan of every column and row */
    public ScanIterator scan() {
        return scan(ScanOptions.all());
    }

    /**
     * @param scan projection and limits
     * @return a scan, confined to the calling thread
     */
    public ScanIterator scan(ScanOptions scan) {
        return new LayoutScan(file, options, Objects.requireNonNull(scan, "scan"));
    }

    /**
     * Random access: the given rows, in the given order.
     *
     * @param rowIndices file rows (any order, duplicates allowed)
     * @param columns column paths as in {@link ScanOptions.Builder#columns(String...)}; none = all
     *        top-level columns
     * @return a chunk of exactly those rows; close it when done
     * @throws IllegalArgumentException when a row index is outside the file
     */
    public Chunk take(long[] rowIndices, String... columns) {
        Objects.requireNonNull(rowIndices, "rowIndices");
        return io.jvortex.internal.scan.RowTake.take(file, options, rowIndices, List.of(columns));
    }

    /** Default data bytes per split of {@link #splits()}. */
    public static final long DEFAULT_SPLIT_BYTES = 32L << 20;

    /** @return splits of about {@link #DEFAULT_SPLIT_BYTES} each */
    public List<Split> splits() {
        return splits(DEFAULT_SPLIT_BYTES);
    }

    /**
     * Cuts the file into row ranges for parallel or distributed scans: aligned to chunk (or zone)
     * boundaries, in order, covering every row exactly once.
     *
     * @param targetBytes data bytes per split
     * @return the splits (none for an empty file)
     */
    public List<Split> splits(long targetBytes) {
        return io.jvortex.internal.scan.Splits.of(file, targetBytes);
    }

    /**
     * Scans splits in parallel: each split is scanned on {@code executor} by its own iterator
     * (confined to the task's thread) restricted to the split's rows (intersected with the
     * options' row range; the options' limit applies per split), and {@code task} turns it into a
     * result. Results come back in split order, so a row-ordered result is a concatenation.
     *
     * @param options projection (and row range) for every split
     * @param splits the splits, e.g. {@link #splits()}
     * @param executor runs the tasks
     * @param task consumes one split's iterator (which it must not close or leak) and returns a result
     * @param <R> the result type
     * @return one result per split, in split order
     * @throws java.util.concurrent.CompletionException wrapping the first failure of a task
     */
    public <R> List<R> scanSplits(ScanOptions options, List<Split> splits, java.util.concurrent.Executor executor,
                                  java.util.function.Function<ScanIterator, R> task) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(task, "task");
        List<java.util.concurrent.CompletableFuture<R>> futures = new java.util.ArrayList<>(splits.size());
        for (Split split : splits) {
            long start = Math.max(split.rowStart(), options.rowStart());
            long end = Math.max(start, Math.min(split.rowEnd(), options.rowEnd()));
            ScanOptions part = options.withRowRange(start, end);
            futures.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try (ScanIterator it = scan(part)) {
                    return task.apply(it);
                }
            }, executor));
        }
        return futures.stream().map(java.util.concurrent.CompletableFuture::join).toList();
    }

    /** Closes the file: unmaps it, or closes its byte source (pending reads are cancelled). */
    @Override
    public void close() {
        file.close();
    }
}
