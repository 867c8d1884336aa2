package io.jvortex.arrow;

import io.jvortex.api.Chunk;
import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes jvortex batches as an Arrow IPC file ({@code ARROW1} magic, footer) or stream (schema message,
 * record batches, end-of-stream marker), one record batch per batch written, uncompressed. The Arrow types
 * are those the Rust reader gives for the same Vortex schema ({@link ArrowSchemas#fromDType}).
 */
public final class ArrowIpcWriter implements AutoCloseable {
    static final byte[] MAGIC = {'A', 'R', 'R', 'O', 'W', '1'};
    private static final byte[] ZEROS = new byte[8];

    private final OutputStream out;
    private final boolean file;
    private final DType.Struct dtype;
    private final ArrowSchema schema;
    private final List<long[]> blocks = new ArrayList<>();
    private long position;
    private long rows;
    private boolean closed;

    private ArrowIpcWriter(OutputStream out, boolean file, DType.Struct dtype) {
        this.out = out;
        this.file = file;
        this.dtype = dtype;
        this.schema = ArrowSchemas.fromDType(dtype);
        if (file) {
            write(MAGIC, 0, MAGIC.length);
            write(ZEROS, 0, 2);
        }
        byte[] message = ArrowSchemas.toIpcMessage(schema);
        write(message, 0, message.length);
    }

    /**
     * Starts an Arrow IPC file.
     *
     * @param out where the bytes go (closed by {@link #close})
     * @param dtype the table type of the batches
     * @return the writer
     * @throws VortexException when a column type has no Arrow form (variant)
     */
    public static ArrowIpcWriter file(OutputStream out, DType.Struct dtype) {
        return new ArrowIpcWriter(out, true, dtype);
    }

    /**
     * Starts an Arrow IPC stream.
     *
     * @param out where the bytes go (closed by {@link #close})
     * @param dtype the table type of the batches
     * @return the writer
     * @throws VortexException when a column type has no Arrow form (variant)
     */
    public static ArrowIpcWriter stream(OutputStream out, DType.Struct dtype) {
        return new ArrowIpcWriter(out, false, dtype);
    }

    /** @return the Arrow schema written */
    public ArrowSchema schema() {
        return schema;
    }

    /** @return rows written so far */
    public long rowCount() {
        return rows;
    }

    /**
     * Writes one chunk of a scan as a record batch.
     *
     * @param chunk rows of the writer's table type
     */
    public void write(Chunk chunk) {
        Canonical array = chunk.rawArray();
        if (!(array instanceof StructArray s)) {
            throw new VortexException("a chunk of " + array.dtype().display() + " is not a table");
        }
        write(s);
    }

    /**
     * Writes one record batch.
     *
     * @param batch rows of the writer's table type
     */
    public void write(StructArray batch) {
        if (closed) {
            throw new IllegalStateException("the Arrow IPC writer is closed");
        }
        if (!batch.dtype().names().equals(dtype.names())) {
            throw new VortexException("batch columns " + batch.dtype().names() + " are not the writer's "
                    + dtype.names());
        }
        IpcEncoder enc = new IpcEncoder();
        for (int i = 0; i < schema.fields().size(); i++) {
            enc.column(schema.fields().get(i), batch.fields().get(i));
        }
        writeRecordBatch(enc, batch.length());
        rows += batch.length();
    }

    private void writeRecordBatch(IpcEncoder enc, int length) {
        byte[] nodes = new byte[16 * enc.nodes.size()];
        for (int i = 0; i < enc.nodes.size(); i++) {
            putLong(nodes, 16 * i, enc.nodes.get(i)[0]);
            putLong(nodes, 16 * i + 8, enc.nodes.get(i)[1]);
        }
        byte[] buffers = new byte[16 * enc.buffers.size()];
        long body = 0;
        for (int i = 0; i < enc.buffers.size(); i++) {
            long size = enc.buffers.get(i).byteSize();
            putLong(buffers, 16 * i, body);
            putLong(buffers, 16 * i + 8, size);
            body += pad8(size);
        }
        FbWriter.Table rb = new FbWriter.Table().i64(0, length)
                .ref(1, new FbWriter.StructVector(enc.nodes.size(), 8, nodes))
                .ref(2, new FbWriter.StructVector(enc.buffers.size(), 8, buffers));
        if (!enc.variadicCounts.isEmpty()) {
            byte[] counts = new byte[8 * enc.variadicCounts.size()];
            for (int i = 0; i < enc.variadicCounts.size(); i++) {
                putLong(counts, 8 * i, enc.variadicCounts.get(i));
            }
            rb.ref(4, new FbWriter.StructVector(enc.variadicCounts.size(), 8, counts));
        }
        byte[] meta = ArrowSchemas.frame(FbWriter.finish(ArrowSchemas.message(3, rb, body)));
        long offset = position;
        write(meta, 0, meta.length);
        for (MemorySegment b : enc.buffers) {
            writeSegment(b);
            long pad = pad8(b.byteSize()) - b.byteSize();
            write(ZEROS, 0, (int) pad);
        }
        blocks.add(new long[] {offset, meta.length, body});
    }

    static long pad8(long n) {
        return (n + 7) & ~7L;
    }

    static void putLong(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    private void writeSegment(MemorySegment s) {
        byte[] chunk = new byte[(int) Math.min(1 << 16, Math.max(1, s.byteSize()))];
        for (long at = 0; at < s.byteSize(); at += chunk.length) {
            int n = (int) Math.min(chunk.length, s.byteSize() - at);
            MemorySegment.copy(s, ValueLayout.JAVA_BYTE, at, chunk, 0, n);
            write(chunk, 0, n);
        }
    }

    private void write(byte[] b, int off, int len) {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        position += len;
    }

    /** Ends the stream (end-of-stream marker) or the file (footer, magic) and closes the output. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try (OutputStream o = out) {
            byte[] eos = {-1, -1, -1, -1, 0, 0, 0, 0};
            write(eos, 0, eos.length);
            if (file) {
                byte[] blockBytes = new byte[24 * blocks.size()];
                for (int i = 0; i < blocks.size(); i++) {
                    putLong(blockBytes, 24 * i, blocks.get(i)[0]);
                    putLong(blockBytes, 24 * i + 8, blocks.get(i)[1]);
                    putLong(blockBytes, 24 * i + 16, blocks.get(i)[2]);
                }
                FbWriter.Table footer = new FbWriter.Table().i16(0, ArrowSchemas.METADATA_V5)
                        .ref(1, ArrowSchemas.schemaTable(schema))
                        .ref(2, new FbWriter.StructVector(0, 8, new byte[0]))
                        .ref(3, new FbWriter.StructVector(blocks.size(), 8, blockBytes));
                byte[] fb = FbWriter.finish(footer);
                write(fb, 0, fb.length);
                byte[] len = new byte[4];
                len[0] = (byte) fb.length;
                len[1] = (byte) (fb.length >>> 8);
                len[2] = (byte) (fb.length >>> 16);
                len[3] = (byte) (fb.length >>> 24);
                write(len, 0, 4);
                write(MAGIC, 0, MAGIC.length);
            }
            o.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
