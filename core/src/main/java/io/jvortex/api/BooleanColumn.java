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
     * Copies rows {@code [start, start + length)} into {@code dst[dstOffset…]}; null rows get
     * unspecified values.
     *
     * @param start first row
     * @param length rows to copy
     * @param dst destination
     * @param dstOffset first destination index
     */
    public void copyTo(int start, int length, boolean[] dst, int dstOffset) {
        checkRange(start, length);
        Objects.checkFromIndexSize(dstOffset, length, dst.length);
        for (int i = 0; i < length; i++) {
            dst[dstOffset + i] = Validity.Bits.get(bits, bitOffset + start + i);
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
