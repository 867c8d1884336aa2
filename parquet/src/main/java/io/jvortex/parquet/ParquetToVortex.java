package io.jvortex.parquet;

import io.jvortex.error.VortexException;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.io.ByteSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;

/**
 * Converts Parquet files to Vortex, one row group at a time: the converter holds one row group's
 * compressed pages, never the whole file, and hands the {@link VortexWriter} batches of 64 Ki rows
 * decoded from them (fewer when repeated columns hold more than about a million values in them, but
 * never part of a row). With a heap of at least {@link #AHEAD_MIN_HEAP} bytes the batches are decoded
 * on a thread of their own, one batch ahead of the writer; the file written is the same.
 *
 * <pre>{@code
 * long rows = ParquetToVortex.convert(Path.of("in.parquet"), Path.of("out.vortex"), WriteOptions.defaults());
 * }</pre>
 *
 * <p>Types map as pyarrow reads Parquet (without an embedded Arrow schema) and the reference then
 * maps Arrow to Vortex: integers of every width and signedness, float16/32/64, boolean; STRING and
 * JSON byte arrays → utf8, other byte arrays and fixed-length byte arrays → binary; DECIMAL over
 * INT32, INT64, BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY → decimal; DATE → {@code vortex.date} (days);
 * TIME → {@code vortex.time}; TIMESTAMP → {@code vortex.timestamp} (time zone {@code UTC} when
 * adjusted to UTC, none otherwise); INT96 → {@code vortex.timestamp} in nanoseconds; UNKNOWN → null;
 * LIST (with the format's two-level compatibility rules) and unannotated repeated fields → list;
 * MAP → map; other groups → struct; optional → nullable. The file's root is a non-nullable struct.
 *
 * <p>When the footer holds the Arrow schema pyarrow stores ({@code ARROW:schema}), the types are those the
 * reference writes from pyarrow's reading of the file: time zones, fixed-size lists, {@code arrow.json}
 * and non-nullable fields are restored as pyarrow restores them (see {@code ArrowFields}). UUID columns
 * become {@code vortex.uuid}, INTERVAL keeps its 12 raw bytes as binary, and a file whose row groups have
 * no columns keeps its row count.
 *
 * <p>Pages are decompressed by {@link ParquetCodecs} (uncompressed, Snappy, gzip, Zstandard) in plain
 * Java; no Hadoop configuration or file system is involved. Columns that do not repeat are decoded a
 * page section at a time by our own page decoder ({@code FlatPages}, every encoding but for INT96,
 * FLOAT16, byte-array decimals and UUIDs); the others through parquet-java's column reader.
 */
public final class ParquetToVortex {
    private ParquetToVortex() {
    }

    /**
     * The Vortex schema a Parquet schema converts to.
     *
     * @param schema a Parquet schema
     * @return the non-nullable struct dtype of the converted file
     * @throws VortexException when a column has no Vortex equivalent
     */
    public static DType.Struct schema(MessageType schema) {
        return ParquetSchema.convert(Objects.requireNonNull(schema, "schema")).dtype();
    }

    /**
     * Converts a Parquet file. The destination appears only when the conversion succeeded: the
     * writer writes one temporary file beside it and renames it into place on success.
     *
     * @param parquet the Parquet file
     * @param vortex the Vortex file to write (replaced if present)
     * @param options how to write it
     * @return the number of rows written
     * @throws VortexException when the Parquet file is malformed or holds a type without Vortex equivalent
     * @throws UncheckedIOException when reading or writing fails
     */
    public static long convert(Path parquet, Path vortex, WriteOptions options) {
        return convert(parquet, vortex, options, Listener.NONE);
    }

    /**
     * Told after each row group is converted: for progress bars.
     */
    @FunctionalInterface
    public interface Listener {
        /** Tells nothing. */
        Listener NONE = (rows, totalRows, bytes, totalBytes) -> {
        };

        /**
         * @param rows the rows converted so far
         * @param totalRows the rows the Parquet file holds
         * @param bytes the stored (compressed) Parquet bytes of the row groups read so far
         * @param totalBytes the stored bytes of all its row groups
         */
        void rowGroupDone(long rows, long totalRows, long bytes, long totalBytes);
    }

    /**
     * {@link #convert(Path, Path, WriteOptions)}, telling a listener after each row group.
     *
     * @param parquet the Parquet file
     * @param vortex the Vortex file to write (replaced if present)
     * @param options how to write it
     * @param listener told the progress
     * @return the number of rows written
     */
    public static long convert(Path parquet, Path vortex, WriteOptions options, Listener listener) {
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(parquet, "parquet");
        Objects.requireNonNull(vortex, "vortex");
        Objects.requireNonNull(options, "options");
        // the writer writes one temporary file beside the destination and renames it into place
        return convertTo(parquet, dtype -> VortexWriter.create(vortex, dtype, options), listener,
                RowGroupReader.Limits.DEFAULT);
    }

    /**
     * {@link #convert(Path, Path, WriteOptions)} with other batch limits: for tests.
     *
     * @param parquet the Parquet file
     * @param vortex the Vortex file to write (replaced if present)
     * @param options how to write it
     * @param limits how large the batches handed to the writer may grow
     * @return the number of rows written
     */
    static long convert(Path parquet, Path vortex, WriteOptions options, RowGroupReader.Limits limits) {
        return convertTo(parquet, dtype -> VortexWriter.create(vortex, dtype, options), Listener.NONE, limits);
    }

    /**
     * Converts a Parquet file into a sink (a local file, an S3 object, a Hadoop file): the sink is
     * committed when the conversion succeeded and aborted otherwise, so nothing appears at its
     * destination then.
     *
     * @param parquet the Parquet file
     * @param vortex where to write the Vortex file, empty; owned by the conversion from now on
     * @param options how to write it
     * @return the number of rows written
     * @throws VortexException when the Parquet file is malformed or holds a type without Vortex equivalent
     * @throws UncheckedIOException when reading or writing fails
     */
    public static long convert(Path parquet, ByteSink vortex, WriteOptions options) {
        return convert(parquet, vortex, options, Listener.NONE);
    }

    /**
     * {@link #convert(Path, ByteSink, WriteOptions)}, telling a listener after each row group.
     *
     * @param parquet the Parquet file
     * @param vortex where to write the Vortex file, empty; owned by the conversion from now on
     * @param options how to write it
     * @param listener told the progress
     * @return the number of rows written
     */
    public static long convert(Path parquet, ByteSink vortex, WriteOptions options, Listener listener) {
        Objects.requireNonNull(vortex, "vortex");
        try {
            Objects.requireNonNull(parquet, "parquet");
            Objects.requireNonNull(options, "options");
            Objects.requireNonNull(listener, "listener");
            return convertTo(parquet, dtype -> VortexWriter.create(vortex, dtype, options), listener,
                    RowGroupReader.Limits.DEFAULT);
        } catch (RuntimeException | Error e) {
            try {
                vortex.abort(); // a no-op when the writer already aborted it
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static long convertTo(Path parquet, Function<DType.Struct, VortexWriter> writers,
                                  Listener listener, RowGroupReader.Limits limits) {
        ParquetReadOptions readOptions = new ParquetReadOptions.Builder(new PlainParquetConfiguration())
                .withCodecFactory(new ParquetCodecs())
                .build();
        ParquetFileReader reader;
        try {
            reader = ParquetFileReader.open(new LocalInputFile(parquet), readOptions);
        } catch (IOException e) {
            throw new UncheckedIOException(parquet.toString(), e);
        } catch (RuntimeException e) {
            // parquet-java cannot open a file whose row groups have no column chunks
            long[] rowGroups = rowGroupsWithoutColumns(parquet);
            if (rowGroups == null) {
                throw notParquet(parquet, e);
            }
            return writeRowsWithoutColumns(rowGroups, writers);
        }
        try (reader) {
            MessageType schema = reader.getFileMetaData().getSchema();
            String createdBy = reader.getFileMetaData().getCreatedBy();
            ParquetSchema.Struct root = ParquetSchema.convert(schema);
            DType.Struct target = ArrowFields.target(root.dtype(),
                    reader.getFileMetaData().getKeyValueMetaData());
            GroupConverter converter = new NoRecords(schema);
            long totalRows = reader.getRecordCount();
            List<BlockMetaData> groups = reader.getRowGroups();
            // aborted on failure, so that nothing appears at the destination; closed (committed) on success
            VortexWriter writer = writers.apply(target);
            long rows;
            try (Decoder decoder = new Decoder(parquet, reader, root, schema, createdBy, converter, target, limits,
                    totalRows, groups)) {
                rows = decoder.drainInto(writer, listener);
            } catch (RuntimeException | Error e) {
                writer.abort();
                throw e;
            }
            writer.close();
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(parquet.toString(), e);
        }
    }

    /**
     * Decodes the row groups into the writer's batches. When the heap allows a second batch in memory
     * ({@link #AHEAD_MIN_HEAP}), it decodes on a thread of its own, one batch ahead of the writer, so
     * that Parquet decoding and the writer's work on the calling thread (zone statistics, dictionaries,
     * chunk assembly) overlap instead of alternating; otherwise it decodes inline, one batch at a
     * time. Batches reach the writer in file order either way, so the bytes written do not depend on
     * it; a failure on either side stops both and reaches the caller as thrown.
     */
    private static final class Decoder implements AutoCloseable {
        /** The end of the file, or the decoder's failure. */
        private record End(Throwable failure) {
        }

        /** A row group is done: the progress to report once its batches are written. */
        private record GroupDone(long rows, long bytesRead) {
        }

        /** Where decoded batches and row-group ends go. */
        private interface Out {
            void accept(Object item) throws InterruptedException;
        }

        private final Path parquet;
        private final ParquetFileReader reader;
        private final ParquetSchema.Struct root;
        private final MessageType schema;
        private final String createdBy;
        private final GroupConverter converter;
        private final DType.Struct target;
        private final RowGroupReader.Limits limits;
        private final List<BlockMetaData> groups;
        private final long totalRows;
        private final long totalBytes;
        /** One decoded item waits here until the writer takes it. */
        private final java.util.concurrent.SynchronousQueue<Object> handOff = new java.util.concurrent.SynchronousQueue<>();
        private Thread thread;
        private volatile boolean cancelled;

        Decoder(Path parquet, ParquetFileReader reader, ParquetSchema.Struct root, MessageType schema,
                String createdBy, GroupConverter converter, DType.Struct target, RowGroupReader.Limits limits,
                long totalRows, List<BlockMetaData> groups) {
            this.parquet = parquet;
            this.reader = reader;
            this.root = root;
            this.schema = schema;
            this.createdBy = createdBy;
            this.converter = converter;
            this.target = target;
            this.limits = limits;
            this.groups = groups;
            this.totalRows = totalRows;
            this.totalBytes = groups.stream().mapToLong(BlockMetaData::getCompressedSize).sum();
        }

        /**
         * Writes every decoded batch, in order, and reports each row group once its batches are written.
         *
         * @return the rows written
         */
        long drainInto(VortexWriter writer, Listener listener) {
            long[] rows = {0};
            if (Runtime.getRuntime().maxMemory() < AHEAD_MIN_HEAP) {
                try {
                    decode(item -> handle(item, writer, listener, rows));
                } catch (InterruptedException e) {
                    throw new IllegalStateException("cannot happen: inline decoding does not wait", e);
                }
                return rows[0];
            }
            thread = Thread.ofPlatform().daemon().name("jvortex-parquet-decoder").start(() -> {
                Throwable failure = null;
                try {
                    decode(this::put);
                } catch (InterruptedException e) {
                    return; // cancelled: nobody waits for the end
                } catch (Throwable t) {
                    failure = t;
                }
                try {
                    put(new End(failure));
                } catch (InterruptedException e) {
                    // cancelled
                }
            });
            while (true) {
                Object item;
                try {
                    item = handOff.take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while converting " + parquet, e);
                }
                if (item instanceof End end) {
                    if (end.failure() instanceof RuntimeException e) {
                        throw e;
                    }
                    if (end.failure() instanceof Error e) {
                        throw e;
                    }
                    if (end.failure() != null) {
                        throw new IllegalStateException(end.failure());
                    }
                    return rows[0];
                }
                handle(item, writer, listener, rows);
            }
        }

        private void handle(Object item, VortexWriter writer, Listener listener, long[] rows) {
            switch (item) {
                // each batch is in garbage-collected memory, dropped once written: the writer keeps
                // it as it is instead of copying it
                case StructArray batch -> writer.writeOwned(batch);
                case GroupDone done -> {
                    rows[0] = done.rows();
                    listener.rowGroupDone(done.rows(), totalRows, done.bytesRead(), totalBytes);
                }
                default -> throw new IllegalStateException("unexpected " + item);
            }
        }

        private void decode(Out out) throws InterruptedException {
            long rows = 0;
            int groupsRead = 0;
            long groupRows = 0;
            long bytesRead = 0;
            int nextBlock = 0;
            while (true) {
                PageReadStore pages;
                try {
                    pages = reader.readNextRowGroup();
                } catch (IOException e) {
                    throw malformed(e) ? notParquet(parquet, e) : new UncheckedIOException(parquet.toString(), e);
                } catch (VortexException e) {
                    throw e;
                } catch (RuntimeException e) {
                    throw notParquet(parquet, e);
                }
                if (pages == null) {
                    return;
                }
                try (pages) {
                    long count = pages.getRowCount();
                    if (count == 0) {
                        continue;
                    }
                    // the group's metadata (parquet-java skips the empty ones); unknown if the counts disagree
                    while (nextBlock < groups.size() && groups.get(nextBlock).getRowCount() == 0) {
                        nextBlock++;
                    }
                    BlockMetaData block = nextBlock < groups.size() && groups.get(nextBlock).getRowCount() == count
                            ? groups.get(nextBlock) : null;
                    nextBlock++;
                    RowGroupReader.Batches batches = new RowGroupReader.Batches(root, pages,
                            new ColumnReadStoreImpl(pages, converter, schema, createdBy), block, limits.pageDecoder());
                    while (batches.hasNext()) {
                        // garbage-collected buffers, each on its own: the writer keeps them (writeOwned)
                        // until their column's chunk is cut
                        Arena arena = SeparateAllocations.INSTANCE;
                        out.accept(ArrowFields.adapt(batches.next(limits, arena), target, arena));
                    }
                    rows += count;
                    // parquet-java skips empty row groups: count every group up to these rows as read
                    while (groupsRead < groups.size() && groupRows + groups.get(groupsRead).getRowCount() <= rows) {
                        groupRows += groups.get(groupsRead).getRowCount();
                        bytesRead += groups.get(groupsRead++).getCompressedSize();
                    }
                    out.accept(new GroupDone(rows, bytesRead));
                } catch (ParquetDecodingException e) {
                    throw notParquet(parquet, e);
                } catch (VortexException e) {
                    throw e;
                } catch (RuntimeException e) {
                    // parquet-java's decoders reject malformed pages with argument checks and index errors too
                    StackTraceElement[] at = e.getStackTrace();
                    if (at.length > 0 && (at[0].getClassName().startsWith("org.apache.parquet.")
                            || at[0].getClassName().startsWith("shaded.parquet."))) {
                        throw notParquet(parquet, e);
                    }
                    throw e;
                }
            }
        }

        private void put(Object item) throws InterruptedException {
            while (!handOff.offer(item, 100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                if (cancelled) {
                    throw new InterruptedException("cancelled");
                }
            }
        }

        /** Stops a decoding thread (when the writer failed) and waits until it no longer reads the file. */
        @Override
        public void close() {
            if (thread == null) {
                return;
            }
            cancelled = true;
            thread.interrupt();
            boolean interrupted = false;
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The smallest maximum heap (and so, by default, direct-memory limit) with which the Parquet
     * decoder runs one batch ahead of the writer: a batch takes a few tens of MiB.
     */
    static final long AHEAD_MIN_HEAP = 1L << 30;

    /**
     * Rows per batch handed to the writer: a row group (often 1 Mi rows) is read in such slices (fewer rows
     * when repeated columns hold many values, see {@link RowGroupReader.Limits}), so memory holds one
     * slice's arrays.
     */
    static final int BATCH_ROWS = RowGroupReader.Limits.DEFAULT.rows();

    /** Rows per batch of a file without columns. */
    private static final int EMPTY_BATCH_ROWS = 1 << 20;
    /** Largest footer of a file without columns we read. */
    private static final int MAX_EMPTY_FOOTER = 1 << 24;

    /**
     * The row counts of a file without columns, read from its footer directly.
     *
     * @return the rows of each row group, or null when this is not such a file
     */
    private static long[] rowGroupsWithoutColumns(Path parquet) {
        try (var channel = java.nio.channels.FileChannel.open(parquet)) {
            long size = channel.size();
            if (size < 12) {
                return null;
            }
            java.nio.ByteBuffer tail = java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            channel.read(tail, size - 8);
            int length = tail.getInt(0);
            if (tail.getInt(4) != 0x3152_4150 || length < 0 || length > size - 12 || length > MAX_EMPTY_FOOTER) {
                return null;
            }
            java.nio.ByteBuffer footer = java.nio.ByteBuffer.allocate(length);
            while (footer.hasRemaining() && channel.read(footer, size - 8 - length + footer.position()) >= 0) {
                // reads the whole footer
            }
            org.apache.parquet.format.FileMetaData meta = org.apache.parquet.format.Util.readFileMetaData(
                    new java.io.ByteArrayInputStream(footer.array()));
            if (meta.getSchema() == null || meta.getSchema().size() != 1
                    || meta.getSchema().getFirst().getNum_children() != 0) {
                return null;
            }
            long[] rows = new long[meta.getRow_groupsSize()];
            for (int i = 0; i < rows.length; i++) {
                var group = meta.getRow_groups().get(i);
                if (group.getColumnsSize() != 0 || group.getNum_rows() < 0) {
                    return null;
                }
                rows[i] = group.getNum_rows();
            }
            return rows;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static long writeRowsWithoutColumns(long[] rowGroups, Function<DType.Struct, VortexWriter> writers) {
        DType.Struct dtype = new DType.Struct(java.util.List.of(), java.util.List.of(), false);
        VortexWriter writer = writers.apply(dtype);
        long rows = 0;
        try {
            for (long count : rowGroups) {
                for (long done = 0; done < count; done += EMPTY_BATCH_ROWS) {
                    int n = (int) Math.min(EMPTY_BATCH_ROWS, count - done);
                    writer.write(new StructArray(dtype, java.util.List.of(), n, io.jvortex.array.Validity.ALL_VALID));
                }
                rows += count;
            }
        } catch (RuntimeException | Error e) {
            writer.abort();
            throw e;
        }
        writer.close();
        return rows;
    }

    private static VortexException notParquet(Path parquet, Exception e) {
        return new VortexException(parquet.toString(), -1, null,
                "not a readable Parquet file: " + e.getMessage(), e);
    }

    /**
     * @return whether parquet-java's I/O exception while reading a row group of the opened local file
     *     reports malformed bytes (a page header its Thrift decoder rejects, pages that disagree with the
     *     chunk's value count, a chunk past the file's end) rather than a failing file system: anything
     *     but a {@link java.nio.file.FileSystemException}, a closed channel or an interrupted read
     */
    private static boolean malformed(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.nio.file.FileSystemException || t instanceof java.nio.channels.ClosedChannelException
                    || t instanceof java.io.InterruptedIOException) {
                return false;
            }
        }
        return true;
    }

    /**
     * The converter tree parquet-java's column store insists on; values are taken from the column
     * readers directly, so it is never called.
     */
    static final class NoRecords extends GroupConverter {
        private static final PrimitiveConverter PRIMITIVE = new PrimitiveConverter() {
        };
        private final Converter[] children;

        NoRecords(GroupType group) {
            children = new Converter[group.getFieldCount()];
            for (int i = 0; i < children.length; i++) {
                children[i] = group.getType(i).isPrimitive() ? PRIMITIVE : new NoRecords(group.getType(i).asGroupType());
            }
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return children[fieldIndex];
        }

        @Override
        public void start() {
        }

        @Override
        public void end() {
        }
    }
}
