package io.jvortex.spi;

import io.jvortex.error.VortexException;
import io.jvortex.internal.flatbuffers.FbTable;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * One array as serialized in a flat segment:
 * {@code [pad][buffer 0]…[pad][buffer n-1][pad to 8][Array flatbuffer][u32 LE flatbuffer length]}.
 *
 * <p>Parsing validates every buffer descriptor against the segment, so buffers handed to decoders
 * are always in bounds; they are zero-copy slices of the segment.
 */
public final class SerializedArray {
    /** Upper bound on buffers per segment (the format's u16 buffer indices). */
    public static final int MAX_BUFFERS = 65_535;

    private final MemorySegment[] buffers;
    private final long[] bufferOffsets;
    private final List<String> arrayIds;
    private final String source;
    private final long segmentOffset;
    private final FbTable root;
    private final String path;
    private final int maxDepth;

    private SerializedArray(MemorySegment[] buffers, long[] bufferOffsets, List<String> arrayIds, String source,
                            long segmentOffset, FbTable root, String path, int maxDepth) {
        this.maxDepth = maxDepth;
        this.buffers = buffers;
        this.bufferOffsets = bufferOffsets;
        this.arrayIds = arrayIds;
        this.source = source;
        this.segmentOffset = segmentOffset;
        this.root = root;
        this.path = path;
    }

    /**
     * Parses a segment.
     *
     * @param segment the segment bytes
     * @param segmentOffset the segment's absolute offset in the file
     * @param arrayIds the file's array-id table ({@code Footer.array_specs})
     * @param source the file name
     * @param path the layout path of the segment, for errors
     * @return the parsed array
     */
    public static SerializedArray parse(MemorySegment segment, long segmentOffset, List<String> arrayIds,
                                        String source, String path) {
        return parse(segment, segmentOffset, arrayIds, source, path, ArrayNode.MAX_DEPTH);
    }

    /**
     * Parses a segment whose array tree may nest at most {@code maxDepth} levels.
     *
     * @param segment the segment bytes
     * @param segmentOffset the segment's absolute offset in the file
     * @param arrayIds the file's array-id table ({@code Footer.array_specs})
     * @param source the file name
     * @param path the layout path of the segment, for errors
     * @param maxDepth the deepest array tree accepted; a deeper node fails when it is reached
     * @return the parsed array
     */
    public static SerializedArray parse(MemorySegment segment, long segmentOffset, List<String> arrayIds,
                                        String source, String path, int maxDepth) {
        long size = segment.byteSize();
        if (size < 4) {
            throw new VortexException(source, segmentOffset, path,
                    "array segment of " + size + " bytes is shorter than its 4-byte trailer", null);
        }
        long fbLen = Integer.toUnsignedLong(segment.get(ValueLayout.JAVA_INT_UNALIGNED, size - 4));
        if (fbLen > size - 4) {
            throw new VortexException(source, segmentOffset + size - 4, path,
                    "array flatbuffer length " + fbLen + " exceeds the " + size + "-byte segment", null);
        }
        long fbStart = size - 4 - fbLen;
        FbTable array = FbTable.root(segment.asSlice(fbStart, fbLen),
                new FbTable.Origin(source, segmentOffset + fbStart, path + " (array flatbuffer)"));
        FbTable root = array.table(0);
        if (root == null) {
            throw new VortexException(source, segmentOffset + fbStart, path, "array flatbuffer has no root node", null);
        }
        MemorySegment descriptors = array.structVector(1, 8);
        int n = (int) (descriptors.byteSize() / 8);
        MemorySegment[] buffers = new MemorySegment[n];
        long[] offsets = new long[n];
        long offset = 0;
        for (int i = 0; i < n; i++) {
            long d = 8L * i;
            int padding = Short.toUnsignedInt(descriptors.get(ValueLayout.JAVA_SHORT_UNALIGNED, d));
            int compression = Byte.toUnsignedInt(descriptors.get(ValueLayout.JAVA_BYTE, d + 3));
            long length = Integer.toUnsignedLong(descriptors.get(ValueLayout.JAVA_INT_UNALIGNED, d + 4));
            if (compression != 0) {
                throw new VortexException(source, segmentOffset + offset, path,
                        "buffer " + i + " uses compression " + compression + ", only 0 (none) is defined", null);
            }
            offset += padding;
            if (length > fbStart - offset || offset > fbStart) {
                throw new VortexException(source, segmentOffset + offset, path, "buffer " + i + " of " + length
                        + " bytes at segment offset " + offset + " overlaps the array flatbuffer at " + fbStart, null);
            }
            buffers[i] = segment.asSlice(offset, length);
            offsets[i] = segmentOffset + offset;
            offset += length;
        }
        return new SerializedArray(buffers, offsets, arrayIds, source, segmentOffset, root, path, maxDepth);
    }

    /** @return the root node */
    public ArrayNode root() {
        return new ArrayNode(this, root, path, 0);
    }

    /** @return the number of buffers in the segment */
    public int bufferCount() {
        return buffers.length;
    }

    MemorySegment buffer(int index) {
        return buffers[index];
    }

    long bufferOffset(int index) {
        return bufferOffsets[index];
    }

    /** @return the file's array-id table */
    public List<String> arrayIds() {
        return arrayIds;
    }

    /** @return the file name */
    public String source() {
        return source;
    }

    /** @return the deepest array tree accepted */
    public int maxDepth() {
        return maxDepth;
    }

    /** @return the segment's absolute offset */
    public long segmentOffset() {
        return segmentOffset;
    }
}
