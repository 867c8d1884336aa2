package io.jvortex.internal.flatbuffers;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A minimal FlatBuffers builder producing blobs in the layout {@link FbTable} and the Rust
 * {@code flatbuffers} crate read: little-endian, every scalar aligned to its size, no file
 * identifier and no size prefix ({@code finish_minimal}).
 *
 * <p>Like the reference builders it writes <em>back to front</em>: the buffer grows towards lower
 * addresses, so an object's children (strings, vectors, sub-tables) are finished before the object
 * that refers to them, and every reference is a positive forward offset. Offsets returned by the
 * {@code create…}/{@code endTable} methods are measured from the end of the buffer and stay valid
 * while it grows. Alignment is kept relative to the end; {@link #finish} pads the front so the
 * blob's length is a multiple of the largest alignment used, which makes "aligned from the end"
 * equal "aligned from the start".
 *
 * <p>Usage: build children first, then {@code startTable(n)}, {@code add…(field, …)},
 * {@code endTable()}; at most one table may be open at a time and vectors/strings must not be
 * created while a table is open. Scalar fields equal to their default are omitted, as the
 * reference writers do; use the {@code …Always} variants for fields declared {@code = null}
 * (optional scalars) and union tags. Identical vtables are written once and shared, as the
 * reference builders do.
 *
 * <p>Not thread-safe; one builder per blob.
 */
public final class FbBuilder {
    private byte[] buf;
    /** Index of the first used byte; data occupies {@code [space, buf.length)}. */
    private int space;
    private int minAlign = 1;
    private int[] vtable = new int[16];
    private int vtableFields = -1;
    private int tableStart;
    private boolean finished;
    /** End-relative offsets of the distinct vtables written so far, for sharing. */
    private int[] vtables = new int[16];
    private int vtableCount;

    /** Creates a builder with a small initial buffer. */
    public FbBuilder() {
        this(256);
    }

    /** @param initialCapacity the initial buffer size in bytes */
    public FbBuilder(int initialCapacity) {
        buf = new byte[Math.max(initialCapacity, 16)];
        space = buf.length;
    }

    /** @return the number of bytes written so far (the offset of the next object from the end) */
    public int offset() {
        return buf.length - space;
    }

    private void grow(int needed) {
        int used = offset();
        long want = Math.max((long) buf.length * 2, (long) used + needed + 16);
        if (want > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("flatbuffer larger than 2 GiB");
        }
        byte[] next = new byte[(int) want];
        System.arraycopy(buf, space, next, next.length - used, used);
        buf = next;
        space = next.length - used;
    }

    /**
     * Makes room for {@code additionalBytes} followed by a value of {@code size} bytes aligned to
     * {@code size}: pads so that, after {@code additionalBytes} more bytes, the offset is a multiple
     * of {@code size}.
     */
    private void prep(int size, int additionalBytes) {
        if (size > minAlign) {
            minAlign = size;
        }
        int pad = (-(offset() + additionalBytes)) & (size - 1);
        if (space < pad + size + additionalBytes) {
            grow(pad + size + additionalBytes);
        }
        space -= pad; // the new bytes are already zero
    }

    private void checkNotFinished() {
        if (finished) {
            throw new IllegalStateException("builder already finished");
        }
    }

    private void checkNoTable(String what) {
        if (vtableFields >= 0) {
            throw new IllegalStateException(what + " while a table is open");
        }
    }

    private void putByte(int v) {
        buf[--space] = (byte) v;
    }

    private void putShort(int v) {
        space -= 2;
        buf[space] = (byte) v;
        buf[space + 1] = (byte) (v >>> 8);
    }

    private void putInt(int v) {
        space -= 4;
        writeIntAt(space, v);
    }

    private void writeIntAt(int at, int v) {
        buf[at] = (byte) v;
        buf[at + 1] = (byte) (v >>> 8);
        buf[at + 2] = (byte) (v >>> 16);
        buf[at + 3] = (byte) (v >>> 24);
    }

    private void putLong(long v) {
        space -= 8;
        for (int i = 0; i < 8; i++) {
            buf[space + i] = (byte) (v >>> (8 * i));
        }
    }

    // ---------------------------------------------------------------- strings and vectors

    /**
     * @param s a string
     * @return the offset of the UTF-8 string (length prefix, bytes, NUL terminator)
     */
    public int createString(String s) {
        return createString(s.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param utf8 the string's UTF-8 bytes
     * @return the offset of the string
     */
    public int createString(byte[] utf8) {
        checkNotFinished();
        checkNoTable("createString");
        prep(4, utf8.length + 1);
        putByte(0);
        space -= utf8.length;
        System.arraycopy(utf8, 0, buf, space, utf8.length);
        putInt(utf8.length);
        return offset();
    }

    /**
     * @param bytes the elements
     * @return the offset of a {@code [ubyte]} vector
     */
    public int createByteVector(byte[] bytes) {
        return createStructVector(bytes, 1, 1);
    }

    /**
     * Creates a vector of fixed-size structs (or of any scalar type) from their packed
     * little-endian bytes.
     *
     * @param packed the elements' bytes, back to back, {@code count * structSize} bytes
     * @param structSize the size of one element in bytes
     * @param alignment the element alignment (a power of two, usually the largest member's size)
     * @return the offset of the vector
     */
    public int createStructVector(byte[] packed, int structSize, int alignment) {
        checkNotFinished();
        checkNoTable("createVector");
        if (structSize <= 0 || packed.length % structSize != 0) {
            throw new IllegalArgumentException(packed.length + " bytes are not a whole number of "
                    + structSize + "-byte elements");
        }
        if (Integer.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("alignment " + alignment + " is not a power of two");
        }
        prep(4, packed.length);
        prep(alignment, packed.length);
        space -= packed.length;
        System.arraycopy(packed, 0, buf, space, packed.length);
        putInt(packed.length / structSize);
        return offset();
    }

    /**
     * @param values the elements
     * @return the offset of a {@code [ushort]} vector (values taken modulo 2^16)
     */
    public int createU16Vector(int[] values) {
        byte[] packed = new byte[values.length * 2];
        for (int i = 0; i < values.length; i++) {
            packed[2 * i] = (byte) values[i];
            packed[2 * i + 1] = (byte) (values[i] >>> 8);
        }
        return createStructVector(packed, 2, 2);
    }

    /**
     * @param values the elements
     * @return the offset of a {@code [uint]} vector (values taken modulo 2^32)
     */
    public int createU32Vector(long[] values) {
        byte[] packed = new byte[values.length * 4];
        for (int i = 0; i < values.length; i++) {
            for (int k = 0; k < 4; k++) {
                packed[4 * i + k] = (byte) (values[i] >>> (8 * k));
            }
        }
        return createStructVector(packed, 4, 4);
    }

    /**
     * @param offsets offsets of tables or strings, in element order
     * @return the offset of a vector of references to them
     */
    public int createOffsetVector(int[] offsets) {
        checkNotFinished();
        checkNoTable("createVector");
        prep(4, 4 * offsets.length);
        for (int i = offsets.length - 1; i >= 0; i--) {
            putOffsetValue(offsets[i]);
        }
        putInt(offsets.length);
        return offset();
    }

    private void putOffsetValue(int target) {
        prep(4, 0);
        if (target <= 0 || target > offset()) {
            throw new IllegalArgumentException("offset " + target + " does not refer to an object already written");
        }
        putInt(offset() - target + 4);
    }

    // ---------------------------------------------------------------- tables

    /**
     * Opens a table.
     *
     * @param fieldCount the number of fields in the schema (an upper bound on field indices + 1)
     */
    public void startTable(int fieldCount) {
        checkNotFinished();
        checkNoTable("startTable");
        if (vtable.length < fieldCount) {
            vtable = new int[fieldCount];
        }
        Arrays.fill(vtable, 0, fieldCount, 0);
        vtableFields = fieldCount;
        tableStart = offset();
    }

    private void slot(int field) {
        if (vtableFields < 0) {
            throw new IllegalStateException("no table is open");
        }
        if (field < 0 || field >= vtableFields) {
            throw new IllegalArgumentException("field " + field + " outside the table's " + vtableFields + " fields");
        }
        vtable[field] = offset();
    }

    /**
     * @param field field index
     * @param value the value
     * @param dflt the schema default (the field is omitted when equal)
     */
    public void addBool(int field, boolean value, boolean dflt) {
        if (value != dflt) {
            addBoolAlways(field, value);
        }
    }

    /**
     * Adds a boolean even when it equals the default (optional scalars declared {@code = null}).
     *
     * @param field field index
     * @param value the value
     */
    public void addBoolAlways(int field, boolean value) {
        addByteAlways(field, value ? 1 : 0);
    }

    /**
     * @param field field index
     * @param value the value (low 8 bits)
     * @param dflt the schema default (the field is omitted when equal)
     */
    public void addByte(int field, int value, int dflt) {
        if ((byte) value != (byte) dflt) {
            addByteAlways(field, value);
        }
    }

    /**
     * @param field field index
     * @param value the value (low 8 bits), written even when it is the default
     */
    public void addByteAlways(int field, int value) {
        prep(1, 0);
        putByte(value);
        slot(field);
    }

    /**
     * @param field field index
     * @param value the value (low 16 bits)
     * @param dflt the schema default (the field is omitted when equal)
     */
    public void addShort(int field, int value, int dflt) {
        if ((short) value != (short) dflt) {
            prep(2, 0);
            putShort(value);
            slot(field);
        }
    }

    /**
     * @param field field index
     * @param value the value (low 32 bits)
     * @param dflt the schema default (the field is omitted when equal)
     */
    public void addInt(int field, long value, long dflt) {
        if ((int) value != (int) dflt) {
            prep(4, 0);
            putInt((int) value);
            slot(field);
        }
    }

    /**
     * @param field field index
     * @param value the value
     * @param dflt the schema default (the field is omitted when equal)
     */
    public void addLong(int field, long value, long dflt) {
        if (value != dflt) {
            addLongAlways(field, value);
        }
    }

    /**
     * @param field field index
     * @param value the value, written even when it is the default
     */
    public void addLongAlways(int field, long value) {
        prep(8, 0);
        putLong(value);
        slot(field);
    }

    /**
     * @param field field index
     * @param target the offset of a table, vector or string already written
     */
    public void addOffset(int field, int target) {
        putOffsetValue(target);
        slot(field);
    }

    /**
     * Closes the open table, writing its vtable just before it.
     *
     * @return the table's offset
     */
    public int endTable() {
        if (vtableFields < 0) {
            throw new IllegalStateException("no table is open");
        }
        prep(4, 0);
        putInt(0); // placeholder for the soffset to the vtable
        int tableOffset = offset();
        int n = vtableFields;
        while (n > 0 && vtable[n - 1] == 0) {
            n--;
        }
        int tableSize = tableOffset - tableStart;
        if (tableSize > 0xFFFF) {
            throw new IllegalStateException("table of " + tableSize + " bytes exceeds the vtable's 16-bit offsets");
        }
        if (space < 4 + 2 * n) {
            grow(4 + 2 * n);
        }
        for (int i = n - 1; i >= 0; i--) {
            putShort(vtable[i] == 0 ? 0 : tableOffset - vtable[i]);
        }
        putShort(tableSize);
        putShort(4 + 2 * n);
        int vtableOffset = offset();
        int existing = findVtable(4 + 2 * n);
        if (existing != 0) {
            space += 4 + 2 * n; // drop the copy, point at the earlier identical vtable
            vtableOffset = existing;
        } else {
            if (vtableCount == vtables.length) {
                vtables = Arrays.copyOf(vtables, vtableCount * 2);
            }
            vtables[vtableCount++] = vtableOffset;
        }
        // soffset: table position minus vtable position (negative when sharing a vtable written earlier, which lies after the table)
        writeIntAt(buf.length - tableOffset, vtableOffset - tableOffset);
        vtableFields = -1;
        return tableOffset;
    }

    /** @return the end-relative offset of a vtable equal to the one just written at {@code space}, or 0 */
    private int findVtable(int length) {
        for (int i = 0; i < vtableCount; i++) {
            int at = buf.length - vtables[i];
            if (at + length <= buf.length && Arrays.equals(buf, at, at + length, buf, space, space + length)) {
                return vtables[i];
            }
        }
        return 0;
    }

    /**
     * Finishes the blob with {@code root} as its root table ({@code finish_minimal}: no identifier,
     * no size prefix).
     *
     * @param root the root table's offset
     * @return the blob
     */
    public byte[] finish(int root) {
        checkNotFinished();
        checkNoTable("finish");
        prep(minAlign, 4);
        putOffsetValue(root);
        finished = true;
        return Arrays.copyOfRange(buf, space, buf.length);
    }
}
