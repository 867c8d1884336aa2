package io.jvortex.internal.compress;

import io.jvortex.spi.WriteNode;

/** The size a node tree adds to a segment: buffers and metadata (framing is ignored). */
public final class NodeSize {
    private NodeSize() {
    }

    /**
     * @param node a node tree
     * @return the bytes of all its buffers and metadata, recursively
     */
    public static long bytes(WriteNode node) {
        long total = node.metadata().length;
        for (WriteNode.Buffer b : node.buffers()) {
            total += b.data().byteSize();
        }
        for (WriteNode child : node.children()) {
            total += bytes(child);
        }
        return total;
    }
}
