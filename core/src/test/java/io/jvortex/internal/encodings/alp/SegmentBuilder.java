package io.jvortex.internal.encodings.alp;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test-only: assembles serialized array segments ({@code [buffers][Array flatbuffer][u32 length]}) from a
 * node tree, so decoders can be tested without the Rust side, and small protobuf messages for metadata.
 * Shared by the tests of the numeric encodings.
 */
public final class SegmentBuilder {
    private SegmentBuilder() {
    }

    /**
     * One array node.
     *
     * @param id encoding id
     * @param metadata metadata bytes
     * @param buffers the node's own buffers
     * @param children child nodes
     */
    public record Node(String id, byte[] metadata, List<byte[]> buffers, List<Node> children) {
    }

    /**
     * @param id encoding id
     * @param metadata metadata bytes
     * @param children children
     * @return a node without buffers
     */
    public static Node node(String id, byte[] metadata, Node... children) {
        return new Node(id, metadata, List.of(), List.of(children));
    }

    /**
     * @param ptype the value type
     * @param values {@code n * width} little-endian bytes
     * @param validity one flag per row, or {@code null} for no validity child
     * @return a {@code vortex.primitive} node
     */
    public static Node primitive(PType ptype, byte[] values, boolean[] validity) {
        List<Node> kids = validity == null ? List.of() : List.of(bool(validity));
        return new Node("vortex.primitive", new byte[0], List.of(values), kids);
    }

    /** @param bits values @return a non-nullable {@code vortex.bool} node */
    public static Node bool(boolean[] bits) {
        byte[] packed = new byte[(bits.length + 7) / 8];
        for (int i = 0; i < bits.length; i++) {
            if (bits[i]) {
                packed[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return new Node("vortex.bool", new byte[0], List.of(packed), List.of());
    }

    /** @param v values @return a non-nullable i64 primitive node */
    public static Node i64s(long... v) {
        return primitive(PType.I64, le(v, 8), null);
    }

    /**
     * @param v values
     * @param width bytes per value (1, 2, 4 or 8)
     * @return the values truncated to {@code width} bytes each, little-endian
     */
    public static byte[] le(long[] v, int width) {
        ByteBuffer b = ByteBuffer.allocate(v.length * width).order(ByteOrder.LITTLE_ENDIAN);
        for (long x : v) {
            switch (width) {
                case 1 -> b.put((byte) x);
                case 2 -> b.putShort((short) x);
                case 4 -> b.putInt((int) x);
                case 8 -> b.putLong(x);
                default -> throw new IllegalArgumentException("width " + width);
            }
        }
        return b.array();
    }

    /** @param v values @return little-endian f64 bytes */
    public static byte[] leDoubles(double... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (double x : v) {
            b.putDouble(x);
        }
        return b.array();
    }

    /** @param v values @return little-endian f32 bytes */
    public static byte[] leFloats(float... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float x : v) {
            b.putFloat(x);
        }
        return b.array();
    }

    /**
     * Serializes a tree as a flat segment and parses it back.
     *
     * @param root the root node
     * @return the parsed array
     */
    public static SerializedArray serialize(Node root) {
        Map<String, Integer> ids = new LinkedHashMap<>();
        collectIds(root, ids);
        byte[] segment = segment(root, ids);
        return SerializedArray.parse(MemorySegment.ofArray(segment), 0, List.copyOf(ids.keySet()), "test", "root");
    }

    /**
     * Serializes and decodes a tree with the default registry.
     *
     * @param root the root node
     * @param dtype the root's dtype
     * @param length the root's length
     * @return the decoded array
     */
    public static Canonical decode(Node root, DType dtype, int length) {
        return decode(serialize(root), dtype, length);
    }

    /**
     * Decodes a parsed segment with the default registry in an automatic arena.
     *
     * @param array the parsed segment
     * @param dtype the root's dtype
     * @param length the root's length
     * @return the decoded array
     */
    public static Canonical decode(SerializedArray array, DType dtype, int length) {
        DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), Arena.ofAuto(), false, 1L << 32);
        return ctx.decode(array.root(), dtype, length);
    }

    /**
     * Decodes only some positions of a tree ({@link DecodeContext#take}: the encoding's point access
     * when it has one).
     *
     * @param root the tree
     * @param dtype the root's dtype
     * @param length the root's row count
     * @param indices ascending positions
     * @return those rows
     */
    public static Canonical take(Node root, DType dtype, int length, int[] indices) {
        DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), Arena.ofAuto(), false, 1L << 32);
        return ctx.take(serialize(root).root(), dtype, length, indices);
    }

    private static void collectIds(Node n, Map<String, Integer> ids) {
        ids.putIfAbsent(n.id(), ids.size());
        n.children().forEach(c -> collectIds(c, ids));
    }

    // ---- segment layout

    private static byte[] segment(Node root, Map<String, Integer> ids) {
        List<byte[]> buffers = new ArrayList<>();
        collectBuffers(root, buffers);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<int[]> descriptors = new ArrayList<>();
        for (byte[] b : buffers) {
            int padding = (8 - out.size() % 8) % 8;
            out.write(new byte[padding], 0, padding);
            out.write(b, 0, b.length);
            descriptors.add(new int[] {padding, b.length});
        }
        out.write(new byte[(8 - out.size() % 8) % 8], 0, (8 - out.size() % 8) % 8);
        byte[] fb = new FbWriter().array(root, ids, descriptors);
        out.write(fb, 0, fb.length);
        out.write(new byte[] {(byte) fb.length, (byte) (fb.length >>> 8), (byte) (fb.length >>> 16),
                              (byte) (fb.length >>> 24)}, 0, 4);
        return out.toByteArray();
    }

    private static void collectBuffers(Node n, List<byte[]> out) {
        out.addAll(n.buffers());
        n.children().forEach(c -> collectBuffers(c, out));
    }

    /**
     * A forward-writing flatbuffer builder: every table is preceded by its vtable and followed by the
     * objects it references, so all {@code uoffset}s point forward as the format requires.
     */
    private static final class FbWriter {
        private byte[] buf = new byte[256];
        private int size;
        private int nextBuffer;

        byte[] array(Node root, Map<String, Integer> ids, List<int[]> descriptors) {
            int rootRef = reserve(4);
            int table = table(2);
            patchOffset(rootRef, table);
            int rootField = table + 4;
            int buffersField = table + 8;
            patchOffset(rootField, node(root, ids));
            align(4);
            int vec = size;
            putInt(descriptors.size());
            for (int[] d : descriptors) {
                putShort(d[0]);
                putByte(3);
                putByte(0);
                putInt(d[1]);
            }
            patchOffset(buffersField, vec);
            return Arrays.copyOf(buf, size);
        }

        private int node(Node n, Map<String, Integer> ids) {
            int table = table(4);
            putShortAt(table + 4, ids.get(n.id()));
            int firstBuffer = nextBuffer;
            nextBuffer += n.buffers().size();

            align(4);
            patchOffset(table + 8, size);
            putInt(n.metadata().length);
            for (byte b : n.metadata()) {
                putByte(b);
            }

            align(4);
            int childVec = size;
            patchOffset(table + 12, childVec);
            putInt(n.children().size());
            int firstSlot = reserve(4 * n.children().size());

            align(4);
            patchOffset(table + 16, size);
            putInt(n.buffers().size());
            for (int i = 0; i < n.buffers().size(); i++) {
                putShort(firstBuffer + i);
            }

            for (int i = 0; i < n.children().size(); i++) {
                patchOffset(firstSlot + 4 * i, node(n.children().get(i), ids));
            }
            return table;
        }

        /** Writes a vtable for {@code fields} 4-byte fields and the table after it; returns the table position. */
        private int table(int fields) {
            align(4);
            int vt = size;
            int vtSize = 4 + 2 * fields;
            int tableSize = 4 + 4 * fields;
            putShort(vtSize);
            putShort(tableSize);
            for (int i = 0; i < fields; i++) {
                putShort(4 + 4 * i);
            }
            align(4);
            int table = size;
            putInt(table - vt);
            reserve(4 * fields);
            return table;
        }

        private void patchOffset(int at, int target) {
            putIntAt(at, target - at);
        }

        private int reserve(int n) {
            ensure(n);
            int at = size;
            size += n;
            return at;
        }

        private void align(int a) {
            while (size % a != 0) {
                putByte(0);
            }
        }

        private void ensure(int n) {
            if (size + n > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
            }
        }

        private void putByte(int v) {
            ensure(1);
            buf[size++] = (byte) v;
        }

        private void putShort(int v) {
            putByte(v);
            putByte(v >>> 8);
        }

        private void putInt(int v) {
            putShort(v);
            putShort(v >>> 16);
        }

        private void putShortAt(int at, int v) {
            buf[at] = (byte) v;
            buf[at + 1] = (byte) (v >>> 8);
        }

        private void putIntAt(int at, int v) {
            putShortAt(at, v);
            putShortAt(at + 2, v >>> 16);
        }
    }

    /** A protobuf message writer for metadata in tests. */
    public static final class Proto {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        /** @return a new empty message */
        public static Proto message() {
            return new Proto();
        }

        private void rawVarint(long v) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            out.write((int) v);
        }

        /** @param field field number @param v value @return this */
        public Proto varint(int field, long v) {
            rawVarint((long) field << 3);
            rawVarint(v);
            return this;
        }

        /** @param field field number @param v value, ZigZag-encoded @return this */
        public Proto sint64(int field, long v) {
            return varint(field, (v << 1) ^ (v >> 63));
        }

        /** @param field field number @param bytes payload @return this */
        public Proto bytes(int field, byte[] bytes) {
            rawVarint(((long) field << 3) | 2);
            rawVarint(bytes.length);
            out.write(bytes, 0, bytes.length);
            return this;
        }

        /** @param field field number @param m nested message @return this */
        public Proto message(int field, Proto m) {
            return bytes(field, m.build());
        }

        /** @param field field number @param values packed varints @return this */
        public Proto packed(int field, long... values) {
            Proto inner = new Proto();
            for (long v : values) {
                inner.rawVarint(v);
            }
            return bytes(field, inner.build());
        }

        /** @param bytes raw bytes appended as they are @return this */
        public Proto raw(byte... bytes) {
            out.write(bytes, 0, bytes.length);
            return this;
        }

        /** @return the encoded message */
        public byte[] build() {
            return out.toByteArray();
        }
    }
}
