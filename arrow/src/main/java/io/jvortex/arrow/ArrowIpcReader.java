package io.jvortex.arrow;

import io.jvortex.array.Canonical;
import io.jvortex.array.Concat;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an Arrow IPC file (random access through its footer) or stream (messages in order) as jvortex
 * {@link StructArray} batches, one per record batch, of the type {@link ArrowSchemas#toDType(ArrowSchema)}
 * gives. Dictionary-encoded columns are decoded (replacement and delta dictionaries), run-end encoded columns
 * expanded; buffers of files are mapped, not copied. The batches stay valid until {@link #close}.
 *
 * <p>Bodies may be uncompressed or {@code LZ4_FRAME}/{@code ZSTD} compressed. Every length, offset and
 * index read from the input is checked before use: a corrupt input gives a {@link VortexException} naming
 * the source, the message and the column.
 */
public final class ArrowIpcReader implements AutoCloseable {
    private static final int MAX_METADATA = 64 << 20;

    private final String source;
    private final Arena arena;
    private final MessageSource messages;
    private final ArrowSchema schema;
    private final DType.Struct dtype;
    private final Map<Long, Canonical> dictionaries = new HashMap<>();
    private final Map<Long, ArrowField> dictionaryFields = new HashMap<>();
    private int batchIndex;

    private ArrowIpcReader(String source, Arena arena, MessageSource messages, ArrowSchema schemaOrNull) {
        this.source = source;
        this.arena = arena;
        this.messages = messages;
        try {
            if (schemaOrNull == null) {
                Message m = messages.next();
                if (m == null || m.headerType() != 1) {
                    throw new VortexException(source + ": an Arrow IPC stream must start with a schema message");
                }
                schemaOrNull = ArrowSchemas.readSchema(m.reader(), m.header());
            }
            this.schema = schemaOrNull;
            try {
                this.dtype = ArrowSchemas.toDType(schema);
            } catch (VortexException e) {
                throw new VortexException(source + ": " + e.getMessage());
            }
            collectDictionaryFields(schema.fields(), 0);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Opens an Arrow IPC file ({@code ARROW1} magic) or stream, by its first bytes. The file is mapped.
     *
     * @param path the file
     * @return the reader
     * @throws VortexException when the file is not valid Arrow IPC
     * @throws UncheckedIOException when it cannot be read
     */
    public static ArrowIpcReader open(Path path) {
        Arena arena = Arena.ofShared();
        MemorySegment seg;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            seg = ch.size() == 0 ? MemorySegment.ofArray(new byte[0]) : ch.map(FileChannel.MapMode.READ_ONLY, 0,
                    ch.size(), arena);
        } catch (IOException e) {
            arena.close();
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
        String source = path.toString();
        try {
            if (hasMagic(seg, 0)) {
                FileMessages file = new FileMessages(seg, source);
                return new ArrowIpcReader(source, arena, file, file.schema);
            }
            return new ArrowIpcReader(source, arena, new SegmentMessages(seg, 0, source), null);
        } catch (RuntimeException e) {
            if (arena.scope().isAlive()) {
                arena.close();
            }
            throw e;
        }
    }

    /**
     * Reads an Arrow IPC stream.
     *
     * @param in the stream (closed by {@link #close})
     * @param source its name, for errors
     * @return the reader
     * @throws VortexException when the stream is not valid Arrow IPC
     */
    public static ArrowIpcReader stream(InputStream in, String source) {
        Arena arena = Arena.ofShared();
        return new ArrowIpcReader(source, arena, new StreamMessages(in, source, arena), null);
    }

    /** @return the Arrow schema */
    public ArrowSchema schema() {
        return schema;
    }

    /** @return the Vortex table type of the batches */
    public DType.Struct dtype() {
        return dtype;
    }

    /**
     * @return the next record batch, or null at the end
     * @throws VortexException when the input is corrupt
     */
    public StructArray next() {
        while (true) {
            Message m = messages.next();
            if (m == null) {
                return null;
            }
            switch (m.headerType()) {
                case 2 -> dictionaryBatch(m);
                case 3 -> {
                    return recordBatch(m);
                }
                case 1 -> throw new VortexException(source + ": a second schema message at " + m.where());
                default -> throw new VortexException(source + ": unsupported message type " + m.headerType()
                        + " at " + m.where());
            }
        }
    }

    private StructArray recordBatch(Message m) {
        String what = source + " record batch " + batchIndex++;
        IpcBatchSource src = new IpcBatchSource(m.header(), m.body(), what);
        IpcDecoder dec = new IpcDecoder(src, dictionaries, what);
        int rows = src.length();
        List<Canonical> columns = new ArrayList<>();
        for (ArrowField f : schema.fields()) {
            columns.add(dec.column(f, rows));
        }
        src.finish();
        return new StructArray(dtype, columns, rows, Validity.ALL_VALID);
    }

    private void dictionaryBatch(Message m) {
        long id = m.header().i64(0, 0);
        ArrowField field = dictionaryFields.get(id);
        if (field == null) {
            throw new VortexException(source + ": dictionary batch for unknown dictionary id " + id);
        }
        FbReader.Tbl data = m.header().table(1);
        if (data == null) {
            throw new VortexException(source + ": dictionary batch " + id + " has no data");
        }
        String what = source + " dictionary " + id;
        IpcBatchSource src = new IpcBatchSource(data, m.body(), what);
        int rows = src.length();
        Canonical values = new IpcDecoder(src, dictionaries, what).column(field, rows);
        src.finish();
        Canonical previous = dictionaries.get(id);
        if (m.header().bool(2, false) && previous != null) {
            values = Concat.concat(previous.dtype(), List.of(previous, values), IpcEncoder.ALLOC);
        }
        dictionaries.put(id, values);
    }

    /** The value fields of every dictionary, by id: a field's type without its dictionary encoding. */
    private void collectDictionaryFields(List<ArrowField> fields, int depth) {
        if (depth > 64) {
            throw new VortexException(source + ": fields nested deeper than 64");
        }
        for (ArrowField f : fields) {
            if (f.dictionary() != null) {
                dictionaryFields.put(f.dictionary().id(), f.withDictionary(null));
            }
            collectDictionaryFields(f.children(), depth + 1);
        }
    }

    /** Releases the mapped file or closes the stream; the batches read are invalid afterwards. */
    @Override
    public void close() {
        try {
            messages.close();
        } finally {
            if (arena.scope().isAlive()) {
                arena.close();
            }
        }
    }

    // ------------------------------------------------------------------------------------------------

    static boolean hasMagic(MemorySegment seg, long at) {
        if (at < 0 || at + 6 > seg.byteSize()) {
            return false;
        }
        for (int i = 0; i < 6; i++) {
            if (seg.get(ValueLayout.JAVA_BYTE, at + i) != ArrowIpcWriter.MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /** One message: its flatbuffer and body. */
    record Message(FbReader reader, int headerType, FbReader.Tbl header, MemorySegment body, String where) {
    }

    private interface MessageSource extends AutoCloseable {
        /** @return the next message, or null at the end */
        Message next();

        @Override
        void close();
    }

    /** Parses the message whose metadata is {@code meta}, taking its body from {@code bodies}. */
    private static Message parse(byte[] meta, String source, String where, java.util.function.LongFunction<MemorySegment> bodies) {
        FbReader r = new FbReader(meta, 0, meta.length, source + " message at " + where);
        FbReader.Tbl root = r.root();
        int type = root.u8(1, 0);
        FbReader.Tbl header = root.table(2);
        if (header == null) {
            throw r.error(0, "message has no header");
        }
        long bodyLength = root.i64(3, 0);
        if (bodyLength < 0) {
            throw r.error(0, "negative body length " + bodyLength);
        }
        return new Message(r, type, header, bodies.apply(bodyLength), where);
    }

    /** Messages one after another in a segment, from {@code start} to an end-of-stream marker or the end. */
    private static final class SegmentMessages implements MessageSource {
        private final MemorySegment seg;
        private final String source;
        private long pos;

        SegmentMessages(MemorySegment seg, long start, String source) {
            this.seg = seg;
            this.source = source;
            this.pos = start;
        }

        @Override
        public Message next() {
            if (pos + 4 > seg.byteSize()) {
                return null;
            }
            Message m = read(seg, pos, source);
            if (m == null) {
                return null;
            }
            pos = end;
            return m;
        }

        private long end;

        private Message read(MemorySegment s, long p, String src) {
            long start = p;
            int len = s.get(IpcEncoder.I32, p);
            p += 4;
            if (len == -1) {
                if (p + 4 > s.byteSize()) {
                    throw new VortexException(src + ": truncated message at byte " + start);
                }
                len = s.get(IpcEncoder.I32, p);
                p += 4;
            }
            if (len == 0) {
                return null;
            }
            if (len < 0 || len > s.byteSize() - p) {
                throw new VortexException(src + ": message at byte " + start + " declares " + len
                        + " metadata bytes, " + (s.byteSize() - p) + " remain");
            }
            byte[] meta = s.asSlice(p, len).toArray(ValueLayout.JAVA_BYTE);
            long bodyStart = p + len;
            Message m = parse(meta, src, "byte " + start, bodyLength -> {
                if (bodyLength > s.byteSize() - bodyStart) {
                    throw new VortexException(src + ": message at byte " + start + " declares a " + bodyLength
                            + "-byte body, " + (s.byteSize() - bodyStart) + " remain");
                }
                end = bodyStart + bodyLength;
                return s.asSlice(bodyStart, bodyLength);
            });
            return m;
        }

        @Override
        public void close() {
        }
    }

    /** The blocks of an Arrow IPC file's footer: dictionaries first, then record batches. */
    private static final class FileMessages implements MessageSource {
        private final MemorySegment seg;
        private final String source;
        private final ArrowSchema schema;
        private final List<long[]> blocks = new ArrayList<>();
        private int next;

        FileMessages(MemorySegment seg, String source) {
            this.seg = seg;
            this.source = source;
            long size = seg.byteSize();
            if (size < 8 + 10 || !hasMagic(seg, size - 6)) {
                throw new VortexException(source + ": an Arrow IPC file must end with the ARROW1 magic");
            }
            int footerLength = seg.get(IpcEncoder.I32, size - 10);
            if (footerLength <= 0 || footerLength > size - 18) {
                throw new VortexException(source + ": footer length " + footerLength + " does not fit the "
                        + size + "-byte file");
            }
            long footerStart = size - 10 - footerLength;
            byte[] fb = seg.asSlice(footerStart, footerLength).toArray(ValueLayout.JAVA_BYTE);
            FbReader r = new FbReader(fb, 0, fb.length, source + " footer");
            FbReader.Tbl footer = r.root();
            FbReader.Tbl s = footer.table(1);
            if (s == null) {
                throw r.error(0, "footer has no schema");
            }
            this.schema = ArrowSchemas.readSchema(r, s);
            for (int slot : new int[] {2, 3}) {
                int n = footer.vectorLength(slot, 24);
                for (int i = 0; i < n; i++) {
                    int at = footer.vectorElement(slot, i, 24);
                    long offset = r.i64(at);
                    long metaLength = r.i32(at + 8);
                    long bodyLength = r.i64(at + 16);
                    if (offset < 8 || metaLength < 8 || bodyLength < 0 || offset + metaLength > footerStart
                            || bodyLength > footerStart - offset - metaLength) {
                        throw new VortexException(source + ": footer block " + i + " [" + offset + ", +" + metaLength
                                + ", +" + bodyLength + "] outside the file's " + footerStart + " data bytes");
                    }
                    blocks.add(new long[] {offset, metaLength, bodyLength});
                }
            }
        }

        @Override
        public Message next() {
            if (next >= blocks.size()) {
                return null;
            }
            long[] b = blocks.get(next++);
            long offset = b[0];
            long metaEnd = offset + b[1];
            long p = offset;
            int len = seg.get(IpcEncoder.I32, p);
            p += 4;
            if (len == -1) {
                len = seg.get(IpcEncoder.I32, p);
                p += 4;
            }
            if (len <= 0 || len > metaEnd - p) {
                throw new VortexException(source + ": block at byte " + offset + " holds a " + len
                        + "-byte message in " + b[1] + " bytes");
            }
            byte[] meta = seg.asSlice(p, len).toArray(ValueLayout.JAVA_BYTE);
            return parse(meta, source, "byte " + offset, bodyLength -> {
                if (bodyLength > b[2]) {
                    throw new VortexException(source + ": message at byte " + offset + " declares a " + bodyLength
                            + "-byte body, its block has " + b[2]);
                }
                return seg.asSlice(metaEnd, bodyLength);
            });
        }

        @Override
        public void close() {
        }
    }

    /** Messages read from an input stream; bodies are copied into aligned memory. */
    private static final class StreamMessages implements MessageSource {
        private final InputStream in;
        private final String source;
        private final Arena arena;
        private long pos;

        StreamMessages(InputStream in, String source, Arena arena) {
            this.in = in;
            this.source = source;
            this.arena = arena;
        }

        @Override
        public Message next() {
            try {
                long start = pos;
                byte[] word = in.readNBytes(4);
                if (word.length == 0) {
                    return null;
                }
                if (word.length < 4) {
                    throw new EOFException("truncated message length");
                }
                pos += 4;
                int len = ArrowSchemas.getInt(word, 0);
                if (len == -1) {
                    byte[] w2 = readFully(4);
                    len = ArrowSchemas.getInt(w2, 0);
                }
                if (len == 0) {
                    return null;
                }
                if (len < 0 || len > MAX_METADATA) {
                    throw new VortexException(source + ": message at byte " + start + " declares " + len
                            + " metadata bytes");
                }
                byte[] meta = readFully(len);
                return parse(meta, source, "byte " + start, bodyLength -> {
                    if (bodyLength > Integer.MAX_VALUE - 8) {
                        throw new VortexException(source + ": message at byte " + start + " declares a "
                                + bodyLength + "-byte body");
                    }
                    try {
                        byte[] bytes = readFully((int) bodyLength);
                        MemorySegment body = arena.allocate(Math.max(1, bytes.length), 8).asSlice(0, bytes.length);
                        MemorySegment.copy(bytes, 0, body, ValueLayout.JAVA_BYTE, 0, bytes.length);
                        return body;
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (EOFException e) {
                throw new VortexException(source + ": stream ends inside a message at byte " + pos);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + source + ": " + e.getMessage(), e);
            } catch (UncheckedIOException e) {
                if (e.getCause() instanceof EOFException) {
                    throw new VortexException(source + ": stream ends inside a message body at byte " + pos);
                }
                throw e;
            }
        }

        private byte[] readFully(int n) throws IOException {
            byte[] b = in.readNBytes(n);
            if (b.length < n) {
                throw new EOFException();
            }
            pos += n;
            return b;
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
