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
    /** Reads bytes of large buffers for point access; null when the buffers are read in place. */
    private final Copier copier;

    private SerializedArray(MemorySegment[] buffers, long[] bufferOffsets, List<String> arrayIds, String source,
                            long segmentOffset, FbTable root, String path, int maxDepth, Copier copier) {
        this.maxDepth = maxDepth;
        this.copier = copier;
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
        return parse(segment, segmentOffset, arrayIds, source, path, maxDepth, null);
    }

    /**
     * Copies bytes of the segment being parsed from elsewhere than the segment (a positional read
     * of the file it is mapped from), or declines.
     */
    public interface Copier {
        /**
         * @param offset where the bytes start in the segment
         * @param length how many bytes, within the segment
         * @return a copy of exactly those bytes, or null to read them from the segment
         */
        MemorySegment copy(long offset, long length);

        /**
         * @param offset where the bytes start in the segment
         * @param dst receives {@code dst.byteSize()} bytes, within the segment
         * @return whether {@code dst} holds them (false: read them from the segment)
         */
        boolean read(long offset, MemorySegment dst);
    }

    /** Bytes at the segment's end copied first: its trailer and array flatbuffer (a few hundred bytes). */
    static final long TAIL_BYTES = 1024;
    /** Buffers up to this size are copied (consecutive ones together, up to twice this span). */
    static final long SMALL_BUFFER_BYTES = 4096;

    /**
     * Parses a segment for point access: its trailer, array flatbuffer and small buffers (symbol
     * tables, patch indices, short dictionaries) come from {@code copier}, the large buffers are
     * slices of {@code segment} as usual. A point access reads a few bytes of each large buffer but
     * all of these, so on a mapped file copying them costs a few reads instead of faulting in (and
     * unmapping) the pages around the segment's tail and small buffers. Validation and messages are
     * those of {@link #parse(MemorySegment, long, List, String, String, int)}; a declined copy
     * falls back to the segment.
     *
     * @param segment the segment bytes
     * @param segmentOffset the segment's absolute offset in the file
     * @param arrayIds the file's array-id table ({@code Footer.array_specs})
     * @param source the file name
     * @param path the layout path of the segment, for errors
     * @param maxDepth the deepest array tree accepted
     * @param copier copies bytes of the segment, or null to read everything from the segment
     * @return the parsed array
     */
    public static SerializedArray parse(MemorySegment segment, long segmentOffset, List<String> arrayIds,
                                        String source, String path, int maxDepth, Copier copier) {
        long size = segment.byteSize();
        if (size < 4) {
            throw new VortexException(source, segmentOffset, path,
                    "array segment of " + size + " bytes is shorter than its 4-byte trailer", null);
        }
        // The segment's last tailLength bytes, from a copy when there is one.
        long tailLength = Math.min(size, TAIL_BYTES);
        MemorySegment tail = copier == null ? null : copier.copy(size - tailLength, tailLength);
        boolean copiedTail = tail != null && tail.byteSize() == tailLength;
        if (!copiedTail) {
            tail = segment;
            tailLength = size;
        }
        long tailStart = size - tailLength;
        long fbLen = Integer.toUnsignedLong(tail.get(ValueLayout.JAVA_INT_UNALIGNED, tailLength - 4));
        if (fbLen > size - 4) {
            throw new VortexException(source, segmentOffset + size - 4, path,
                    "array flatbuffer length " + fbLen + " exceeds the " + size + "-byte segment", null);
        }
        long fbStart = size - 4 - fbLen;
        MemorySegment fb = fbStart >= tailStart ? tail.asSlice(fbStart - tailStart, fbLen)
                : segment.asSlice(fbStart, fbLen);
        FbTable array = FbTable.root(fb, new FbTable.Origin(source, segmentOffset + fbStart, path + " (array flatbuffer)"));
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
        if (copier != null) {
            copySmall(buffers, offsets, segmentOffset, copiedTail ? tail : null, copiedTail ? tailStart : size, copier);
        }
        return new SerializedArray(buffers, offsets, arrayIds, source, segmentOffset, root, path, maxDepth, copier);
    }

    /**
     * Replaces the small buffers by copies: slices of the tail copy (null when there is none) when
     * they lie in it, else one
     * copy per run of consecutive small buffers spanning at most twice {@link #SMALL_BUFFER_BYTES}.
     */
    private static void copySmall(MemorySegment[] buffers, long[] offsets, long segmentOffset, MemorySegment tail,
                                  long tailStart, Copier copier) {
        int n = buffers.length;
        int i = 0;
        while (i < n) {
            long length = buffers[i].byteSize();
            long start = offsets[i] - segmentOffset;
            if (length == 0 || length > SMALL_BUFFER_BYTES) {
                i++;
                continue;
            }
            if (tail != null && start >= tailStart) {
                buffers[i] = tail.asSlice(start - tailStart, length);
                i++;
                continue;
            }
            int j = i + 1;
            long end = start + length;
            while (j < n) {
                long len = buffers[j].byteSize();
                long s = offsets[j] - segmentOffset;
                if (len == 0 || len > SMALL_BUFFER_BYTES || s + len - start > 2 * SMALL_BUFFER_BYTES || s >= tailStart) {
                    break;
                }
                end = s + len;
                j++;
            }
            MemorySegment copy = copier.copy(start, end - start);
            if (copy != null && copy.byteSize() == end - start) {
                for (int k = i; k < j; k++) {
                    buffers[k] = copy.asSlice(offsets[k] - segmentOffset - start, buffers[k].byteSize());
                }
            }
            i = j;
        }
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

    /** See {@link ArrayNode#readBuffer}. */
    boolean readBuffer(int index, long offset, MemorySegment dst) {
        MemorySegment b = buffers[index];
        if (copier == null || b.byteSize() <= SMALL_BUFFER_BYTES || offset < 0 || offset > b.byteSize() - dst.byteSize()) {
            return false;
        }
        return copier.read(bufferOffsets[index] - segmentOffset + offset, dst);
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
