package io.jvortex.arrow;

import io.jvortex.array.Canonicals;
import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;

/** The field nodes and buffers of one IPC {@code RecordBatch}, checked against the message body. */
final class IpcBatchSource implements IpcDecoder.ArraySource {
    private final FbReader.Tbl batch;
    private final MemorySegment body;
    private final IpcCompression compression;
    private final String what;
    private final int nodeCount;
    private final int bufferCount;
    private final int variadicCount;
    private int node;
    private int buffer;
    private int variadic;

    /**
     * @param batch the {@code RecordBatch} table
     * @param body the message body
     * @param what the message, for errors
     */
    IpcBatchSource(FbReader.Tbl batch, MemorySegment body, String what) {
        this.batch = batch;
        this.body = body;
        this.what = what;
        this.nodeCount = batch.vectorLength(1, 16);
        this.bufferCount = batch.vectorLength(2, 16);
        this.variadicCount = batch.vectorLength(4, 8);
        FbReader.Tbl c = batch.table(3);
        this.compression = c == null ? null : IpcCompression.of(c.u8(0, 0), what);
    }

    /** @return the batch's row count, checked */
    int length() {
        long n = batch.i64(0, 0);
        if (n < 0 || n > Canonicals.MAX_ROWS) {
            throw new VortexException(what + ": record batch length " + n + " out of range");
        }
        return (int) n;
    }

    /** Checks every node and buffer was used. */
    void finish() {
        if (node != nodeCount || buffer != bufferCount) {
            throw new VortexException(what + ": the schema uses " + node + " field nodes and " + buffer
                    + " buffers, the batch has " + nodeCount + " and " + bufferCount);
        }
    }

    private VortexException bad(String path, String problem) {
        return new VortexException(what + ", column '" + path + "': " + problem);
    }

    @Override
    public long[] node(String path) {
        if (node >= nodeCount) {
            throw bad(path, "the batch has only " + nodeCount + " field nodes");
        }
        int at = batch.vectorElement(1, node++, 16);
        long length = batch.reader().i64(at);
        long nulls = batch.reader().i64(at + 8);
        if (length < 0 || length > Canonicals.MAX_ROWS || nulls < 0 || nulls > length) {
            throw bad(path, "field node of length " + length + " with " + nulls + " nulls");
        }
        return new long[] {length, nulls, 0};
    }

    @Override
    public MemorySegment buffer(String path) {
        if (buffer >= bufferCount) {
            throw bad(path, "the batch has only " + bufferCount + " buffers");
        }
        int at = batch.vectorElement(2, buffer++, 16);
        long offset = batch.reader().i64(at);
        long length = batch.reader().i64(at + 8);
        if (offset < 0 || length < 0 || offset > body.byteSize() || length > body.byteSize() - offset) {
            throw bad(path, "buffer " + (buffer - 1) + " [" + offset + ", +" + length + ") outside the "
                    + body.byteSize() + "-byte body");
        }
        MemorySegment b = body.asSlice(offset, length);
        return compression == null ? b : compression.decompress(b, what + ", column '" + path + "'");
    }

    @Override
    public long variadicCount(String path) {
        if (variadic >= variadicCount) {
            throw bad(path, "no variadic buffer count for a view column");
        }
        long count = batch.reader().i64(batch.vectorElement(4, variadic++, 8));
        if (count < 0 || count > bufferCount - buffer) {
            throw bad(path, "variadic buffer count " + count + " exceeds the buffers left");
        }
        return count;
    }
}
