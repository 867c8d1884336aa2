package io.jvortex.arrow;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A small front-to-back FlatBuffers writer for the Arrow IPC metadata (Schema, Message, Footer).
 *
 * <p>The caller describes the object tree ({@link Table}, strings, vectors); {@link #finish} lays it out with
 * each child after its parent, so every {@code uoffset} points forward as the format requires. Each vtable
 * sits just before its table; scalars are aligned to their width relative to the start of the buffer, so
 * the result must be placed at an 8-aligned position (the IPC framing does).
 */
final class FbWriter {
    private byte[] buf = new byte[256];
    private int size;

    private FbWriter() {
    }

    /** A table under construction: scalar fields and references to child objects, by slot. */
    static final class Table {
        private final List<Entry> entries = new ArrayList<>();

        private record Entry(int slot, int width, long value, Object ref) {
        }

        Table add(int slot, int width, long value) {
            entries.add(new Entry(slot, width, value, null));
            return this;
        }

        Table bool(int slot, boolean value) {
            return add(slot, 1, value ? 1 : 0);
        }

        Table i8(int slot, int value) {
            return add(slot, 1, value);
        }

        Table i16(int slot, int value) {
            return add(slot, 2, value);
        }

        Table i32(int slot, int value) {
            return add(slot, 4, value);
        }

        Table i64(int slot, long value) {
            return add(slot, 8, value);
        }

        /**
         * A reference to a child: a {@link Table}, a {@link String}, a {@code byte[]} (ubyte vector), a
         * {@link StructVector} or a {@link TableVector}; null adds nothing.
         */
        Table ref(int slot, Object child) {
            if (child != null) {
                entries.add(new Entry(slot, 4, 0, child));
            }
            return this;
        }
    }

    /** A vector of structs (or scalars): raw little-endian bytes of {@code count} elements. */
    record StructVector(int count, int align, byte[] bytes) {
    }

    /** A vector of tables. */
    record TableVector(List<Table> tables) {
    }

    /** @return the bytes of a flatbuffer whose root is {@code root}, padded to a multiple of 8 */
    static byte[] finish(Table root) {
        FbWriter w = new FbWriter();
        w.reserve(4);
        int rootPos = w.write(root);
        w.putInt(0, rootPos);
        w.alignTo(8, 0);
        return Arrays.copyOf(w.buf, w.size);
    }

    private int write(Object obj) {
        return switch (obj) {
            case Table t -> writeTable(t);
            case String s -> writeBytes(s.getBytes(StandardCharsets.UTF_8), true);
            case byte[] b -> writeBytes(b, false);
            case StructVector v -> {
                alignTo(Math.max(4, v.align()), 4);
                int pos = size;
                reserve(4);
                putInt(pos, v.count());
                int at = reserve(v.bytes().length);
                System.arraycopy(v.bytes(), 0, buf, at, v.bytes().length);
                yield pos;
            }
            case TableVector v -> {
                alignTo(4, 0);
                int pos = size;
                reserve(4 + 4 * v.tables().size());
                putInt(pos, v.tables().size());
                for (int i = 0; i < v.tables().size(); i++) {
                    int slotPos = pos + 4 + 4 * i;
                    putInt(slotPos, write(v.tables().get(i)) - slotPos);
                }
                yield pos;
            }
            default -> throw new IllegalArgumentException("cannot write " + obj.getClass());
        };
    }

    private int writeBytes(byte[] bytes, boolean nulTerminated) {
        alignTo(4, 0);
        int pos = size;
        reserve(4);
        putInt(pos, bytes.length);
        int at = reserve(bytes.length + (nulTerminated ? 1 : 0));
        System.arraycopy(bytes, 0, buf, at, bytes.length);
        return pos;
    }

    private int writeTable(Table t) {
        List<Table.Entry> fields = new ArrayList<>(t.entries);
        fields.sort(Comparator.comparingInt(Table.Entry::width).reversed());
        int slots = 0;
        for (Table.Entry e : fields) {
            slots = Math.max(slots, e.slot() + 1);
        }
        int vtableLength = 4 + 2 * slots;
        alignTo(2, 0);
        int vtable = reserve(vtableLength);
        // the table starts 4 bytes before an 8-aligned position, so that its first (widest) field is aligned
        alignTo(8, 4);
        int table = size;
        reserve(4);
        putInt(table, table - vtable);
        int[] positions = new int[fields.size()];
        for (int i = 0; i < fields.size(); i++) {
            Table.Entry e = fields.get(i);
            alignTo(e.width(), 0);
            int at = reserve(e.width());
            positions[i] = at;
            for (int b = 0; b < e.width(); b++) {
                buf[at + b] = (byte) (e.value() >>> (8 * b));
            }
            putShort(vtable + 4 + 2 * e.slot(), at - table);
        }
        putShort(vtable, vtableLength);
        putShort(vtable + 2, size - table);
        for (int i = 0; i < fields.size(); i++) {
            Table.Entry e = fields.get(i);
            if (e.ref() != null) {
                int child = write(e.ref());
                putInt(positions[i], child - positions[i]);
            }
        }
        return table;
    }

    /** Pads with zeros until {@code size % align == remainder}. */
    private void alignTo(int align, int remainder) {
        while (size % align != remainder % align) {
            reserve(1);
        }
    }

    private int reserve(int n) {
        if (size + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
        }
        int at = size;
        size += n;
        return at;
    }

    private void putInt(int at, int v) {
        buf[at] = (byte) v;
        buf[at + 1] = (byte) (v >>> 8);
        buf[at + 2] = (byte) (v >>> 16);
        buf[at + 3] = (byte) (v >>> 24);
    }

    private void putShort(int at, int v) {
        buf[at] = (byte) v;
        buf[at + 1] = (byte) (v >>> 8);
    }
}
