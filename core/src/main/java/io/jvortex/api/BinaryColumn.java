package io.jvortex.api;

import io.jvortex.array.Canonical;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Variable-length byte strings (binary, or the UTF-8 bytes of utf8 columns), read zero-copy from
 * either canonical string form (offsets + bytes, or 16-byte views). Obtained from
 * {@link Column#asBinaries()}; {@link StringColumn} adds string decoding.
 */
public sealed class BinaryColumn extends ColumnView permits StringColumn {
    private final VarBinArray varBin;
    private final VarBinViewArray varBinView;

    BinaryColumn(Chunk owner, String name, Canonical array) {
        super(owner, name, array);
        this.varBin = array instanceof VarBinArray v ? v : null;
        this.varBinView = array instanceof VarBinViewArray v ? v : null;
        if (varBin == null && varBinView == null) {
            throw new IllegalArgumentException("not a byte-string array: " + array.dtype().display());
        }
    }

    /**
     * A zero-copy view of a row's bytes, valid while the chunk is open.
     *
     * @param rowIndex a row
     * @return its bytes, or {@code null} for a null row
     */
    public MemorySegment getSegment(int rowIndex) {
        checkRow(rowIndex);
        return validity.isValid(rowIndex) ? segmentUnchecked(rowIndex) : null;
    }

    /**
     * @param rowIndex a row
     * @return a copy of its bytes, or {@code null} for a null row
     */
    public byte[] getBytes(int rowIndex) {
        MemorySegment s = getSegment(rowIndex);
        return s == null ? null : s.toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * @param rowIndex a row
     * @return its length in bytes (0 for a null row)
     */
    public long byteLength(int rowIndex) {
        checkRow(rowIndex);
        if (!validity.isValid(rowIndex)) {
            return 0;
        }
        return varBin != null ? varBin.offset(rowIndex + 1) - varBin.offset(rowIndex)
                : Integer.toUnsignedLong(varBinView.valueLength(rowIndex));
    }

    final MemorySegment segmentUnchecked(int rowIndex) {
        return varBin != null ? varBin.valueSegment(rowIndex) : varBinView.valueSegment(rowIndex);
    }
}
