package io.jvortex.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The summing loops every reader's fold runs over its decoded fixed-width values, shared so that all
 * readers pay the same for consuming a value. Each loop keeps four independent sums and a long index:
 * a single running sum is bound by the latency of one add per value (four cycles for doubles), which
 * made the consumer, not the reader, most of a single-column scan. Values under a null are skipped
 * 64 at a time by the validity word: a word with every bit set takes the unmasked loop.
 *
 * <p>Values are read in native order (little-endian here), as jvortex, Arrow and Hardwood hold them;
 * validity bits are LSB-first, bit set = valid, as all three store them.
 */
final class Sums {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED;

    private Sums() {
    }

    /** The value types the loops read. */
    enum Kind {
        /** 8-byte integers. */
        LONG,
        /** The low 8 bytes of 16-byte integers (Arrow's decimals, when the values fit). */
        LONG_OF_16,
        /** 4-byte integers. */
        INT,
        /** 8-byte floats. */
        DOUBLE,
        /** 4-byte floats. */
        FLOAT
    }

    /**
     * Adds {@code n} values to the fold: integers to {@link Fold#longs}, floats to {@link Fold#doubles},
     * and the nulls among them to {@link Fold#nulls} ({@link Fold#values} is the caller's).
     *
     * @param kind what the values are, and so how far apart
     * @param values the values, from byte 0
     * @param n values
     * @param bits validity bits, or null when all values are valid
     * @param bitOffset the first value's bit in {@code bits}
     * @param fold where the sums go
     */
    static void fold(Kind kind, MemorySegment values, long n, MemorySegment bits, long bitOffset, Fold fold) {
        if (bits == null) {
            switch (kind) {
                case LONG -> fold.longs += longs(values, 0, n);
                case LONG_OF_16 -> fold.longs += longsOf16(values, 0, n);
                case INT -> fold.longs += ints(values, 0, n);
                case DOUBLE -> fold.doubles += doubles(values, 0, n);
                case FLOAT -> fold.doubles += floats(values, 0, n);
            }
            return;
        }
        long longSum = 0;
        double doubleSum = 0;
        long nulls = 0;
        for (long from = 0; from < n; from += 64) {
            int count = (int) Math.min(64, n - from);
            long word = word(bits, bitOffset + from, count);
            nulls += count - Long.bitCount(word);
            if (word == 0) {
                continue;
            }
            boolean full = word == -1L;
            switch (kind) {
                case LONG -> longSum += full ? longs(values, from, 64) : longsWhere(values, from, word);
                case LONG_OF_16 -> longSum += full ? longsOf16(values, from, 64) : longsOf16Where(values, from, word);
                case INT -> longSum += full ? ints(values, from, 64) : intsWhere(values, from, word);
                case DOUBLE -> doubleSum += full ? doubles(values, from, 64) : doublesWhere(values, from, word);
                case FLOAT -> doubleSum += full ? floats(values, from, 64) : floatsWhere(values, from, word);
            }
        }
        fold.longs += longSum;
        fold.doubles += doubleSum;
        fold.nulls += nulls;
    }

    /**
     * @param bits validity bits
     * @param bit the first bit
     * @param count bits wanted, 1..64
     * @return bits {@code [bit, bit + count)} as the low bits of a word, the rest zero
     */
    static long word(MemorySegment bits, long bit, int count) {
        long at = bit >>> 3;
        int shift = (int) (bit & 7);
        long word;
        if (at + 9 <= bits.byteSize()) {
            word = bits.get(LONG, at) >>> shift;
            if (shift != 0) {
                word |= (long) (bits.get(ValueLayout.JAVA_BYTE, at + 8) & 0xff) << (64 - shift);
            }
        } else {
            // the bitmap's last bytes: no whole word to read past the value
            int bytes = (shift + count + 7) >>> 3;
            word = 0;
            for (int b = 0; b < Math.min(bytes, 8); b++) {
                word |= (bits.get(ValueLayout.JAVA_BYTE, at + b) & 0xffL) << (8 * b);
            }
            word >>>= shift;
            if (bytes == 9) {
                word |= (bits.get(ValueLayout.JAVA_BYTE, at + 8) & 0xffL) << (64 - shift);
            }
        }
        return count == 64 ? word : word & ((1L << count) - 1);
    }

    static long longs(MemorySegment s, long from, long n) {
        long s0 = 0;
        long s1 = 0;
        long s2 = 0;
        long s3 = 0;
        long i = from;
        long end = from + n;
        for (long quads = from + (n & ~3L); i < quads; i += 4) {
            s0 += s.getAtIndex(LONG, i);
            s1 += s.getAtIndex(LONG, i + 1);
            s2 += s.getAtIndex(LONG, i + 2);
            s3 += s.getAtIndex(LONG, i + 3);
        }
        for (; i < end; i++) {
            s0 += s.getAtIndex(LONG, i);
        }
        return (s0 + s1) + (s2 + s3);
    }

    static long longsOf16(MemorySegment s, long from, long n) {
        long s0 = 0;
        long s1 = 0;
        long s2 = 0;
        long s3 = 0;
        long i = from;
        long end = from + n;
        for (long quads = from + (n & ~3L); i < quads; i += 4) {
            s0 += s.get(LONG, (i) << 4);
            s1 += s.get(LONG, (i + 1) << 4);
            s2 += s.get(LONG, (i + 2) << 4);
            s3 += s.get(LONG, (i + 3) << 4);
        }
        for (; i < end; i++) {
            s0 += s.get(LONG, (i) << 4);
        }
        return (s0 + s1) + (s2 + s3);
    }

    static long ints(MemorySegment s, long from, long n) {
        long s0 = 0;
        long s1 = 0;
        long s2 = 0;
        long s3 = 0;
        long i = from;
        long end = from + n;
        for (long quads = from + (n & ~3L); i < quads; i += 4) {
            s0 += s.getAtIndex(INT, i);
            s1 += s.getAtIndex(INT, i + 1);
            s2 += s.getAtIndex(INT, i + 2);
            s3 += s.getAtIndex(INT, i + 3);
        }
        for (; i < end; i++) {
            s0 += s.getAtIndex(INT, i);
        }
        return (s0 + s1) + (s2 + s3);
    }

    static double doubles(MemorySegment s, long from, long n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        long i = from;
        long end = from + n;
        for (long quads = from + (n & ~3L); i < quads; i += 4) {
            s0 += s.getAtIndex(DOUBLE, i);
            s1 += s.getAtIndex(DOUBLE, i + 1);
            s2 += s.getAtIndex(DOUBLE, i + 2);
            s3 += s.getAtIndex(DOUBLE, i + 3);
        }
        for (; i < end; i++) {
            s0 += s.getAtIndex(DOUBLE, i);
        }
        return (s0 + s1) + (s2 + s3);
    }

    static double floats(MemorySegment s, long from, long n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        long i = from;
        long end = from + n;
        for (long quads = from + (n & ~3L); i < quads; i += 4) {
            s0 += s.getAtIndex(FLOAT, i);
            s1 += s.getAtIndex(FLOAT, i + 1);
            s2 += s.getAtIndex(FLOAT, i + 2);
            s3 += s.getAtIndex(FLOAT, i + 3);
        }
        for (; i < end; i++) {
            s0 += s.getAtIndex(FLOAT, i);
        }
        return (s0 + s1) + (s2 + s3);
    }

    // The masked loops: the values at the set bits of word, from value `from` on. Most words of a column
    // with nulls hold one or two, so they select rather than branch, with four sums as above.

    private static long longsWhere(MemorySegment s, long from, long word) {
        long s0 = 0;
        long s1 = 0;
        long s2 = 0;
        long s3 = 0;
        int count = 64 - Long.numberOfLeadingZeros(word);
        int j = 0;
        for (; j + 3 < count; j += 4) {
            long i = from + j;
            long v0 = s.getAtIndex(LONG, i);
            long v1 = s.getAtIndex(LONG, i + 1);
            long v2 = s.getAtIndex(LONG, i + 2);
            long v3 = s.getAtIndex(LONG, i + 3);
            s0 += v0 & -((word >>> j) & 1);
            s1 += v1 & -((word >>> (j + 1)) & 1);
            s2 += v2 & -((word >>> (j + 2)) & 1);
            s3 += v3 & -((word >>> (j + 3)) & 1);
        }
        for (; j < count; j++) {
            long v = s.getAtIndex(LONG, from + j);
            s0 += v & -((word >>> j) & 1);
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static long longsOf16Where(MemorySegment s, long from, long word) {
        long s0 = 0;
        long s1 = 0;
        long s2 = 0;
        long s3 = 0;
        int count = 64 - Long.numberOfLeadingZeros(word);
        int j = 0;
        for (; j + 3 < count; j += 4) {
            long i = from + j;
            long v0 = s.get(LONG, (i) << 4);
            long v1 = s.get(LONG, (i + 1) << 4);
            long v2 = s.get(LONG, (i + 2) << 4);
            long v3 = s.get(LONG, (i + 3) << 4);
            s0 += v0 & -((word >>> j) & 1);
            s1 += v1 & -((word >>> (j + 1)) & 1);
            s2 += v2 & -((word >>> (j + 2)) & 1);
            s3 += v3 & -((word >>> (j + 3)) & 1);
        }
        for (; j < count; j++) {
            long v = s.get(LONG, (from + j) << 4);
            s0 += v & -((word >>> j) & 1);
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static long intsWhere(MemorySegment s, long from, long word) {
        long s0 = 0;
        long s1 = 0;
        long s2 = 0;
        long s3 = 0;
        int count = 64 - Long.numberOfLeadingZeros(word);
        int j = 0;
        for (; j + 3 < count; j += 4) {
            long i = from + j;
            int v0 = s.getAtIndex(INT, i);
            int v1 = s.getAtIndex(INT, i + 1);
            int v2 = s.getAtIndex(INT, i + 2);
            int v3 = s.getAtIndex(INT, i + 3);
            s0 += v0 & -((word >>> j) & 1);
            s1 += v1 & -((word >>> (j + 1)) & 1);
            s2 += v2 & -((word >>> (j + 2)) & 1);
            s3 += v3 & -((word >>> (j + 3)) & 1);
        }
        for (; j < count; j++) {
            int v = s.getAtIndex(INT, from + j);
            s0 += v & -((word >>> j) & 1);
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static double doublesWhere(MemorySegment s, long from, long word) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int count = 64 - Long.numberOfLeadingZeros(word);
        int j = 0;
        for (; j + 3 < count; j += 4) {
            long i = from + j;
            double v0 = s.getAtIndex(DOUBLE, i);
            double v1 = s.getAtIndex(DOUBLE, i + 1);
            double v2 = s.getAtIndex(DOUBLE, i + 2);
            double v3 = s.getAtIndex(DOUBLE, i + 3);
            s0 += ((word >>> j) & 1) != 0 ? v0 : 0.0;
            s1 += ((word >>> (j + 1)) & 1) != 0 ? v1 : 0.0;
            s2 += ((word >>> (j + 2)) & 1) != 0 ? v2 : 0.0;
            s3 += ((word >>> (j + 3)) & 1) != 0 ? v3 : 0.0;
        }
        for (; j < count; j++) {
            double v = s.getAtIndex(DOUBLE, from + j);
            s0 += ((word >>> j) & 1) != 0 ? v : 0.0;
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static double floatsWhere(MemorySegment s, long from, long word) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int count = 64 - Long.numberOfLeadingZeros(word);
        int j = 0;
        for (; j + 3 < count; j += 4) {
            long i = from + j;
            float v0 = s.getAtIndex(FLOAT, i);
            float v1 = s.getAtIndex(FLOAT, i + 1);
            float v2 = s.getAtIndex(FLOAT, i + 2);
            float v3 = s.getAtIndex(FLOAT, i + 3);
            s0 += ((word >>> j) & 1) != 0 ? v0 : 0.0;
            s1 += ((word >>> (j + 1)) & 1) != 0 ? v1 : 0.0;
            s2 += ((word >>> (j + 2)) & 1) != 0 ? v2 : 0.0;
            s3 += ((word >>> (j + 3)) & 1) != 0 ? v3 : 0.0;
        }
        for (; j < count; j++) {
            float v = s.getAtIndex(FLOAT, from + j);
            s0 += ((word >>> j) & 1) != 0 ? v : 0.0;
        }
        return (s0 + s1) + (s2 + s3);
    }
}
