package io.jvortex.spi;

import io.jvortex.scalar.ArrayStatistics;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;

/**
 * One node of an array tree ready to serialize: an encoding id, its metadata bytes, its own
 * buffers and its children, in the encoding's slot order (absent optional children are simply left
 * out). Produced by {@link CanonicalEncoder} today and by the compressor later.
 *
 * @param encodingId the encoding id, e.g. {@code vortex.primitive}
 * @param metadata the encoding's metadata bytes (empty when none)
 * @param buffers the node's own buffers, in the encoding's buffer order
 * @param children the child nodes
 * @param stats the statistics to store in the node ({@link ArrayStatistics#NONE} for none)
 */
public record WriteNode(String encodingId, byte[] metadata, List<Buffer> buffers, List<WriteNode> children,
                        ArrayStatistics stats) {
    /** Validates and copies the components. */
    public WriteNode {
        Objects.requireNonNull(encodingId, "encodingId");
        metadata = metadata == null ? new byte[0] : metadata;
        buffers = List.copyOf(buffers);
        children = List.copyOf(children);
        Objects.requireNonNull(stats, "stats");
    }

    /**
     * A node without statistics.
     *
     * @param encodingId the encoding id
     * @param metadata the metadata bytes
     * @param buffers the node's buffers
     * @param children the children
     * @return the node
     */
    public static WriteNode of(String encodingId, byte[] metadata, List<Buffer> buffers, List<WriteNode> children) {
        return new WriteNode(encodingId, metadata, buffers, children, ArrayStatistics.NONE);
    }

    /**
     * A buffer and the alignment its first byte needs inside the segment.
     *
     * @param data the bytes
     * @param alignment a power of two, at most 2^15 (the descriptor's padding is a u16)
     */
    public record Buffer(MemorySegment data, int alignment) {
        /** Validates the alignment. */
        public Buffer {
            Objects.requireNonNull(data, "data");
            if (Integer.bitCount(alignment) != 1 || alignment > (1 << 15)) {
                throw new IllegalArgumentException("buffer alignment " + alignment);
            }
        }
    }
}
