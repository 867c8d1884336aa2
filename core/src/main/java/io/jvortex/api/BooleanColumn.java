package io.jvortex.api;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Validity;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/** Booleans, read from the chunk's bitmap. Values at null rows are unspecified. Obtained from {@link Column#asBooleans()}. */
public final class BooleanColumn extends ColumnView {
    private final MemorySegment bits;
    private final long bitOffset;

    BooleanColumn(Chunk owner, String name, BoolArray array) {
        super(owner, name, array);
        this.bits = array.bits();
        this.bitOffset = array.bitOffset();
    }

    /**
     * @param rowIndex a row
     * @return its value (unspecified for null rows)
     */
    public boolean get(int rowIndex) {
        checkRow(rowIndex);
        return Validity.Bits.get(bits, bitOffset + rowIndex);
    }

    /**
     * Copies all rows into {@code dst[0, size())}; see {@link #copyTo(boolean[], int, int, int)}.
     *
     * @param dst destination, at least {@link #size()} long
     */
    public void copyTo(boolean[] dst) {
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
    public void copyTo(boolean[] dst, int dstOffset, int startRow, int rowCount) {
        checkRange(startRow, rowCount);
        Objects.checkFromIndexSize(dstOffset, rowCount, dst.length);
        for (int i = 0; i < rowCount; i++) {
            dst[dstOffset + i] = Validity.Bits.get(bits, bitOffset + startRow + i);
        }
    }

    /** @return the number of non-null rows that are {@code true} */
    public int countTrue() {
        ensureOpen();
        return switch (validity) {
            case Validity.AllValid v -> (int) Validity.Bits.countOnes(bits, bitOffset, size);
            case Validity.AllInvalid v -> 0;
            case Validity.Bitmap b -> {
                int count = 0;
                for (int i = 0; i < size; i++) {
                    if (Validity.Bits.get(bits, bitOffset + i) && b.isValid(i)) {
                        count++;
                    }
                }
                yield count;
            }
        };
    }
}
