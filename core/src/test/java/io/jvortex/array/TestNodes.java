package io.jvortex.array;

import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test-only assembly of serialized array segments
 * ({@code [buffers][Array flatbuffer][u32 length]}) from a tree of {@link Node}s, so decoders can be
 * tested without the Rust side; plus tiny protobuf and {@code ScalarValue} writers for metadata.
 */
public final class TestNodes {
    private TestNodes() {
    }

    /**
     * One node of an array tree.
     *
     * @param encoding the encoding id
     * @param metadata metadata bytes
     * @param buffers the node's own buffers
     * @param children child nodes
     */
    public record Node(String encoding, byte[] metadata, List<byte[]> buffers, List<Node> children) {
        /**
         * @param encoding id
         * @param metadata metadata
         * @param buffers buffers
         * @param children children
         * @return the node
         */
        public static Node of(String encoding, byte[] metadata, List<byte[]> buffers, Node... children) {
            return new Node(encoding, metadata, buffers, List.of(children));
        }

        /**
         * @param extra more children
         * @return this node with children appended
         */
        public Node with(Node... extra) {
            List<Node> c = new ArrayList<>(children);
            c.addAll(List.of(extra));
            return new Node(encoding, metadata, buffers, c);
        }
    }

    /**
     * Serializes a tree and decodes it with the default registry.
     *
     * @param root the tree
     * @param dtype the root dtype
     * @param length the root length
     * @param arena where segment and decoded buffers live
     * @return the decoded array
     */
    public static Canonical decode(Node root, DType dtype, int length, Arena arena) {
        return new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30).decode(parse(root, arena), dtype,
                length);
    }

    /**
     * Serializes a tree and decodes only some positions of it ({@link DecodeContext#take}: the
     * encoding's point access when it has one).
     *
     * @param root the tree
     * @param dtype the root dtype
     * @param length the root length
     * @param indices ascending positions
     * @param arena where segment and decoded buffers live
     * @return those rows
     */
    public static Canonical take(Node root, DType dtype, int length, int[] indices, Arena arena) {
        return new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30).take(parse(root, arena), dtype,
                length, indices);
    }

    /**
     * Like {@link #decode} but with {@code allowUnknown}: unknown ids decode to opaque arrays.
     *
     * @param root the tree
     * @param dtype the root dtype
     * @param length the root length
     * @param arena where segment and decoded buffers live
     * @return the decoded array
     */
    public static Canonical decodeAllowingUnknown(Node root, DType dtype, int length, Arena arena) {
        return new DecodeContext(EncodingRegistry.defaults(), arena, true, 1L << 30).decode(parse(root, arena), dtype,
                length);
    }

    /**
     * @param root the tree
     * @param arena where the segment lives
     * @return the parsed root node
     */
    public static ArrayNode parse(Node root, Arena arena) {
        Map<String, Integer> ids = new LinkedHashMap<>();
        List<byte[]> buffers = new ArrayList<>();
        collect(root, ids, buffers);
        ByteArrayOutputStream seg = new ByteArrayOutputStream();
        List<int[]> descriptors = new ArrayList<>();
        for (byte[] b : buffers) {
            int padding = (16 - seg.size() % 16) % 16;
            seg.write(new byte[padding], 0, padding);
            descriptors.add(new int[] {padding, b.length});
            seg.write(b, 0, b.length);
        }
        int pad = (8 - seg.size() % 8) % 8;
        seg.write(new byte[pad], 0, pad);
        Fb fb = new Fb();
        byte[] flat = fb.array(root, ids, descriptors);
        seg.write(flat, 0, flat.length);
        byte[] len = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(flat.length).array();
        seg.write(len, 0, 4);
        MemorySegment s = TestSupport.segment(arena, seg.toByteArray());
        return SerializedArray.parse(s, 0, List.copyOf(ids.keySet()), "test", "root").root();
    }

    private static void collect(Node n, Map<String, Integer> ids, List<byte[]> buffers) {
        ids.putIfAbsent(n.encoding(), ids.size());
        buffers.addAll(n.buffers());
        for (Node c : n.children()) {
            collect(c, ids, buffers);
        }
    }

    /** A forward-writing flatbuffer builder: every offset points to a higher address. */
    private static final class Fb {
        private byte[] buf = new byte[256];
        private int size;
        private int nextBuffer;

        private void ensure(int n) {
            if (size + n > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
            }
        }

        private void align(int a) {
            while (size % a != 0) {
                u8(0);
            }
        }

        private int u8(int v) {
            ensure(1);
            buf[size] = (byte) v;
            return size++;
        }

        private int u16(int v) {
            ensure(2);
            buf[size] = (byte) v;
            buf[size + 1] = (byte) (v >>> 8);
            size += 2;
            return size - 2;
        }

        private int u32(int v) {
            ensure(4);
            setU32(size, v);
            size += 4;
            return size - 4;
        }

        private void setU32(int at, int v) {
            buf[at] = (byte) v;
            buf[at + 1] = (byte) (v >>> 8);
            buf[at + 2] = (byte) (v >>> 16);
            buf[at + 3] = (byte) (v >>> 24);
        }

        byte[] array(Node root, Map<String, Integer> ids, List<int[]> descriptors) {
            int rootSlot = u32(0);
            int vt = u16(8);
            u16(12);
            u16(4);
            u16(8);
            align(4);
            int table = u32(0);
            setU32(table, table - vt);
            int rootField = u32(0);
            int buffersField = u32(0);
            setU32(rootSlot, table);
            // Buffer structs are 8 bytes; align the elements (after the u32 length) to 8.
            while (size % 8 != 4) {
                u8(0);
            }
            setU32(buffersField, size - buffersField);
            u32(descriptors.size());
            for (int[] d : descriptors) {
                u16(d[0]);
                u8(4);
                u8(0);
                u32(d[1]);
            }
            int node = node(root, ids);
            setU32(rootField, node - rootField);
            return Arrays.copyOf(buf, size);
        }

        private int node(Node n, Map<String, Integer> ids) {
            align(2);
            int vt = u16(12);
            u16(20);
            u16(4);
            u16(8);
            u16(12);
            u16(16);
            align(4);
            int table = u32(0);
            setU32(table, table - vt);
            u16(ids.get(n.encoding()));
            u16(0);
            int metaField = u32(0);
            int childrenField = u32(0);
            int buffersField = u32(0);
            align(4);
            setU32(metaField, size - metaField);
            u32(n.metadata().length);
            for (byte b : n.metadata()) {
                u8(b);
            }
            align(4);
            setU32(buffersField, size - buffersField);
            u32(n.buffers().size());
            for (int i = 0; i < n.buffers().size(); i++) {
                u16(nextBuffer++);
            }
            align(4);
            setU32(childrenField, size - childrenField);
            u32(n.children().size());
            int[] slots = new int[n.children().size()];
            for (int i = 0; i < slots.length; i++) {
                slots[i] = u32(0);
            }
            for (int i = 0; i < slots.length; i++) {
                int child = node(n.children().get(i), ids);
                setU32(slots[i], child - slots[i]);
            }
            return table;
        }
    }

    /** A minimal protobuf writer. */
    public static final class Proto {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        /** @return a new, empty message */
        public static Proto message() {
            return new Proto();
        }

        private void raw(long v) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            out.write((int) v);
        }

        /**
         * @param field field number
         * @param value varint value
         * @return this
         */
        public Proto varint(int field, long value) {
            raw((long) field << 3);
            raw(value);
            return this;
        }

        /**
         * @param field field number
         * @param value bytes
         * @return this
         */
        public Proto bytes(int field, byte[] value) {
            raw(((long) field << 3) | 2);
            raw(value.length);
            out.write(value, 0, value.length);
            return this;
        }

        /**
         * @param field field number
         * @param bits fixed 64-bit value
         * @return this
         */
        public Proto fixed64(int field, long bits) {
            raw(((long) field << 3) | 1);
            for (int i = 0; i < 8; i++) {
                out.write((int) (bits >>> (8 * i)));
            }
            return this;
        }

        /**
         * @param field field number
         * @param bits fixed 32-bit value
         * @return this
         */
        public Proto fixed32(int field, int bits) {
            raw(((long) field << 3) | 5);
            for (int i = 0; i < 4; i++) {
                out.write(bits >>> (8 * i));
            }
            return this;
        }

        /** @return the encoded message */
        public byte[] build() {
            return out.toByteArray();
        }
    }

    /** {@code ScalarValue} encoders (scalar.proto). */
    public static final class Sv {
        private Sv() {
        }

        /** @return the null value */
        public static byte[] nul() {
            return Proto.message().varint(1, 0).build();
        }

        /** @param v a boolean @return its ScalarValue */
        public static byte[] bool(boolean v) {
            return Proto.message().varint(2, v ? 1 : 0).build();
        }

        /** @param v a signed integer @return its ScalarValue (ZigZag int64_value) */
        public static byte[] i64(long v) {
            return Proto.message().varint(3, (v << 1) ^ (v >> 63)).build();
        }

        /** @param v an unsigned integer @return its ScalarValue */
        public static byte[] u64(long v) {
            return Proto.message().varint(4, v).build();
        }

        /** @param v a float @return its ScalarValue */
        public static byte[] f32(float v) {
            return Proto.message().fixed32(5, Float.floatToRawIntBits(v)).build();
        }

        /** @param v a double @return its ScalarValue */
        public static byte[] f64(double v) {
            return Proto.message().fixed64(6, Double.doubleToRawLongBits(v)).build();
        }

        /** @param v a string @return its ScalarValue */
        public static byte[] str(String v) {
            return Proto.message().bytes(7, v.getBytes(StandardCharsets.UTF_8)).build();
        }

        /** @param v bytes @return their ScalarValue */
        public static byte[] bin(byte[] v) {
            return Proto.message().bytes(8, v).build();
        }

        /** @param items item ScalarValues @return the list ScalarValue */
        public static byte[] list(byte[]... items) {
            Proto inner = Proto.message();
            for (byte[] i : items) {
                inner.bytes(1, i);
            }
            return Proto.message().bytes(9, inner.build()).build();
        }
    }

    /**
     * @param values little-endian value bytes
     * @return a {@code vortex.primitive} node without validity
     */
    public static Node primitive(byte[] values) {
        return Node.of("vortex.primitive", new byte[0], List.of(values));
    }

    /**
     * @param values values written as u8
     * @return a primitive node of u8 values
     */
    public static Node u8(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return primitive(b);
    }

    /**
     * @param values values written as u16/i16
     * @return a primitive node of 16-bit values
     */
    public static Node i16(int... values) {
        ByteBuffer b = ByteBuffer.allocate(2 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putShort((short) v);
        }
        return primitive(b.array());
    }

    /**
     * @param values values written as i32/u32
     * @return a primitive node of 32-bit values
     */
    public static Node i32(int... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return primitive(b.array());
    }

    /**
     * @param values values written as i64/u64
     * @return a primitive node of 64-bit values
     */
    public static Node i64(long... values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return primitive(b.array());
    }

    /**
     * @param values values written as f64
     * @return a primitive node of doubles
     */
    public static Node f64(double... values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : values) {
            b.putDouble(v);
        }
        return primitive(b.array());
    }

    /**
     * @param values the bits
     * @return a {@code vortex.bool} node (also usable as a validity child)
     */
    public static Node bools(boolean... values) {
        byte[] b = new byte[(values.length + 7) / 8];
        for (int i = 0; i < values.length; i++) {
            if (values[i]) {
                b[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        return Node.of("vortex.bool", new byte[0], List.of(b));
    }

    /**
     * @param scalarValue a serialized ScalarValue
     * @return a {@code vortex.constant} node
     */
    public static Node constant(byte[] scalarValue) {
        return Node.of("vortex.constant", new byte[0], List.of(scalarValue));
    }
}
