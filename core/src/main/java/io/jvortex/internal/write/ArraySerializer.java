package io.jvortex.internal.write;

import io.jvortex.spi.WriteNode;
import io.jvortex.internal.flatbuffers.FbBuilder;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Serializes a node tree into the bytes of one flat segment:
 * {@code [pad][buffer 0][pad][buffer 1]…[pad to 8][Array flatbuffer][u32 LE flatbuffer length]}.
 *
 * <p>Buffers are laid out in pre-order (a node's own buffers, then each child's subtree), each padded
 * (relative to the segment start) to its alignment; the segment itself must start at a multiple of
 * {@link Segment#alignment()} = max(8, every buffer's alignment), which the {@link SegmentSink}
 * ensures. Every {@code ArrayNode} gets its {@code metadata}, {@code children}, {@code buffers} and
 * {@code stats} fields, empty or not, as the reference writes them.
 */
public final class ArraySerializer {
    /** Largest number of buffers one segment may hold (u16 indices). */
    public static final int MAX_BUFFERS = 0xFFFF;

    private static final MemorySegment ZEROS = MemorySegment.ofArray(new byte[64]);

    private ArraySerializer() {
    }

    /**
     * The serialized bytes of one segment, as parts to write back to back.
     *
     * @param parts the parts (zero padding, buffers, the flatbuffer, its length)
     * @param byteLength the total length
     * @param alignment the alignment the segment's first byte needs
     */
    public record Segment(List<MemorySegment> parts, long byteLength, int alignment) {
        /** Copies the parts. */
        public Segment {
            parts = List.copyOf(parts);
        }

        /** @return the segment as one byte array (tests, small segments) */
        public byte[] toByteArray() {
            if (byteLength > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("segment of " + byteLength + " bytes");
            }
            byte[] out = new byte[(int) byteLength];
            long at = 0;
            for (MemorySegment p : parts) {
                MemorySegment.copy(p, 0, MemorySegment.ofArray(out), at, p.byteSize());
                at += p.byteSize();
            }
            return out;
        }
    }

    /**
     * @param root the tree
     * @param ids the file's array-id table (new ids are interned)
     * @return the segment
     * @throws IllegalArgumentException when the tree has more than 65535 buffers or a buffer longer
     *     than 4 GiB - 1
     */
    public static Segment serialize(WriteNode root, ArrayIds ids) {
        List<WriteNode.Buffer> buffers = new ArrayList<>();
        FbBuilder fb = new FbBuilder(1024);
        int rootNode = node(fb, root, ids, buffers, 0);

        List<MemorySegment> parts = new ArrayList<>(2 * buffers.size() + 4);
        byte[] descriptors = new byte[8 * buffers.size()];
        long pos = 0;
        int maxAlign = 8;
        for (int i = 0; i < buffers.size(); i++) {
            WriteNode.Buffer b = buffers.get(i);
            long length = b.data().byteSize();
            if (length > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException("buffer " + i + " of " + length + " bytes exceeds 4 GiB - 1");
            }
            int a = b.alignment();
            maxAlign = Math.max(maxAlign, a);
            int padding = (int) (-pos & (a - 1));
            addZeros(parts, padding);
            parts.add(b.data());
            pos += padding + length;
            int d = 8 * i;
            descriptors[d] = (byte) padding;
            descriptors[d + 1] = (byte) (padding >>> 8);
            descriptors[d + 2] = (byte) Integer.numberOfTrailingZeros(a);
            descriptors[d + 3] = 0; // compression: none
            for (int k = 0; k < 4; k++) {
                descriptors[d + 4 + k] = (byte) (length >>> (8 * k));
            }
        }
        int tailPadding = (int) (-pos & 7);
        addZeros(parts, tailPadding);
        pos += tailPadding;

        int bufferVector = fb.createStructVector(descriptors, 8, 4);
        fb.startTable(2);
        fb.addOffset(0, rootNode);
        fb.addOffset(1, bufferVector);
        byte[] flatbuffer = fb.finish(fb.endTable());
        parts.add(MemorySegment.ofArray(flatbuffer));
        byte[] len = {(byte) flatbuffer.length, (byte) (flatbuffer.length >>> 8), (byte) (flatbuffer.length >>> 16),
                (byte) (flatbuffer.length >>> 24)};
        parts.add(MemorySegment.ofArray(len));
        pos += flatbuffer.length + 4L;
        return new Segment(parts, pos, maxAlign);
    }

    private static void addZeros(List<MemorySegment> parts, int count) {
        while (count > 0) {
            int n = Math.min(count, (int) ZEROS.byteSize());
            parts.add(ZEROS.asSlice(0, n));
            count -= n;
        }
    }

    /** Numbers the node's buffers before its children's (pre-order), then writes the table post-order. */
    private static int node(FbBuilder fb, WriteNode node, ArrayIds ids, List<WriteNode.Buffer> buffers, int depth) {
        if (depth > 64) {
            throw new IllegalArgumentException("array tree deeper than 64");
        }
        int[] own = new int[node.buffers().size()];
        for (int i = 0; i < own.length; i++) {
            if (buffers.size() >= MAX_BUFFERS) {
                throw new IllegalArgumentException("more than " + MAX_BUFFERS + " buffers in one segment");
            }
            own[i] = buffers.size();
            buffers.add(node.buffers().get(i));
        }
        int[] children = new int[node.children().size()];
        for (int i = 0; i < children.length; i++) {
            children[i] = node(fb, node.children().get(i), ids, buffers, depth + 1);
        }
        int encoding = ids.intern(node.encodingId());
        int metadata = fb.createByteVector(node.metadata());
        int childVector = fb.createOffsetVector(children);
        int bufferVector = fb.createU16Vector(own);
        int stats = ArrayStatsWriter.write(fb, node.stats());
        fb.startTable(5);
        fb.addShort(0, encoding, 0);
        fb.addOffset(1, metadata);
        fb.addOffset(2, childVector);
        fb.addOffset(3, bufferVector);
        fb.addOffset(4, stats);
        return fb.endTable();
    }
}
