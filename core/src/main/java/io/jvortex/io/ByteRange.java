package io.jvortex.io;

/**
 * A half-open byte range {@code [byteOffset, byteOffset + lengthBytes)} of a {@link ByteSource}.
 *
 * @param byteOffset the absolute offset of the first byte, at least 0
 * @param lengthBytes the number of bytes, at least 0
 */
public record ByteRange(long byteOffset, long lengthBytes) {

    /**
     * Validates the range's own invariants (not against a source; see {@link #checkWithin}).
     *
     * @throws IllegalArgumentException when the offset or length is negative or the end overflows
     */
    public ByteRange {
        if (byteOffset < 0) {
            throw new IllegalArgumentException("byteOffset must be >= 0, got " + byteOffset);
        }
        if (lengthBytes < 0) {
            throw new IllegalArgumentException("lengthBytes must be >= 0, got " + lengthBytes);
        }
        if (byteOffset + lengthBytes < 0) {
            throw new IllegalArgumentException("range [" + byteOffset + ", +" + lengthBytes + ") overflows a long");
        }
    }

    /**
     * The range of the last {@code lengthBytes} bytes of a source of {@code sizeBytes} bytes (all of it when shorter).
     *
     * @param sizeBytes the source's size
     * @param lengthBytes how many trailing bytes are wanted
     * @return the tail range
     */
    public static ByteRange tail(long sizeBytes, long lengthBytes) {
        long length = Math.min(sizeBytes, lengthBytes);
        return new ByteRange(sizeBytes - length, length);
    }

    /**
     * The exclusive end offset.
     *
     * @return {@code byteOffset + lengthBytes}
     */
    public long endOffset() {
        return byteOffset + lengthBytes;
    }

    /**
     * Checks that the range lies inside a source.
     *
     * @param sizeBytes the source's size
     * @param source the source's description, for the message
     * @return this range
     * @throws IllegalArgumentException when the range ends past {@code sizeBytes}
     */
    public ByteRange checkWithin(long sizeBytes, String source) {
        if (endOffset() > sizeBytes) {
            throw new IllegalArgumentException("byte range " + this + " ends past the end of " + source
                    + " (" + sizeBytes + " bytes)");
        }
        return this;
    }

    /** Formats as {@code [start, end)} with the length, as error messages show it. */
    @Override
    public String toString() {
        return "[" + byteOffset + ", " + endOffset() + ") (" + lengthBytes + " bytes)";
    }
}
