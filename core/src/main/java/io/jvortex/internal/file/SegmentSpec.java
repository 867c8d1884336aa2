package io.jvortex.internal.file;

/**
 * Where one data segment lives.
 *
 * @param byteOffset absolute file offset
 * @param lengthBytes length
 * @param alignmentExponent alignment = 1 &lt;&lt; exponent
 */
public record SegmentSpec(long byteOffset, long lengthBytes, int alignmentExponent) {
}
