package io.jvortex.array;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Bulk operations on LSB-first bitmaps (bool values and validity) at arbitrary bit offsets.
 *
 * <p>Callers pass ranges that lie inside the segments; these methods do not re-check them (the
 * segments' own bounds checks still apply, so a wrong range fails with an
 * {@link IndexOutOfBoundsException}, never silently).
 */
public final class BitBuffers {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private BitBuffers() {
    }

    /**
     * Bytes needed for a bitmap.
     *
     * @param bits a number of bits
     * @return the bytes needed to hold them
     */
    public static long bytesFor(long bits) {
        return (bits + 7) >>> 3;
    }

    /**
     * Allocates a zeroed bitmap.
     *
     * @param bits number of bits
     * @param alloc where to allocate
     * @return a zeroed segment of {@link #bytesFor(long)} bytes
     */
    public static MemorySegment allocate(long bits, Allocator alloc) {
        return alloc.allocate(bytesFor(bits));
    }

    /**
     * Copies {@code count} bits, overwriting the destination bits.
     *
     * @param src source bitmap
     * @param srcBit first source bit
     * @param dst destination bitmap
     * @param dstBit first destination bit
     * @param count number of bits
     */
    public static void copy(MemorySegment src, long srcBit, MemorySegment dst, long dstBit, long count) {
        // Single bits until the destination is byte-aligned, then whole bytes/words, then single bits.
        while (count > 0 && (dstBit & 7) != 0) {
            Validity.Bits.set(dst, dstBit++, Validity.Bits.get(src, srcBit++));
            count--;
        }
        if (count >= 8) {
            long dstByte = dstBit >>> 3;
            long srcByte = srcBit >>> 3;
            int shift = (int) (srcBit & 7);
            long wholeBytes = count >>> 3;
            if (shift == 0) {
                MemorySegment.copy(src, srcByte, dst, dstByte, wholeBytes);
            } else {
                copyShifted(src, srcByte, shift, dst, dstByte, wholeBytes);
            }
            long done = wholeBytes << 3;
            srcBit += done;
            dstBit += done;
            count -= done;
        }
        while (count > 0) {
            Validity.Bits.set(dst, dstBit++, Validity.Bits.get(src, srcBit++));
            count--;
        }
    }

    /**
     * Writes {@code byteCount} bytes whose bits start {@code shift} (1..7) bits into
     * {@code src[srcByte]}. Every source byte read lies inside the copied bit range, so byte
     * {@code srcByte + byteCount} is read only when the range reaches into it.
     */
    private static void copyShifted(MemorySegment src, long srcByte, int shift, MemorySegment dst, long dstByte,
                                    long byteCount) {
        long i = 0;
        // Word loop: reads 9 source bytes per 8 written; stays inside the range while 9 bytes remain.
        long srcSize = src.byteSize();
        while (i + 8 <= byteCount && srcByte + i + 9 <= srcSize) {
            long lo = src.get(LONG, srcByte + i) >>> shift;
            long hi = (long) (src.get(ValueLayout.JAVA_BYTE, srcByte + i + 8) & 0xFF) << (64 - shift);
            dst.set(LONG, dstByte + i, lo | hi);
            i += 8;
        }
        for (; i < byteCount; i++) {
            int lo = (src.get(ValueLayout.JAVA_BYTE, srcByte + i) & 0xFF) >>> shift;
            // The high part of this output byte lies in the next source byte, which holds bits of the
            // range (the output byte's last bit is at srcBit + 8i + 7 >= srcByte + i + 1 bytes).
            int hi = (src.get(ValueLayout.JAVA_BYTE, srcByte + i + 1) & 0xFF) << (8 - shift);
            dst.set(ValueLayout.JAVA_BYTE, dstByte + i, (byte) (lo | hi));
        }
    }

    /**
     * Sets {@code count} bits to one value.
     *
     * @param dst the bitmap
     * @param dstBit first bit
     * @param count number of bits
     * @param value the value
     */
    public static void fill(MemorySegment dst, long dstBit, long count, boolean value) {
        while (count > 0 && (dstBit & 7) != 0) {
            Validity.Bits.set(dst, dstBit++, value);
            count--;
        }
        long wholeBytes = count >>> 3;
        if (wholeBytes > 0) {
            dst.asSlice(dstBit >>> 3, wholeBytes).fill(value ? (byte) -1 : 0);
            dstBit += wholeBytes << 3;
            count -= wholeBytes << 3;
        }
        while (count > 0) {
            Validity.Bits.set(dst, dstBit++, value);
            count--;
        }
    }

    /**
     * Bitwise AND of two bitmaps into a new one.
     *
     * @param a first bitmap
     * @param aBit its first bit
     * @param b second bitmap
     * @param bBit its first bit
     * @param count bits
     * @param alloc where to allocate
     * @return a new bitmap starting at bit 0
     */
    public static MemorySegment and(MemorySegment a, long aBit, MemorySegment b, long bBit, long count,
                                    Allocator alloc) {
        MemorySegment out = allocate(count, alloc);
        copy(a, aBit, out, 0, count);
        MemorySegment bb = b;
        if ((bBit & 7) != 0) {
            bb = allocate(count, alloc);
            copy(b, bBit, bb, 0, count);
        } else {
            bb = b.asSlice(bBit >>> 3);
        }
        long bytes = bytesFor(count);
        long i = 0;
        for (; i + 8 <= bytes; i += 8) {
            out.set(LONG, i, out.get(LONG, i) & bb.get(LONG, i));
        }
        for (; i < bytes; i++) {
            out.set(ValueLayout.JAVA_BYTE, i,
                    (byte) (out.get(ValueLayout.JAVA_BYTE, i) & bb.get(ValueLayout.JAVA_BYTE, i)));
        }
        return out;
    }
}
