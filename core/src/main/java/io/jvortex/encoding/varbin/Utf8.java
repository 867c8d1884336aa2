package io.jvortex.encoding.varbin;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.PType;
import io.jvortex.encoding.ArrayNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * UTF-8 validation for the string encodings, with the rules of Rust's {@code std::str::from_utf8}
 * (which the reference uses through {@code simdutf8}): no overlong forms, no surrogates
 * ({@code U+D800..U+DFFF}), nothing above {@code U+10FFFF}.
 *
 * <p>Rows that are null are not validated, as in the reference: their bytes are unspecified. The
 * common case — every row valid, stored back to back — is checked with one pass over the bytes
 * (eight ASCII bytes per step) plus one pass over the offsets proving that no row starts inside a
 * multi-byte character; only when that fails are rows validated one by one, so that garbage in a
 * null row is tolerated and the error names the first bad row.
 */
public final class Utf8 {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;

    private Utf8() {
    }

    /**
     * @param bytes a buffer
     * @param from first byte, {@code 0 <= from <= to}
     * @param to end (exclusive), {@code to <= bytes.byteSize()}
     * @return whether {@code bytes[from, to)} is well-formed UTF-8
     */
    public static boolean isValid(MemorySegment bytes, long from, long to) {
        long i = from;
        while (i < to) {
            while (i + 8 <= to && (bytes.get(LONG, i) & HIGH_BITS) == 0) {
                i += 8;
            }
            if (i >= to) {
                return true;
            }
            int b0 = bytes.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
            if (b0 < 0x80) {
                i++;
                continue;
            }
            if (b0 < 0xC2) {
                return false; // continuation byte in lead position, or overlong two-byte form
            }
            if (b0 < 0xE0) {
                if (i + 2 > to || !continuation(bytes, i + 1)) {
                    return false;
                }
                i += 2;
            } else if (b0 < 0xF0) {
                if (i + 3 > to) {
                    return false;
                }
                int b1 = bytes.get(ValueLayout.JAVA_BYTE, i + 1) & 0xFF;
                int lo = b0 == 0xE0 ? 0xA0 : 0x80; // overlong
                int hi = b0 == 0xED ? 0x9F : 0xBF; // surrogates
                if (b1 < lo || b1 > hi || !continuation(bytes, i + 2)) {
                    return false;
                }
                i += 3;
            } else if (b0 < 0xF5) {
                if (i + 4 > to) {
                    return false;
                }
                int b1 = bytes.get(ValueLayout.JAVA_BYTE, i + 1) & 0xFF;
                int lo = b0 == 0xF0 ? 0x90 : 0x80; // overlong
                int hi = b0 == 0xF4 ? 0x8F : 0xBF; // above U+10FFFF
                if (b1 < lo || b1 > hi || !continuation(bytes, i + 2) || !continuation(bytes, i + 3)) {
                    return false;
                }
                i += 4;
            } else {
                return false;
            }
        }
        return true;
    }

    private static boolean continuation(MemorySegment bytes, long i) {
        return (bytes.get(ValueLayout.JAVA_BYTE, i) & 0xC0) == 0x80;
    }

    /**
     * @param bytes a buffer
     * @param pos a position, {@code <= bytes.byteSize()}
     * @return whether a character may start at {@code pos} (the end counts as a boundary)
     */
    private static boolean isBoundary(MemorySegment bytes, long pos) {
        return pos == bytes.byteSize() || (bytes.get(ValueLayout.JAVA_BYTE, pos) & 0xC0) != 0x80;
    }

    /**
     * Checks that every valid row of an offsets-and-bytes string array is well-formed UTF-8.
     *
     * <p>Precondition: the offsets were validated with {@link Offsets#validate} against
     * {@code bytes.byteSize()} (non-negative, non-decreasing, within the buffer).
     *
     * @param node the node the rows come from, for errors
     * @param bytes the data buffer
     * @param offsets {@code length + 1} validated offsets of any integer ptype
     * @param validity which rows are valid
     * @param length rows
     */
    public static void validateRows(ArrayNode node, MemorySegment bytes, PrimitiveArray offsets, Validity validity,
                                    int length) {
        if (length == 0 || validity instanceof Validity.AllInvalid) {
            return;
        }
        long first = offsets.getLong(0);
        long last = offsets.getLong(length);
        if (isValid(bytes, first, last) && allBoundaries(bytes, offsets, length)) {
            return;
        }
        for (int i = 0; i < length; i++) {
            if (validity.isValid(i) && !isValid(bytes, offsets.getLong(i), offsets.getLong(i + 1))) {
                throw node.error("row " + i + " is not valid UTF-8 (" + (offsets.getLong(i + 1) - offsets.getLong(i))
                        + " bytes at offset " + offsets.getLong(i) + ")");
            }
        }
    }

    /** Whether every offset is a character boundary; the offsets are validated. */
    private static boolean allBoundaries(MemorySegment bytes, PrimitiveArray offsets, int length) {
        MemorySegment v = offsets.values();
        PType p = offsets.ptype();
        // The first and last offsets delimit the range already validated as a whole; interior
        // offsets must not point at a continuation byte. Dispatch once on the offset width.
        switch (p.byteWidth()) {
            case 1 -> {
                for (int i = 1; i < length; i++) {
                    if (!isBoundary(bytes, Byte.toUnsignedLong(v.get(ValueLayout.JAVA_BYTE, i)))) {
                        return false;
                    }
                }
            }
            case 2 -> {
                for (int i = 1; i < length; i++) {
                    if (!isBoundary(bytes, Short.toUnsignedLong(v.get(Offsets.SHORT, 2L * i)))) {
                        return false;
                    }
                }
            }
            case 4 -> {
                for (int i = 1; i < length; i++) {
                    if (!isBoundary(bytes, Integer.toUnsignedLong(v.get(Offsets.INT, 4L * i)))) {
                        return false;
                    }
                }
            }
            default -> {
                for (int i = 1; i < length; i++) {
                    if (!isBoundary(bytes, v.get(LONG, 8L * i))) {
                        return false;
                    }
                }
            }
        }
        return true;
    }
}
