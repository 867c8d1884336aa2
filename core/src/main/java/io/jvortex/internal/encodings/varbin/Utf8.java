package io.jvortex.internal.encodings.varbin;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * UTF-8 validation for the string encodings, with the rules of Rust's {@code std::str::from_utf8}
 * (which the reference uses through {@code simdutf8}): no overlong forms, no surrogates
 * ({@code U+D800..U+DFFF}), nothing above {@code U+10FFFF}.
 *
 * <p>Rows that are null are not validated, as in the reference: their bytes are unspecified. The
 * common case — every row valid, stored back to back — is checked with one pass over the bytes
 * (eight ASCII bytes per step) plus, unless every byte is ASCII, one pass over the offsets proving
 * that no row starts inside a multi-byte character; only when that fails are rows validated one by one, so that garbage in a
 * null row is tolerated and the error names the first bad row.
 */
public final class Utf8 {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    // Bytes validated per heap block.
    private static final int BLOCK = 16 * 1024;

    private Utf8() {
    }

    /**
     * @param bytes a buffer
     * @param from first byte, {@code 0 <= from <= to}
     * @param to end (exclusive), {@code to <= bytes.byteSize()}
     * @return whether {@code bytes[from, to)} is well-formed UTF-8
     */
    public static boolean isValid(MemorySegment bytes, long from, long to) {
        return isValidFrom(bytes, asciiEnd(bytes, from, to), to);
    }

    /**
     * @param bytes a buffer
     * @param from first byte, {@code 0 <= from <= to}
     * @param to end (exclusive), {@code to <= bytes.byteSize()}
     * @return whether every byte of {@code bytes[from, to)} is ASCII (then any slice of it is UTF-8)
     */
    public static boolean isAscii(MemorySegment bytes, long from, long to) {
        return asciiEnd(bytes, from, to) >= to;
    }

    /** Validates {@code bytes[from, to)} in heap blocks; {@code from} is a character boundary. */
    private static boolean isValidFrom(MemorySegment bytes, long from, long to) {
        long i = from;
        if (i >= to) {
            return true;
        }
        byte[] block = new byte[(int) Math.min(BLOCK + 3, to - i)];
        while (i < to) {
            int n = (int) Math.min(BLOCK, to - i);
            // Up to three more bytes: the tail of a character that starts in the block.
            int avail = (int) Math.min(n + 3L, to - i);
            MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, i, block, 0, avail);
            int next = validPrefix(block, 0, n, avail);
            if (next < 0) {
                return false;
            }
            i += next;
        }
        return true;
    }

    /**
     * @return the end of the ASCII prefix of {@code bytes[from, to)}: {@code to} when all of it is
     *     ASCII. Counted loops, so that the segment's liveness and bounds checks are hoisted.
     */
    private static long asciiEnd(MemorySegment bytes, long from, long to) {
        long i = from;
        long wordsEnd = from + ((to - from) & ~7L);
        for (; i < wordsEnd; i += 8) {
            if ((bytes.get(LONG, i) & HIGH_BITS) != 0) {
                break;
            }
        }
        for (; i < to; i++) {
            if (bytes.get(ValueLayout.JAVA_BYTE, i) < 0) {
                break;
            }
        }
        return i;
    }

    /**
     * @param bytes a heap buffer
     * @param from first byte, {@code 0 <= from <= to}
     * @param to end (exclusive), {@code to <= bytes.length}
     * @return whether {@code bytes[from, to)} is well-formed UTF-8
     */
    public static boolean isValid(byte[] bytes, int from, int to) {
        return validPrefix(bytes, from, to, to) >= 0;
    }

    /**
     * Validates the characters that start in {@code a[from, limit)}; a character may extend into
     * {@code a[limit, end)}.
     *
     * @return the position after the last character (at least {@code limit}), or -1 when a character
     *     is malformed or ends past {@code end}
     */
    private static int validPrefix(byte[] a, int from, int limit, int end) {
        int i = from;
        while (i < limit) {
            if (i + 8 <= limit && ((long) LONG_LE.get(a, i) & HIGH_BITS) == 0) {
                i += 8;
                continue;
            }
            int b0 = a[i] & 0xFF;
            if (b0 < 0x80) {
                i++;
                continue;
            }
            if (b0 < 0xC2) {
                return -1; // continuation byte in lead position, or overlong two-byte form
            }
            if (b0 < 0xE0) {
                if (i + 2 > end || !continuation(a[i + 1])) {
                    return -1;
                }
                i += 2;
            } else if (b0 < 0xF0) {
                if (i + 3 > end) {
                    return -1;
                }
                int b1 = a[i + 1] & 0xFF;
                int lo = b0 == 0xE0 ? 0xA0 : 0x80; // overlong
                int hi = b0 == 0xED ? 0x9F : 0xBF; // surrogates
                if (b1 < lo || b1 > hi || !continuation(a[i + 2])) {
                    return -1;
                }
                i += 3;
            } else if (b0 < 0xF5) {
                if (i + 4 > end) {
                    return -1;
                }
                int b1 = a[i + 1] & 0xFF;
                int lo = b0 == 0xF0 ? 0x90 : 0x80; // overlong
                int hi = b0 == 0xF4 ? 0x8F : 0xBF; // above U+10FFFF
                if (b1 < lo || b1 > hi || !continuation(a[i + 2]) || !continuation(a[i + 3])) {
                    return -1;
                }
                i += 4;
            } else {
                return -1;
            }
        }
        return i;
    }

    private static boolean continuation(byte b) {
        return (b & 0xC0) == 0x80;
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
        validateRows(node, bytes, offsets, validity, length, null);
    }

    /**
     * {@link #validateRows(ArrayNode, MemorySegment, PrimitiveArray, Validity, int)} for rows taken
     * from a larger array: errors name the original row.
     *
     * @param node the node the rows come from, for errors
     * @param bytes the data buffer
     * @param offsets {@code length + 1} validated offsets of any integer ptype
     * @param validity which rows are valid
     * @param length rows
     * @param rows the original row of each row, for errors; {@code null} when the rows are the node's
     */
    public static void validateRows(ArrayNode node, MemorySegment bytes, PrimitiveArray offsets, Validity validity,
                                    int length, int[] rows) {
        if (length == 0 || validity instanceof Validity.AllInvalid) {
            return;
        }
        long first = offsets.getLong(0);
        long last = offsets.getLong(length);
        long ascii = asciiEnd(bytes, first, last);
        if (ascii >= last) {
            return; // all ASCII: every row is valid and every offset a character boundary
        }
        if (isValidFrom(bytes, ascii, last) && allBoundaries(bytes, offsets, length)) {
            return;
        }
        for (int i = 0; i < length; i++) {
            if (validity.isValid(i) && !isValid(bytes, offsets.getLong(i), offsets.getLong(i + 1))) {
                throw node.error("row " + (rows == null ? i : rows[i]) + " is not valid UTF-8 ("
                        + (offsets.getLong(i + 1) - offsets.getLong(i))
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
