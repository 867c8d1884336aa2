package io.jvortex.api;

/**
 * Where one segment of a file lies and how it is stored.
 *
 * @param id the segment's index in the footer
 * @param offset its first byte in the file
 * @param length its stored length in bytes
 * @param alignment the alignment of its data in bytes
 */
public record SegmentInfo(int id, long offset, long length, int alignment) {
    /** Validates. */
    public SegmentInfo {
        if (id < 0 || offset < 0 || length < 0 || alignment < 1) {
            throw new IllegalArgumentException("segment " + id + ": offset " + offset + ", length " + length
                    + ", alignment " + alignment);
        }
    }
}
