package io.jvortex.array;

import io.jvortex.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Strings or byte strings as {@code length + 1} offsets into one byte buffer: row {@code i} is
 * {@code bytes[offsets[i], offsets[i+1])}. Offsets need not start at 0.
 *
 * @param dtype {@link DType.Utf8} or {@link DType.Binary}
 * @param offsets {@code length + 1} non-negative, non-decreasing integers of any integer ptype
 * @param bytes the data
 * @param length rows
 * @param validity which rows are valid
 */
public record VarBinArray(DType dtype, PrimitiveArray offsets, MemorySegment bytes, int length, Validity validity)
        implements Canonical {

    /** Checks the offsets count. */
    public VarBinArray {
        if (offsets.length() != length + 1) {
            throw new IllegalArgumentException(offsets.length() + " offsets for " + length + " rows");
        }
    }

    /**
     * @param i a row
     * @return the byte offset where row {@code i} starts
     */
    public long offset(int i) {
        return offsets.getLong(i);
    }

    /**
     * @param i a row
     * @return a zero-copy view of its bytes
     */
    public MemorySegment valueSegment(int i) {
        long start = offsets.getLong(i);
        return bytes.asSlice(start, offsets.getLong(i + 1) - start);
    }

    /**
     * @param i a row
     * @return a copy of its bytes
     */
    public byte[] value(int i) {
        return valueSegment(i).toArray(ValueLayout.JAVA_BYTE);
    }

    @Override
    public VarBinArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        return new VarBinArray(dtype, offsets.slice(start, len + 1), bytes, len, validity.slice(start, len));
    }
}
