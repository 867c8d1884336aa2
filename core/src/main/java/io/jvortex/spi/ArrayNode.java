package io.jvortex.spi;

import io.jvortex.error.VortexException;
import io.jvortex.internal.flatbuffers.FbTable;
import java.lang.foreign.MemorySegment;

/**
 * One node of a serialized array tree: its encoding id, metadata bytes, buffers and children.
 * Children carry no dtype or length; the parent's decoder supplies them.
 */
public final class ArrayNode {
    /** Deepest array tree accepted. */
    public static final int MAX_DEPTH = 64;

    private static final int ENCODING = 0;
    private static final int METADATA = 1;
    private static final int CHILDREN = 2;
    private static final int BUFFERS = 3;
    private static final int STATS = 4;

    private final SerializedArray array;
    private final FbTable node;
    private final String path;
    private final int depth;
    private final String encodingId;

    ArrayNode(SerializedArray array, FbTable node, String parentPath, int depth) {
        this.array = array;
        this.node = node;
        this.depth = depth;
        if (depth > array.maxDepth()) {
            throw new VortexException(array.source(), node.absoluteOffset(), parentPath,
                    "array tree deeper than " + array.maxDepth(), null);
        }
        int idx = node.u16(ENCODING, 0);
        if (idx >= array.arrayIds().size()) {
            throw new VortexException(array.source(), node.absoluteOffset(), parentPath, "array encoding index " + idx
                    + " outside the footer's table of " + array.arrayIds().size() + " ids", null);
        }
        this.encodingId = array.arrayIds().get(idx);
        this.path = parentPath + "/" + encodingId;
    }

    /** @return the encoding id, e.g. {@code fastlanes.bitpacked} */
    public String encodingId() {
        return encodingId;
    }

    /** @return the context path of this node, for errors */
    public String path() {
        return path;
    }

    /** @return the file name */
    public String source() {
        return array.source();
    }

    /** @return the absolute file offset of this node's flatbuffer table */
    public long absoluteOffset() {
        return node.absoluteOffset();
    }

    /** @return the encoding-specific metadata bytes (empty when absent) */
    public MemorySegment metadata() {
        return node.bytes(METADATA);
    }

    /** @return the number of children */
    public int childCount() {
        return node.vectorLength(CHILDREN);
    }

    /**
     * @param index child index, {@code < childCount()}
     * @return the child node
     */
    public ArrayNode child(int index) {
        if (index < 0 || index >= childCount()) {
            throw error("child " + index + " requested but the node has " + childCount() + " children");
        }
        return new ArrayNode(array, node.tableAt(CHILDREN, index), path + "/child[" + index + "]", depth + 1);
    }

    /** @return the number of buffers this node owns */
    public int bufferCount() {
        return node.vectorLength(BUFFERS);
    }

    /**
     * @param index the node's buffer index, {@code < bufferCount()}
     * @return a zero-copy slice of the buffer
     */
    public MemorySegment buffer(int index) {
        return array.buffer(bufferIndex(index));
    }

    /**
     * Reads bytes of a buffer into {@code dst} with one read of the file, when the segment was parsed
     * for point access of a mapped file: a point access reading a few bytes of a large buffer then
     * does not fault in (and later unmap) the pages around them, which costs several times more.
     * The bytes are those of {@link #buffer}; when this returns false, read them from there.
     *
     * @param index the node's buffer index, {@code < bufferCount()}
     * @param offset where the bytes start in the buffer
     * @param dst receives {@code dst.byteSize()} bytes from {@code offset}
     * @return whether {@code dst} now holds them; false when there is no file to read from, the
     *     buffer is small (already a copy), the range is outside the buffer, or the read failed
     */
    public boolean readBuffer(int index, long offset, MemorySegment dst) {
        return array.readBuffer(bufferIndex(index), offset, dst);
    }

    /**
     * @param index the node's buffer index
     * @return the buffer's absolute file offset, for errors
     */
    public long bufferOffset(int index) {
        return array.bufferOffset(bufferIndex(index));
    }

    /** The buffer's start relative to its segment, for planning partial reads. */
    long bufferStartInSegment(int index) {
        return array.bufferOffset(bufferIndex(index)) - array.segmentOffset();
    }

    private int bufferIndex(int index) {
        if (index < 0 || index >= bufferCount()) {
            throw error("buffer " + index + " requested but the node has " + bufferCount() + " buffers");
        }
        int global = node.u16At(BUFFERS, index);
        if (global >= array.bufferCount()) {
            throw error("buffer index " + global + " outside the segment's " + array.bufferCount() + " buffers");
        }
        return global;
    }

    /** @return whether the node carries a statistics table */
    public boolean hasStatistics() {
        return node.table(STATS) != null;
    }

    /**
     * @param problem what is wrong
     * @return an exception located at this node
     */
    public VortexException error(String problem) {
        return new VortexException(array.source(), node.absoluteOffset(), path, problem, null);
    }
}
