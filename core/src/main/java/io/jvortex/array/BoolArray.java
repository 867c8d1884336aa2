package io.jvortex.array;

import io.jvortex.dtype.DType;
import java.lang.foreign.MemorySegment;

/**
 * Booleans as an LSB-first bitmap.
 *
 * @param dtype a {@link DType.Bool}
 * @param bits the value bits; row {@code i} is bit {@code bitOffset + i}
 * @param bitOffset the bit of row 0
 * @param length rows
 * @param validity which rows are valid
 */
public record BoolArray(DType.Bool dtype, MemorySegment bits, long bitOffset, int length, Validity validity)
        implements Canonical {

    /**
     * @param rowIndex a row
     * @return its value (unspecified for null rows)
     */
    public boolean value(int rowIndex) {
        return Validity.Bits.get(bits, bitOffset + rowIndex);
    }

    /** @return this array's values as a validity bitmap (true = valid) */
    public Validity asValidity() {
        return new Validity.Bitmap(bits, bitOffset);
    }

    @Override
    public BoolArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        return new BoolArray(dtype, bits, bitOffset + start, len, validity.slice(start, len));
    }
}
