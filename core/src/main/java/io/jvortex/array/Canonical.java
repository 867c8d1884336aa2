package io.jvortex.array;

import io.jvortex.dtype.DType;

/**
 * A decoded array in one of the canonical (uncompressed) physical forms. Every encoding decodes to
 * one of these; column views and the JSONL writer read them. Closed set: handle it with an
 * exhaustive {@code switch}.
 *
 * <p>Buffers are {@link java.lang.foreign.MemorySegment}s: zero-copy slices of the mapped file where
 * the encoding allows, otherwise memory of the decoding arena. Values at null positions are
 * unspecified.
 */
public sealed interface Canonical
        permits NullArray, BoolArray, PrimitiveArray, DecimalArray, VarBinArray, VarBinViewArray, StructArray,
        ListArray, ListViewArray, FixedSizeListArray, MapArray, VariantArray, UnionArray,
        ExtensionArray, OpaqueArray {

    /** @return the logical type */
    DType dtype();

    /** @return the number of rows */
    int length();

    /** @return which rows are valid */
    Validity validity();

    /**
     * @param start first row, {@code 0 <= start <= length()}
     * @param length number of rows, {@code start + length <= length()}
     * @return a zero-copy view of rows {@code [start, start + length)}
     */
    Canonical slice(int start, int length);

    /**
     * @param rowIndex a row
     * @return whether it is valid (non-null)
     */
    default boolean isValid(int rowIndex) {
        return validity().isValid(rowIndex);
    }

    /**
     * Checks slice bounds.
     *
     * @param arrayLength the array length
     * @param start first row
     * @param length rows
     */
    static void checkSlice(int arrayLength, int start, int length) {
        if (start < 0 || length < 0 || start > arrayLength - length) {
            throw new IndexOutOfBoundsException("slice [" + start + ", " + ((long) start + length)
                    + ") of an array of " + arrayLength + " rows");
        }
    }
}
