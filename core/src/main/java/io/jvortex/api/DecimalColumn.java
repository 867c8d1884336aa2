package io.jvortex.api;

import io.jvortex.array.DecimalArray;
import io.jvortex.dtype.DType;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Fixed-point decimals: value = unscaled × 10^-scale, the unscaled integers stored at one byte width
 * (1…32 bytes). Obtained from {@link Column#asDecimals()}.
 */
public final class DecimalColumn extends ColumnView {
    private final DecimalArray decimals;
    private final int scale;

    DecimalColumn(Chunk owner, String name, DecimalArray array) {
        super(owner, name, array);
        this.decimals = array;
        this.scale = array.dtype().scale();
    }

    /** @return total digits */
    public int precision() {
        return ((DType.Decimal) array.dtype()).precision();
    }

    /** @return digits after the point (may be negative) */
    public int scale() {
        return scale;
    }

    /** @return bytes per stored unscaled value; at most 8 means {@link #getUnscaledLong(int)} always fits */
    public int valueByteWidth() {
        return decimals.valueByteWidth();
    }

    /**
     * @param rowIndex a row
     * @return its value, or {@code null} for a null row
     */
    public BigDecimal getBigDecimal(int rowIndex) {
        checkRow(rowIndex);
        if (!validity.isValid(rowIndex)) {
            return null;
        }
        return decimals.valueByteWidth() <= 8 ? BigDecimal.valueOf(decimals.getUnscaledLong(rowIndex), scale)
                : new BigDecimal(decimals.getUnscaled(rowIndex), scale);
    }

    /**
     * @param rowIndex a row
     * @return its unscaled value (unspecified for null rows)
     */
    public BigInteger getUnscaled(int rowIndex) {
        checkRow(rowIndex);
        return decimals.getUnscaled(rowIndex);
    }

    /**
     * @param rowIndex a row
     * @return its unscaled value as a {@code long} (unspecified for null rows)
     * @throws ArithmeticException when a value stored wider than 8 bytes does not fit a {@code long}
     */
    public long getUnscaledLong(int rowIndex) {
        checkRow(rowIndex);
        if (decimals.valueByteWidth() <= 8) {
            return decimals.getUnscaledLong(rowIndex);
        }
        return decimals.getUnscaled(rowIndex).longValueExact();
    }
}
