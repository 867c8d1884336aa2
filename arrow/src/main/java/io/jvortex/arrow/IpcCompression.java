package io.jvortex.arrow;

import io.jvortex.error.VortexException;
import io.jvortex.internal.zstd.Zstd;
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
        // the declared length is checked against the most either codec can expand its input
        long ratio = codec == 0 ? 256 : 44_000;
        if (length < 0 || length > Integer.MAX_VALUE || length > (1 << 16) + data.byteSize() * ratio) {
            throw new VortexException(what + ": compressed buffer of " + data.byteSize() + " bytes declares "
                    + length + " uncompressed bytes");
        }
        MemorySegment out = IpcEncoder.ALLOC.allocate(length);
        if (codec == 0) {
            Lz4Frame.decompress(data, out, what);
        } else {
            long n;
            try {
                n = Zstd.decompress(data, out);
            } catch (VortexException e) {
                throw new VortexException(what + ": " + e.getMessage());
            }
            if (n != length) {
                throw new VortexException(what + ": ZSTD content is " + n + " bytes, " + length + " declared");
            }
        }
        return out;
    }
}
