package io.jvortex.api;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * f16, f32 or f64 values widened to {@code double} (exactly: every f16 and f32 is a double). Values
 * at null rows are unspecified. Obtained from {@link Column#asDoubles()}.
 */
public final class DoubleColumn extends ColumnView {
    private static final int BLOCK = 1024;

    private final PType ptype;
    private final MemorySegment values;

    DoubleColumn(Chunk owner, String name, PrimitiveArray array) {
        super(owner, name, array);
        this.ptype = array.ptype();
        this.values = array.values();
    }

    /** @return the physical float type */
    public PType ptype() {
        return ptype;
    }

    /**
     * @param rowIndex a row
     * @return its value (unspecified for null rows)
     */
    public double get(int rowIndex) {
        checkRow(rowIndex);
        return getUnchecked(rowIndex);
    }

    /**
     * Reads a value without checks. Precondition: the chunk is open and {@code 0 <= rowIndex < size()}.
     *
     * @param rowIndex a row
     * @return its value
     */
    public double getUnchecked(int rowIndex) {
        return switch (ptype) {
            case F64 -> values.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, 8L * rowIndex);
            case F32 -> values.get(ValueLayout.JAVA_FLOAT_UNALIGNED, 4L * rowIndex);
            case F16 -> Float.float16ToFloat(values.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * rowIndex));
            default -> throw new AssertionError("integer ptype in a DoubleColumn");
        };
    }

    /**
     * Copies all rows into {@code dst[0, size())}; see {@link #copyTo(double[], int, int, int)}.
     *
     * @param dst destination, at least {@link #size()} long
     */
    public void copyTo(double[] dst) {
        copyTo(dst, 0, 0, size);
    }

    /**
     * Copies rows {@code [startRow, startRow + rowCount)} into
     * {@code dst[dstOffset, dstOffset + rowCount)}; null rows get unspecified values.
     *
     * @param dst destination
     * @param dstOffset first destination index
     * @param startRow first row
     * @param rowCount rows to copy
     */
    public void copyTo(double[] dst, int dstOffset, int startRow, int rowCount) {
        checkRange(startRow, rowCount);
        Objects.checkFromIndexSize(dstOffset, rowCount, dst.length);
        copyUnchecked(startRow, rowCount, dst, dstOffset);
    }

    /** @return a copy of all values (see {@link #copyTo}) */
    public double[] toArray() {
        double[] out = new double[size];
        copyTo(out);
        return out;
    }

    /**
     * Sums the non-null values in row order (NaN and infinities propagate as in Java arithmetic).
     *
     * @return the sum, 0.0 when every row is null
     */
    public double sum() {
        ensureOpen();
        if (validity instanceof Validity.AllInvalid) {
            return 0.0;
        }
        double[] block = new double[Math.min(BLOCK, Math.max(size, 1))];
        double sum = 0.0;
        for (int start = 0; start < size; start += BLOCK) {
            int n = Math.min(BLOCK, size - start);
            copyUnchecked(start, n, block, 0);
            switch (validity) {
                case Validity.AllValid v -> {
                    for (int i = 0; i < n; i++) {
                        sum += block[i];
                    }
                }
                case Validity.AllInvalid v -> {
                }
                case Validity.Bitmap b -> {
                    MemorySegment bits = b.bits();
                    long bitOffset = b.bitOffset() + start;
                    for (int i = 0; i < n; i++) {
                        long bit = bitOffset + i;
                        // skipping (not multiplying by zero) so that a NaN in a null slot cannot leak in
                        if (((bits.get(ValueLayout.JAVA_BYTE, bit >>> 3) >>> (bit & 7)) & 1) != 0) {
                            sum += block[i];
                        }
                    }
                }
            }
        }
        return sum;
    }

    /** One dispatch on the width, then a tight loop. */
    private void copyUnchecked(int start, int length, double[] dst, int dstOffset) {
        switch (ptype) {
            case F64 -> MemorySegment.copy(values, ValueLayout.JAVA_DOUBLE_UNALIGNED, 8L * start, dst, dstOffset,
                    length);
            case F32 -> {
                for (int i = 0; i < length; i++) {
                    dst[dstOffset + i] = values.get(ValueLayout.JAVA_FLOAT_UNALIGNED, 4L * (start + i));
                }
            }
            case F16 -> {
                for (int i = 0; i < length; i++) {
                    dst[dstOffset + i] = Float.float16ToFloat(values.get(ValueLayout.JAVA_SHORT_UNALIGNED,
                            2L * (start + i)));
                }
            }
            default -> throw new AssertionError("integer ptype in a DoubleColumn");
        }
    }
}
