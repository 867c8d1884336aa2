package io.jvortex.api;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;

/**
 * Integers of any width read as {@code long}: signed types are sign-extended, u8/u16/u32 are
 * zero-extended, and u64 is returned as its raw 64 bits (use {@link #getUnsigned(int)} or
 * {@link Long#toUnsignedString(long)} for its value). Values at null rows are unspecified.
 *
 * <p>Obtained from {@link Column#asLongs()}; also covers the integer storage of date, time and
 * timestamp columns (their raw ticks).
 */
public final class LongColumn extends ColumnView {
    /** Rows per block of the bulk folds. */
    private static final int BLOCK = 1024;

    private final PType ptype;
    private final MemorySegment values;

    LongColumn(Chunk owner, String name, Canonical array, PrimitiveArray storage) {
        super(owner, name, array);
        this.ptype = storage.ptype();
        this.values = storage.values();
    }

    /** @return the physical integer type */
    public PType ptype() {
        return ptype;
    }

    /** @return whether the values are unsigned (u8..u64) */
    public boolean isUnsigned() {
        return ptype.isUnsignedInteger();
    }

    /**
     * @param rowIndex a row
     * @return its value widened to {@code long} (u64 as raw bits; unspecified for null rows)
     */
    public long get(int rowIndex) {
        checkRow(rowIndex);
        return getUnchecked(rowIndex);
    }

    /**
     * Reads a value without checks. Precondition: the chunk is open and {@code 0 <= rowIndex < size()}.
     *
     * @param rowIndex a row
     * @return its value widened to {@code long}
     */
    public long getUnchecked(int rowIndex) {
        return switch (ptype) {
            case I8 -> values.get(ValueLayout.JAVA_BYTE, rowIndex);
            case U8 -> Byte.toUnsignedLong(values.get(ValueLayout.JAVA_BYTE, rowIndex));
            case I16 -> values.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * rowIndex);
            case U16 -> Short.toUnsignedLong(values.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * rowIndex));
            case I32 -> values.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * rowIndex);
            case U32 -> Integer.toUnsignedLong(values.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * rowIndex));
            case I64, U64 -> values.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * rowIndex);
            case F16, F32, F64 -> throw new AssertionError("float ptype in a LongColumn");
        };
    }

    /**
     * The exact value of a row of an unsigned column (meant for u64, whose values may exceed
     * {@link Long#MAX_VALUE}).
     *
     * @param rowIndex a row
     * @return its value as a non-negative {@link BigInteger}, or {@code null} for a null row
     * @throws IllegalStateException when the column is signed
     */
    public BigInteger getUnsigned(int rowIndex) {
        checkRow(rowIndex);
        if (!isUnsigned()) {
            throw new IllegalStateException(describe() + " is signed; use get(int)");
        }
        if (!validity.isValid(rowIndex)) {
            return null;
        }
        long bits = getUnchecked(rowIndex);
        return bits >= 0 ? BigInteger.valueOf(bits)
                : BigInteger.valueOf(bits >>> 1).shiftLeft(1).or(BigInteger.valueOf(bits & 1));
    }

    /**
     * Copies all rows into {@code dst[0, size())}; see {@link #copyTo(long[], int, int, int)}.
     *
     * @param dst destination, at least {@link #size()} long
     */
    public void copyTo(long[] dst) {
        copyTo(dst, 0, 0, size);
    }

    /**
     * Copies rows {@code [startRow, startRow + rowCount)} into
     * {@code dst[dstOffset, dstOffset + rowCount)}, widened as by {@link #get(int)}; null rows get
     * unspecified values (check {@link #isNull(int)}).
     *
     * @param dst destination
     * @param dstOffset first destination index
     * @param startRow first row
     * @param rowCount rows to copy
     */
    public void copyTo(long[] dst, int dstOffset, int startRow, int rowCount) {
        checkRange(startRow, rowCount);
        java.util.Objects.checkFromIndexSize(dstOffset, rowCount, dst.length);
        copyUnchecked(startRow, rowCount, dst, dstOffset);
    }

    /** @return a copy of all values (see {@link #copyTo}) */
    public long[] toArray() {
        long[] out = new long[size];
        copyTo(out);
        return out;
    }

    /**
     * Sums the non-null values with wrapping two's-complement arithmetic (u64 values add as their raw
     * bits, so an unsigned sum below 2^64 reads back with {@link Long#toUnsignedString(long)}).
     *
     * @return the sum, 0 when every row is null
     */
    public long sum() {
        ensureOpen();
        if (validity instanceof Validity.AllInvalid) {
            return 0;
        }
        long[] block = new long[Math.min(BLOCK, Math.max(size, 1))];
        long sum = 0;
        for (int start = 0; start < size; start += BLOCK) {
            int n = Math.min(BLOCK, size - start);
            copyUnchecked(start, n, block, 0);
            sum += switch (validity) {
                case Validity.AllValid v -> sumAll(block, n);
                case Validity.AllInvalid v -> 0;
                case Validity.Bitmap b -> sumValid(block, n, b.bits(), b.bitOffset() + start);
            };
        }
        return sum;
    }

    private static long sumAll(long[] block, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += block[i];
        }
        return s;
    }

    private static long sumValid(long[] block, int n, MemorySegment bits, long bitOffset) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            long bit = bitOffset + i;
            // branch-free: multiply by the validity bit
            long valid = (bits.get(ValueLayout.JAVA_BYTE, bit >>> 3) >>> (bit & 7)) & 1;
            s += block[i] * valid;
        }
        return s;
    }

    /** One dispatch on the width, then a tight loop. */
    private void copyUnchecked(int start, int length, long[] dst, int dstOffset) {
        switch (ptype) {
            case I64, U64 -> MemorySegment.copy(values, ValueLayout.JAVA_LONG_UNALIGNED, 8L * start, dst, dstOffset,
                    length);
            case I32 -> {
                for (int i = 0; i < length; i++) {
                    dst[dstOffset + i] = values.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * (start + i));
                }
            }
            case U32 -> {
                for (int i = 0; i < length; i++) {
                    dst[dstOffset + i] = Integer.toUnsignedLong(values.get(ValueLayout.JAVA_INT_UNALIGNED,
                            4L * (start + i)));
                }
            }
            case I16 -> {
                for (int i = 0; i < length; i++) {
                    dst[dstOffset + i] = values.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * (start + i));
                }
            }
            case U16 -> {
                for (int i = 0; i < length; i++) {
                    dst[dstOffset + i] = Short.toUnsignedLong(values.get(ValueLayout.JAVA_SHORT_UNALIGNED,
                            2L * (start + i)));
                }
            }
            case I8 -> {
                for (int i = 0; i < length; i++) {
                    dst[dstOffset + i] = values.get(ValueLayout.JAVA_BYTE, (long) start + i);
                }
            }
            case U8 -> {
                for (int i = 0; i < length; i++) {
                    dst[dstOffset + i] = Byte.toUnsignedLong(values.get(ValueLayout.JAVA_BYTE, (long) start + i));
                }
            }
            case F16, F32, F64 -> throw new AssertionError("float ptype in a LongColumn");
        }
    }
}
