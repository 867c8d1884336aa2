package io.jvortex.internal.encodings.varbin;

import io.jvortex.array.Canonical;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Test-only: assembles serialized array segments ({@code [buffers][Array flatbuffer][u32 length]})
 * from hand-built node trees, so decoders can be tested without the Rust side, and decodes them.
 */
public final class TestArrays {
    private TestArrays() {
    }

    /**
     * One node to serialize.
     *
     * @param encoding the encoding id
     * @param metadata metadata bytes
     * @param buffers the node's own buffers
     * @param children child nodes
     */
    public record Node(String encoding, byte[] metadata, List<byte[]> buffers, List<Node> children) {
        /** @return this node with another child appended */
        public Node withChild(Node child) {
            var c = new ArrayList<>(children);
            c.add(child);
            return new Node(encoding, metadata, buffers, c);
        }

        /** @return this node with its children replaced */
        public Node withChildren(Node... newChildren) {
            return new Node(encoding, metadata, buffers, List.of(newChildren));
        }

        /** @return this node with its buffers replaced */
        public Node withBuffers(byte[]... newBuffers) {
            return new Node(encoding, metadata, List.of(newBuffers), children);
        }

        /** @return this node with its metadata replaced */
        public Node withMetadata(byte[] newMetadata) {
            return new Node(encoding, newMetadata, buffers, children);
        }
    }

    /**
     * @return a node
     */
    public static Node node(String encoding, byte[] metadata, List<byte[]> buffers, Node... children) {
        return new Node(encoding, metadata, buffers, List.of(children));
    }

    /** @return a {@code vortex.primitive} node holding the values at the ptype's width, no validity */
    public static Node primitive(PType ptype, long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * ptype.byteWidth()).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            switch (ptype.byteWidth()) {
                case 1 -> b.put((byte) v);
                case 2 -> b.putShort((short) v);
                case 4 -> b.putInt((int) v);
                default -> b.putLong(v);
            }
        }
        return node("vortex.primitive", new byte[0], List.of(b.array()));
    }

    /** @return a {@code vortex.bool} node of the bits (used as validity: true = valid) */
    public static Node bools(boolean... bits) {
        byte[] bytes = new byte[(bits.length + 7) / 8];
        for (int i = 0; i < bits.length; i++) {
            if (bits[i]) {
                bytes[i >> 3] |= (byte) (1 << (i & 7));
            }
        }
        return node("vortex.bool", new byte[0], List.of(bytes));
    }

    /** Protobuf message writer for metadata. */
    public static final class Proto {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        /** @return this, with a varint field */
        public Proto varint(int field, long value) {
            writeVarint((long) field << 3);
            writeVarint(value);
            return this;
        }

        /** @return this, with a length-delimited field */
        public Proto bytes(int field, byte[] value) {
            writeVarint(((long) field << 3) | 2);
            writeVarint(value.length);
            out.writeBytes(value);
            return this;
        }

        private void writeVarint(long v) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            out.write((int) v);
        }

        /** @return the message */
        public byte[] build() {
            return out.toByteArray();
        }
    }

    /** @return a new metadata writer */
    public static Proto proto() {
        return new Proto();
    }

    /**
     * Serializes a tree: buffers in pre-order, each 8-aligned; encoding ids interned in pre-order.
     *
     * @param root the root node
     * @return the parsed segment
     */
    public static SerializedArray serialize(Node root) {
        List<String> ids = new ArrayList<>();
        List<byte[]> buffers = new ArrayList<>();
        collect(root, ids, buffers);
        Fb fb = new Fb();
        // Array table: vtable at 4, table at 12.
        fb.u32(12);                          // root offset
        fb.u16(8).u16(12).u16(4).u16(8);     // vtable: size 8, table 12 bytes, field0 @4, field1 @8
        fb.i32(8);                           // table at 12: soffset to vtable at 4
        int rootField = fb.u32(0);
        int buffersField = fb.u32(0);
        fb.align4();
        fb.patch(buffersField);
        fb.u32(buffers.size());
        int pos = 0;
        for (byte[] b : buffers) {
            int padding = (8 - pos % 8) % 8;
            fb.u16(padding).u8(3).u8(0).u32(b.length);
            pos += padding + b.length;
        }
        writeNode(fb, root, rootField, ids, new int[] {0});

        ByteArrayOutputStream seg = new ByteArrayOutputStream();
        for (byte[] b : buffers) {
            seg.writeBytes(new byte[(8 - seg.size() % 8) % 8]);
            seg.writeBytes(b);
        }
        seg.writeBytes(new byte[(8 - seg.size() % 8) % 8]);
        byte[] fbBytes = fb.bytes();
        seg.writeBytes(fbBytes);
        seg.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(fbBytes.length).array());
        return SerializedArray.parse(MemorySegment.ofArray(seg.toByteArray()), 0, ids, "test", "test");
    }

    private static void collect(Node n, List<String> ids, List<byte[]> buffers) {
        if (!ids.contains(n.encoding())) {
            ids.add(n.encoding());
        }
        buffers.addAll(n.buffers());
        for (Node c : n.children()) {
            collect(c, ids, buffers);
        }
    }

    /** Writes an ArrayNode table and patches {@code refField} to point to it. */
    private static void writeNode(Fb fb, Node n, int refField, List<String> ids, int[] nextBuffer) {
        fb.align4();
        int vt = fb.size();
        fb.u16(12).u16(20).u16(16).u16(4).u16(8).u16(12); // encoding @16, metadata @4, children @8, buffers @12
        int table = fb.size();
        fb.patch(refField, table);
        fb.i32(table - vt);
        int metaField = fb.u32(0);
        int childrenField = fb.u32(0);
        int buffersField = fb.u32(0);
        fb.u16(ids.indexOf(n.encoding())).u16(0);

        fb.align4();
        fb.patch(metaField);
        fb.u32(n.metadata().length);
        fb.raw(n.metadata());

        fb.align4();
        fb.patch(buffersField);
        fb.u32(n.buffers().size());
        for (int i = 0; i < n.buffers().size(); i++) {
            fb.u16(nextBuffer[0]++);
        }

        fb.align4();
        fb.patch(childrenField);
        fb.u32(n.children().size());
        int[] slots = new int[n.children().size()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = fb.u32(0);
        }
        for (int i = 0; i < slots.length; i++) {
            writeNode(fb, n.children().get(i), slots[i], ids, nextBuffer);
        }
    }

    /** A forward-only flatbuffer writer: every uoffset points to data written after it. */
    private static final class Fb {
        private byte[] buf = new byte[256];
        private int size;

        int size() {
            return size;
        }

        private void ensure(int n) {
            if (size + n > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
            }
        }

        Fb u8(int v) {
            ensure(1);
            buf[size++] = (byte) v;
            return this;
        }

        Fb u16(int v) {
            return u8(v).u8(v >>> 8);
        }

        int u32(long v) {
            int at = size;
            u16((int) v).u16((int) (v >>> 16));
            return at;
        }

        Fb i32(int v) {
            u32(v);
            return this;
        }

        void raw(byte[] b) {
            ensure(b.length);
            System.arraycopy(b, 0, buf, size, b.length);
            size += b.length;
        }

        void align4() {
            while (size % 4 != 0) {
                u8(0);
            }
        }

        /** Points the uoffset at {@code field} to the current position. */
        void patch(int field) {
            patch(field, size);
        }

        void patch(int field, int target) {
            int rel = target - field;
            buf[field] = (byte) rel;
            buf[field + 1] = (byte) (rel >>> 8);
            buf[field + 2] = (byte) (rel >>> 16);
            buf[field + 3] = (byte) (rel >>> 24);
        }

        byte[] bytes() {
            return Arrays.copyOf(buf, size);
        }
    }

    /**
     * Decodes a tree with the default registry in an automatic arena.
     *
     * @param root the root node
     * @param dtype its dtype
     * @param length its row count
     * @return the decoded array
     */
    public static Canonical decode(Node root, DType dtype, int length) {
        return decode(serialize(root), dtype, length);
    }

    /** @return the decoded array of a parsed segment */
    public static Canonical decode(SerializedArray array, DType dtype, int length) {
        DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), Arena.ofAuto(), false, 1L << 32);
        return ctx.decode(array.root(), dtype, length);
    }
}
