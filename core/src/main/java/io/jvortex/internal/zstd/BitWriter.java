package io.jvortex.internal.zstd;

/**
 * Writes a zstd "backward" bitstream: values are appended least-significant bit first into a
 * little-endian byte sequence, and {@link #close} adds the terminating 1 bit that tells the decoder
 * (which reads from the last byte towards the first) where the stream begins.
 */
final class BitWriter {
    private byte[] buf;
    private int pos;
    private long container;
    private int count;

    /**
     * Starts a stream at {@code pos} of {@code buf}; the caller guarantees room (the encoder sizes its
     * scratch from worst-case bounds and checks {@link #position()} against them).
     */
    void start(byte[] buf, int pos) {
        this.buf = buf;
        this.pos = pos;
        this.container = 0;
        this.count = 0;
    }

    /** Appends the low {@code n} bits (0..32) of {@code value}. */
    void add(long value, int n) {
        container |= (value & ((1L << n) - 1)) << count;
        count += n;
        if (count >= 32) {
            byte[] b = buf;
            int p = pos;
            long c = container;
            b[p] = (byte) c;
            b[p + 1] = (byte) (c >>> 8);
            b[p + 2] = (byte) (c >>> 16);
            b[p + 3] = (byte) (c >>> 24);
            pos = p + 4;
            container = c >>> 32;
            count -= 32;
        }
    }

    /**
     * Appends the closing 1 bit, flushes the last partial byte and returns the position after the stream.
     */
    int close() {
        add(1, 1);
        while (count > 0) {
            buf[pos++] = (byte) container;
            container >>>= 8;
            count -= 8;
        }
        count = 0;
        return pos;
    }

    /** @return bytes written so far (whole bytes only) */
    int position() {
        return pos;
    }
}
