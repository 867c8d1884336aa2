package io.jvortex.internal.pco;

import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A little-endian bit reader over a zero-padded copy of a pco component. Reads are whole
 * unaligned {@code long} loads; the padding lets a batch read run without per-value bounds checks,
 * and callers check {@link #bitPos} against {@link #bitLimit} once per batch.
 */
final class BitReader {
    static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** {@code MASKS[n]} keeps the low {@code n} bits, {@code n} in 0..64. */
    static final long[] MASKS = new long[65];

    static {
        for (int n = 1; n <= 64; n++) {
            MASKS[n] = -1L >>> (64 - n);
        }
    }

    final byte[] buf;
    final long bitLimit;
    final String what;
    long bitPos;

    private BitReader(byte[] buf, long byteLength, String what) {
        this.buf = buf;
        this.bitLimit = byteLength * 8;
        this.what = what;
    }

    /**
     * Copies a component into a zero-padded array.
     *
     * @param src the component bytes
     * @param padBytes zero bytes after the data (at least 16)
     * @param reuse an array to reuse when large enough, or {@code null}
     * @param what the component name, for errors
     */
    static BitReader copyOf(MemorySegment src, int padBytes, byte[] reuse, String what) {
        long len = src.byteSize();
        if (len > Integer.MAX_VALUE - padBytes - 8) {
            throw new VortexException("pco " + what + " of " + len + " bytes is too large");
        }
        int need = (int) len + padBytes;
        byte[] buf = reuse != null && reuse.length >= need ? reuse : new byte[need];
        MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 0, buf, 0, (int) len);
        if (buf == reuse) {
            java.util.Arrays.fill(buf, (int) len, need, (byte) 0);
        }
        return new BitReader(buf, len, what);
    }

    /** @return the unaligned little-endian long starting at {@code byteIndex} */
    long longAt(int byteIndex) {
        return (long) LONG.get(buf, byteIndex);
    }

    /**
     * Reads {@code n} bits (0..64) and fails when that runs past the end of the data.
     *
     * @param n the bit count
     * @param field what is read, for errors
     * @return the bits, zero-extended
     */
    long read(int n, String field) {
        if (bitPos + n > bitLimit) {
            throw error("truncated: " + field + " needs " + n + " bits at bit " + bitPos + " but only "
                    + (bitLimit - bitPos) + " remain");
        }
        return readUnchecked(n);
    }

    /** Reads {@code n} bits (0..64); the caller guarantees the padding covers the read. */
    long readUnchecked(int n) {
        int byteIndex = (int) (bitPos >>> 3);
        int shift = (int) (bitPos & 7);
        long v = longAt(byteIndex) >>> shift;
        if (n + shift > 64) {
            v |= longAt(byteIndex + 8) << (64 - shift);
        }
        bitPos += n;
        return v & MASKS[n];
    }

    /** Skips to the next byte boundary, requiring the skipped bits to be zero. */
    void alignZero(String where) {
        checkInBounds(where);
        int rem = (int) (bitPos & 7);
        if (rem != 0) {
            int bits = (buf[(int) (bitPos >>> 3)] & 0xFF) >>> rem;
            if (bits != 0) {
                throw error("non-zero padding bits at the end of " + where);
            }
            bitPos += 8 - rem;
        }
    }

    /** Fails when the reader has run past the end of the data. */
    void checkInBounds(String where) {
        if (bitPos > bitLimit) {
            throw error("truncated: " + where + " ends at bit " + bitPos + " but the " + what + " has only "
                    + bitLimit + " bits");
        }
    }

    VortexException error(String problem) {
        return new VortexException("pco " + what + ": " + problem + " (byte " + (bitPos >>> 3) + ")");
    }
}
