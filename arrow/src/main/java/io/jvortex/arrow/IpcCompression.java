package io.jvortex.arrow;

import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;

/** The body compression of an Arrow IPC record batch: each buffer is prefixed by its uncompressed length. */
final class IpcCompression {
    private final int codec;

    private IpcCompression(int codec) {
        this.codec = codec;
    }

    /**
     * @param codec {@code CompressionType}: 0 = LZ4_FRAME, 1 = ZSTD
     * @param what the message, for errors
     * @return the decompressor
     */
    static IpcCompression of(int codec, String what) {
        if (codec != 0 && codec != 1) {
            throw new VortexException(what + ": unknown body compression " + codec);
        }
        return new IpcCompression(codec);
    }

    /**
     * @param buffer a compressed buffer: int64 uncompressed length ({@code -1}: stored as is), then the data
     * @param what the buffer, for errors
     * @return its bytes
     */
    MemorySegment decompress(MemorySegment buffer, String what) {
        if (buffer.byteSize() == 0) {
            return buffer;
        }
        if (buffer.byteSize() < 8) {
            throw new VortexException(what + ": compressed buffer of " + buffer.byteSize() + " bytes");
        }
        long length = buffer.get(IpcEncoder.I64, 0);
        MemorySegment data = buffer.asSlice(8);
        if (length == -1) {
            return data;
        }
        throw new VortexException(what + ": " + (codec == 0 ? "LZ4_FRAME" : "ZSTD")
                + " compressed Arrow IPC bodies are not supported yet");
    }
}
