package io.jvortex.api;

import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.internal.write.TableWriter;
import io.jvortex.io.ByteSink;
import io.jvortex.io.FileSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes a Vortex file, streaming: {@link #create}, {@link #write} batches of rows, {@link #close}
 * to write the footer.
 *
 * <pre>{@code
 * DType.Struct schema = ...;
 * try (VortexWriter writer = VortexWriter.create(Path.of("t.vortex"), schema, WriteOptions.defaults())) {
 *     writer.write(Batch.builder(schema).longs("id", ids).strings("name", names).build());
 * }
 * }</pre>
 *
 * <p>Layout as the reference's default writer: one column per struct field (nested structs
 * recursively), zone maps every {@link WriteOptions#zoneRows()} rows (not below a nullable struct,
 * whose fields hold arbitrary values at its null rows; {@code vortex.zoned}, or the
 * legacy {@code vortex.stats} in the core2025 editions), a shared-dictionary layout for
 * low-cardinality primitive and string columns, and chunks of about {@link WriteOptions#chunkBytes()}
 * uncompressed bytes, each compressed by the cascading compressor into one segment. Only array and
 * layout ids of the chosen {@link Edition} are written.
 *
 * <p>Memory is bounded by the chunks being compressed and one pending chunk per column (the validity
 * of a nullable struct column, one bit per row, is the exception: it is kept until the end).
 * Compression runs on {@link WriteOptions#threads()} threads; the bytes written do not depend on it.
 *
 * <p>Writing to a {@link Path} goes to a temporary file in the same directory, which {@link #close}
 * forces to disk and atomically renames over the destination; if anything fails, or the writer is
 * {@link #abort() aborted}, the temporary file is deleted and the destination is left untouched. A
 * killed process leaves at most the temporary file ({@code .NAME.PID-RANDOM.vortex-tmp}, which the next
 * write to the same destination removes), never a partial destination; the finished file has the
 * permissions the umask gives (see {@link io.jvortex.io.FileSink}).
 *
 * <p>Writing to a {@link ByteSink} ({@link io.jvortex.io.FileSink}, {@link io.jvortex.io.StreamSink},
 * {@link io.jvortex.io.S3MultipartSink}, or one of another module such as {@code jvortex-hadoop}) streams
 * segments into the sink as they are compressed; {@link #close} writes the footer and
 * {@linkplain ByteSink#commit() commits} the sink, while any failure or {@link #abort()} aborts it, so
 * nothing appears at the destination (an S3 multipart upload is aborted). The bytes are the same
 * whichever destination is used. Not thread-safe: one thread writes.
 */
public final class VortexWriter implements AutoCloseable {
    private static final AtomicInteger THREADS = new AtomicInteger();

    private final WritableByteChannel channel;
    private final ByteSink sink;
    private final DType.Struct schema;
    private final WriteOptions options;
    private final ExecutorService executor;
    private final TableWriter table;
    private long rows;
    private boolean closed;

    private VortexWriter(WritableByteChannel channel, ByteSink sink, DType.Struct schema, WriteOptions options) {
        this.channel = channel;
        this.sink = sink;
        this.schema = schema;
        this.options = options;
        this.executor = options.threads() <= 1 ? null : Executors.newFixedThreadPool(options.threads(), r -> {
            Thread t = new Thread(r, "jvortex-writer-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            this.table = new TableWriter(channel, schema, options, io.jvortex.internal.write.Compressors.of(options), executor);
        } catch (RuntimeException e) {
            shutdown();
            throw e;
        }
    }

    /**
     * Creates a writer for a file (replaced atomically on {@link #close}).
     *
     * @param path the destination file
     * @param schema the table schema
     * @param options how to write
     * @return a writer
     * @throws IllegalArgumentException when the schema cannot be written in the options' edition
     *     (e.g. fixed-size lists before core2025.10.0), naming the column
     * @throws UncheckedIOException when the temporary file cannot be created
     */
    public static VortexWriter create(Path path, DType.Struct schema, WriteOptions options) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(options, "options");
        TableWriter.checkDType("", schema, options.edition());
        // one temporary file beside the destination, renamed over it on close (see FileSink)
        return create(FileSink.create(path), schema, options);
    }

    /**
     * Creates a writer with the default options.
     *
     * @param path the destination file
     * @param schema the table schema
     * @return a writer
     */
    public static VortexWriter create(Path path, DType.Struct schema) {
        return create(path, schema, WriteOptions.defaults());
    }

    /**
     * Creates a writer onto a channel positioned at the file's start; {@link #close} writes the
     * footer and leaves the channel open.
     *
     * @param channel where to write
     * @param schema the table schema
     * @param options how to write
     * @return a writer
     */
    public static VortexWriter create(WritableByteChannel channel, DType.Struct schema, WriteOptions options) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(options, "options");
        return new VortexWriter(channel, null, schema, options);
    }

    /**
     * Creates a writer onto a sink, which it owns from now on: segments are written to the sink as
     * they are compressed, {@link #close} writes the footer and commits the sink, and any failure (or
     * {@link #abort()}) aborts it, so nothing appears at the sink's destination.
     *
     * <pre>{@code
     * S3Config s3 = S3Config.fromEnvironment();
     * ByteSink sink = S3MultipartSink.create(new S3Location("bucket", "t.vortex"), s3, IoOptions.defaults());
     * try (VortexWriter writer = VortexWriter.create(sink, schema, WriteOptions.defaults())) {
     *     writer.write(batch);
     * } // close() completes the multipart upload; an exception aborts it
     * }</pre>
     *
     * @param sink where to write, empty (position 0)
     * @param schema the table schema
     * @param options how to write
     * @return a writer
     * @throws IllegalArgumentException when the schema cannot be written in the options' edition, or the
     *     sink already holds bytes (the sink is aborted then)
     * @throws java.io.UncheckedIOException when the sink fails (it has aborted then)
     */
    public static VortexWriter create(ByteSink sink, DType.Struct schema, WriteOptions options) {
        Objects.requireNonNull(sink, "sink");
        try {
            Objects.requireNonNull(schema, "schema");
            Objects.requireNonNull(options, "options");
            if (sink.position() != 0) {
                throw new IllegalArgumentException(sink.uri() + " already holds " + sink.position()
                        + " bytes; a Vortex file starts at byte 0");
            }
            TableWriter.checkDType("", schema, options.edition());
            return new VortexWriter(new SinkChannel(sink), sink, schema, options);
        } catch (RuntimeException | Error e) {
            try {
                sink.abort();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** @return the table schema */
    public DType.Struct schema() {
        return schema;
    }

    /** @return the options */
    public WriteOptions options() {
        return options;
    }

    /** @return rows written so far */
    public long rowCount() {
        return rows;
    }

    /**
     * Appends rows. The batch is copied as needed before this returns, so the caller may reuse or
     * free its memory afterwards. Empty batches are ignored.
     *
     * @param batch rows of exactly the schema's dtype (see {@link Batch} to build one from Java arrays)
     * @throws IllegalArgumentException when the batch does not match the schema (naming the column);
     *     the writer stays usable
     * @throws IllegalStateException when the writer is closed
     */
    public void write(StructArray batch) {
        write(batch, false);
    }

    /**
     * Appends rows whose memory the writer takes over: it keeps the batch's buffers as they are,
     * without the copy {@link #write(StructArray)} makes, until {@link #close()} returns. The caller
     * must neither change nor free them before then — a batch in memory of an automatic arena
     * ({@code Arena.ofAuto()}), made for this call and dropped after it, is the intended use. Empty
     * batches are ignored.
     *
     * @param batch rows of exactly the schema's dtype
     * @throws IllegalArgumentException when the batch does not match the schema (naming the column);
     *     the writer stays usable
     * @throws IllegalStateException when the writer is closed
     */
    public void writeOwned(StructArray batch) {
        write(batch, true);
    }

    private void write(StructArray batch, boolean owned) {
        Objects.requireNonNull(batch, "batch");
        if (closed) {
            throw new IllegalStateException("writer is closed");
        }
        checkMatches("", schema, batch.dtype());
        try {
            table.write(batch, owned);
            rows += batch.length();
        } catch (RuntimeException | Error e) {
            fail(e);
            throw e;
        }
    }

    /**
     * Appends the rows of a scan chunk, so {@code reader.scan()} → {@code write} copies a file (or
     * its projection, when the schema is the projected one).
     *
     * @param chunk an open chunk whose rows have the schema's dtype
     */
    public void write(Chunk chunk) {
        Objects.requireNonNull(chunk, "chunk");
        Canonical array = chunk.rawArray();
        if (!(array instanceof StructArray s)) {
            throw new IllegalArgumentException("chunk of " + array.dtype().display() + " is not a table");
        }
        write(s);
    }

    /**
     * Checks that a batch's dtype is the schema's.
     *
     * @param path column path
     * @param want the schema dtype
     * @param got the batch dtype
     */
    private static void checkMatches(String path, DType want, DType got) {
        if (want.equals(got)) {
            return;
        }
        String where = path.isEmpty() ? "batch" : "column '" + path + "'";
        if (want instanceof DType.Struct ws && got instanceof DType.Struct gs && ws.nullable() == gs.nullable()) {
            if (!ws.names().equals(gs.names())) {
                throw new IllegalArgumentException(where + ": fields " + gs.names() + ", schema has " + ws.names());
            }
            for (int i = 0; i < ws.fields().size(); i++) {
                String name = ws.names().get(i);
                checkMatches(path.isEmpty() ? name : path + "." + name, ws.fields().get(i), gs.fields().get(i));
            }
        }
        throw new IllegalArgumentException(where + ": " + got.display() + " does not match the schema's "
                + want.display());
    }

    /**
     * Finishes the file: flushes every column, writes zone tables and the footer; for a path,
     * forces the file to disk and renames it over the destination; for a sink, commits it. Idempotent.
     *
     * @throws UncheckedIOException when writing fails (the destination is then untouched, a sink aborted)
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            table.finish();
            if (sink != null) {
                sink.commit();
            }
        } catch (RuntimeException | Error e) {
            fail(e);
            throw e;
        } finally {
            shutdown();
        }
    }

    /**
     * Discards the file: stops compression, deletes the temporary file or aborts the sink; the
     * destination is left untouched. Idempotent; {@link #close} after it does nothing.
     */
    public void abort() {
        if (!closed) {
            closed = true;
            fail(null);
        }
    }

    private void fail(Throwable cause) {
        closed = true;
        table.abort();
        shutdown();
        if (sink != null) {
            if (cause == null) {
                sink.abort();
            } else {
                try {
                    sink.abort();
                } catch (RuntimeException | Error e) {
                    cause.addSuppressed(e);
                }
            }
        }
    }

    /**
     * A sink seen as the channel the table writer writes to: every write goes whole into the sink
     * (which copies the bytes before returning).
     */
    private static final class SinkChannel implements WritableByteChannel {
        private final ByteSink sink;
        private boolean open = true;

        SinkChannel(ByteSink sink) {
            this.sink = sink;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            if (!open) {
                throw new ClosedChannelException();
            }
            int n = src.remaining();
            sink.write(MemorySegment.ofBuffer(src));
            src.position(src.limit());
            return n;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
        }
    }

    private void shutdown() {
        if (executor != null) {
            executor.shutdownNow();
        }
    }
}
