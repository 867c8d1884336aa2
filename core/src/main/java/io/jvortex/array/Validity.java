package io.jvortex.array;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Which rows of an array are valid (non-null). Closed set: all valid (also used for non-nullable
 * arrays), all invalid, or an LSB-first bitmap where a set bit means valid.
 */
public sealed interface Validity {
    /** Shared instance: every row is valid. */
    Validity ALL_VALID = new AllValid();
    /** Shared instance: every row is null. */
    Validity ALL_INVALID = new AllInvalid();

    /**
     * @param rowIndex a row index
     * @return whether that row is valid
     */
    boolean isValid(int rowIndex);

    /**
     * @param start first row
     * @param length rows
     * @return the validity of rows {@code [start, start + length)}
     */
    Validity slice(int start, int length);

    /**
     * @param length the array length
     * @return how many of the first {@code length} rows are null
     */
    int nullCount(int length);

    /** Every row valid. */
    record AllValid() implements Validity {
        @Override
        public boolean isValid(int rowIndex) {
            return true;
        }

        @Override
        public Validity slice(int start, int length) {
            return this;
        }

        @Override
        public int nullCount(int length) {
            return 0;
        }
    }

    /** Every row null. */
    record AllInvalid() implements Validity {
        @Override
        public boolean isValid(int rowIndex) {
            return false;
        }

        @Override
        public Validity slice(int start, int length) {
            return this;
        }

        @Override
        public int nullCount(int length) {
            return length;
        }
    }

    /**
     * A validity bitmap.
     *
     * @param bits LSB-first bits, 1 = valid
     * @param bitOffset the bit of row 0
     */
    record Bitmap(MemorySegment bits, long bitOffset) implements Validity {
        @Override
        public boolean isValid(int rowIndex) {
            return Bits.get(bits, bitOffset + rowIndex);
        }

        @Override
        public Validity slice(int start, int length) {
            return new Bitmap(bits, bitOffset + start);
        }

        @Override
        public int nullCount(int length) {
            return length - (int) Bits.countOnes(bits, bitOffset, length);
        }
    }

    /**
     * Bit helpers over LSB-first bitmaps.
     */
    final class Bits {
        private Bits() {
        }

        /**
         * @param bits the bitmap
         * @param bitIndex absolute bit index
         * @return the bit
         */
        public static boolean get(MemorySegment bits, long bitIndex) {
            return (bits.get(ValueLayout.JAVA_BYTE, bitIndex >>> 3) & (1 << (bitIndex & 7))) != 0;
        }

        /**
         * @param bits the bitmap
         * @param bitIndex absolute bit index
         * @param value the bit value
         */
        public static void set(MemorySegment bits, long bitIndex, boolean value) {
            long byteIndex = bitIndex >>> 3;
            byte b = bits.get(ValueLayout.JAVA_BYTE, byteIndex);
            int mask = 1 << (bitIndex & 7);
            bits.set(ValueLayout.JAVA_BYTE, byteIndex, (byte) (value ? (b | mask) : (b & ~mask)));
        }

        /**
         * @param bits the bitmap
         * @param bitOffset first bit
         * @param length number of bits
         * @return the number of set bits in {@code [bitOffset, bitOffset + length)}
         */
        public static long countOnes(MemorySegment bits, long bitOffset, long length) {
            long count = 0;
            long i = 0;
            while (i < length && ((bitOffset + i) & 63) != 0) {
                count += get(bits, bitOffset + i) ? 1 : 0;
                i++;
            }
            while (i + 64 <= length) {
                long byteIndex = (bitOffset + i) >>> 3;
                count += Long.bitCount(bits.get(ValueLayout.JAVA_LONG_UNALIGNED, byteIndex));
                i += 64;
            }
            while (i < length) {
                count += get(bits, bitOffset + i) ? 1 : 0;
                i++;
            }
            return count;
        }
    }
}
