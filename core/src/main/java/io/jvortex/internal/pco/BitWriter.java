package io.jvortex.internal.pco;

import java.util.Arrays;

/**
 * A little-endian bit writer into a growing byte array: the inverse of {@link BitReader}. Fields
 * are appended low bit first; {@link #alignToByte} pads with zero bits, as pco's format requires.
 */
final class BitWriter {
    private byte[] buf;
    private int size;
    /** Pending bits not yet written to {@link #buf}; fewer than 8 between calls. */
    private long acc;
    private int accBits;

    BitWriter(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    /**
     * Appends the low {@code n} bits of {@code value}.
     *
     * @param value the bits (higher bits are ignored)
     * @param n the bit count, 0..64
     */
    void write(long value, int n) {
        if (n == 0) {
            return;
        }
        long v = value & BitReader.MASKS[n];
        acc |= v << accBits;
        int total = accBits + n;
        if (total >= 64) {
            ensure(8);
            BitReader.LONG.set(buf, size, acc);
            size += 8;
            // The bits of v that did not fit the accumulator (none when it was empty).
            acc = accBits == 0 ? 0 : v >>> (64 - accBits);
            total -= 64;
        }
        if (total >= 8) {
            ensure(8);
            // Write all whole bytes at once; later writes overwrite the bytes past them.
            BitReader.LONG.set(buf, size, acc);
            int bytes = total >>> 3;
            size += bytes;
            acc = bytes == 8 ? 0 : acc >>> (bytes * 8);
            total -= bytes * 8;
        }
        accBits = total;
    }

    /** Pads with zero bits to the next byte boundary. */
    void alignToByte() {
        if (accBits > 0) {
            ensure(1);
            buf[size++] = (byte) acc;
            acc = 0;
            accBits = 0;
        }
    }

    /** @return the number of bits written so far */
    long bitSize() {
        return (long) size * 8 + accBits;
    }

    /** @return the bytes written (the writer must be byte-aligned) */
    byte[] toByteArray() {
        if (accBits != 0) {
            throw new IllegalStateException("bit writer is not byte-aligned");
        }
        return Arrays.copyOf(buf, size);
    }

    private void ensure(int more) {
        if (size + more + 8 > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more + 16));
        }
    }
}
