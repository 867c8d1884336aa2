package io.jvortex.array;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;

/**
 * Decimals as little-endian two's-complement unscaled integers of one width (1, 2, 4, 8, 16 or 32 bytes).
 *
 * @param dtype a {@link DType.Decimal}
 * @param valueByteWidth bytes per value
 * @param values {@code length * valueByteWidth} bytes
 * @param length rows
 * @param validity which rows are valid
 */
public record DecimalArray(DType.Decimal dtype, int valueByteWidth, MemorySegment values, int length,
                           Validity validity) implements Canonical {

    /** Validates the width and buffer size. */
    public DecimalArray {
        if (Integer.bitCount(valueByteWidth) != 1 || valueByteWidth > 32) {
            throw new IllegalArgumentException("decimal width " + valueByteWidth);
        }
        if (values.byteSize() != (long) length * valueByteWidth) {
            throw new IllegalArgumentException("decimal buffer of " + values.byteSize() + " bytes for " + length
                    + " values of " + valueByteWidth + " bytes");
        }
    }

    /**
     * The unscaled values of the first {@code n} rows, widened to longs in bulk (what
     * {@link #getUnscaledLong} gives for each row).
     *
     * @param n rows, at most {@link #length()}
     * @param out at least {@code n} longs
     * @throws IllegalStateException when {@code valueByteWidth > 8}
     */
    public void unscaledLongs(int n, long[] out) {
        PType signed = switch (valueByteWidth) {
            case 1 -> PType.I8;
            case 2 -> PType.I16;
            case 4 -> PType.I32;
            case 8 -> PType.I64;
            default -> throw new IllegalStateException("decimal width " + valueByteWidth + " does not fit a long");
        };
        Offsets.widen(new PrimitiveArray(new DType.Primitive(signed, false), values, length, Validity.ALL_VALID), 0, n,
                out);
    }

    /**
     * @param i a row
     * @return the unscaled value when {@code valueByteWidth <= 8}
     */
    public long getUnscaledLong(int i) {
        return switch (valueByteWidth) {
            case 1 -> values.get(ValueLayout.JAVA_BYTE, i);
            case 2 -> values.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i);
            case 4 -> values.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i);
            case 8 -> values.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i);
            default -> throw new IllegalStateException("decimal width " + valueByteWidth + " does not fit a long");
        };
    }

    /**
     * @param i a row
     * @return the unscaled value
     */
    public BigInteger getUnscaled(int i) {
        if (valueByteWidth <= 8) {
            return BigInteger.valueOf(getUnscaledLong(i));
        }
        byte[] be = new byte[valueByteWidth];
        long base = (long) i * valueByteWidth;
        for (int k = 0; k < valueByteWidth; k++) {
            be[valueByteWidth - 1 - k] = values.get(ValueLayout.JAVA_BYTE, base + k);
        }
        return new BigInteger(be);
    }

    @Override
    public DecimalArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        return new DecimalArray(dtype, valueByteWidth,
                values.asSlice((long) start * valueByteWidth, (long) len * valueByteWidth), len,
                validity.slice(start, len));
    }
}
