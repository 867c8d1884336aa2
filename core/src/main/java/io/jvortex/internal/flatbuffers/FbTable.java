package io.jvortex.internal.flatbuffers;

import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A zero-copy, bounds-checked view of one FlatBuffers table inside a blob.
 *
 * <p>Every offset read from the blob is checked against the blob's bounds before it is followed,
 * so a corrupt or hostile blob yields a {@link VortexException} naming the blob and the absolute
 * byte offset, never an out-of-bounds access. Absent scalar fields read as their default; absent
 * vectors read as empty.
 */
public final class FbTable {
    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED;

    private final MemorySegment buf;
    private final Origin origin;
    private final long pos;
    private final long vtable;
    private final int vtableLength;

    /**
     * Where a blob came from, for error messages.
     *
     * @param source the file name
     * @param baseOffset the absolute offset of the blob's first byte in the file
     * @param what what the blob is, e.g. {@code footer}
     */
    public record Origin(String source, long baseOffset, String what) {
        VortexException error(long relOffset, String problem) {
            return new VortexException(source, baseOffset + relOffset, what, problem, null);
        }
    }

    private FbTable(MemorySegment buf, Origin origin, long pos) {
        this.buf = buf;
        this.origin = origin;
        this.pos = pos;
        long size = buf.byteSize();
        if (pos < 0 || pos + 4 > size) {
            throw origin.error(pos, "table offset " + pos + " outside the " + size + "-byte flatbuffer");
        }
        long vt = pos - (long) buf.get(U32, pos);
        if (vt < 0 || vt + 4 > size) {
            throw origin.error(pos, "vtable offset " + vt + " outside the " + size + "-byte flatbuffer");
        }
        int vtLen = Short.toUnsignedInt(buf.get(U16, vt));
        if (vtLen < 4 || (vtLen & 1) != 0 || vt + vtLen > size) {
            throw origin.error(vt, "invalid vtable length " + vtLen);
        }
        this.vtable = vt;
        this.vtableLength = vtLen;
    }

    /**
     * Opens the root table of a blob written without file identifier or size prefix.
     *
     * @param buf the blob
     * @param origin where it came from
     * @return the root table
     */
    public static FbTable root(MemorySegment buf, Origin origin) {
        if (buf.byteSize() < 8) {
            throw origin.error(0, "flatbuffer of " + buf.byteSize() + " bytes is too short");
        }
        long rootPos = Integer.toUnsignedLong(buf.get(U32, 0));
        return new FbTable(buf, origin, rootPos);
    }

    /** @return where this table's blob came from */
    public Origin origin() {
        return origin;
    }

    /** @return the absolute file offset of this table, for error messages */
    public long absoluteOffset() {
        return origin.baseOffset() + pos;
    }

    private long field(int index) {
        int o = 4 + 2 * index;
        if (o + 2 > vtableLength) {
            return 0;
        }
        int rel = Short.toUnsignedInt(buf.get(U16, vtable + o));
        if (rel == 0) {
            return 0;
        }
        long at = pos + rel;
        return at;
    }

    private long fieldChecked(int index, int width) {
        long at = field(index);
        if (at != 0 && at + width > buf.byteSize()) {
            throw origin.error(at, "field " + index + " (" + width + " bytes) runs past the end of the flatbuffer");
        }
        return at;
    }

    /**
     * @param index the field index
     * @return true when the field is present
     */
    public boolean has(int index) {
        return field(index) != 0;
    }

    /**
     * @param index field index
     * @param dflt default when absent
     * @return the unsigned byte
     */
    public int u8(int index, int dflt) {
        long at = fieldChecked(index, 1);
        return at == 0 ? dflt : Byte.toUnsignedInt(buf.get(ValueLayout.JAVA_BYTE, at));
    }

    /**
     * @param index field index
     * @param dflt default when absent
     * @return the signed byte
     */
    public int i8(int index, int dflt) {
        long at = fieldChecked(index, 1);
        return at == 0 ? dflt : buf.get(ValueLayout.JAVA_BYTE, at);
    }

    /**
     * @param index field index
     * @param dflt default when absent
     * @return the boolean (any non-zero byte is true)
     */
    public boolean bool(int index, boolean dflt) {
        long at = fieldChecked(index, 1);
        return at == 0 ? dflt : buf.get(ValueLayout.JAVA_BYTE, at) != 0;
    }

    /**
     * @param index field index
     * @param dflt default when absent
     * @return the unsigned 16-bit value
     */
    public int u16(int index, int dflt) {
        long at = fieldChecked(index, 2);
        return at == 0 ? dflt : Short.toUnsignedInt(buf.get(U16, at));
    }

    /**
     * @param index field index
     * @param dflt default when absent
     * @return the unsigned 32-bit value
     */
    public long u32(int index, long dflt) {
        long at = fieldChecked(index, 4);
        return at == 0 ? dflt : Integer.toUnsignedLong(buf.get(U32, at));
    }

    /**
     * @param index field index
     * @param dflt default when absent
     * @return the 64-bit value (callers treat it as unsigned where the schema says so)
     */
    public long u64(int index, long dflt) {
        long at = fieldChecked(index, 8);
        return at == 0 ? dflt : buf.get(U64, at);
    }

    private long indirect(int index) {
        long at = fieldChecked(index, 4);
        if (at == 0) {
            return 0;
        }
        long target = at + Integer.toUnsignedLong(buf.get(U32, at));
        if (target + 4 > buf.byteSize()) {
            throw origin.error(at, "field " + index + " points to offset " + target + " outside the flatbuffer");
        }
        return target;
    }

    /**
     * @param index field index
     * @return the sub-table, or {@code null} when absent
     */
    public FbTable table(int index) {
        long target = indirect(index);
        return target == 0 ? null : new FbTable(buf, origin, target);
    }

    /**
     * @param index field index of a vector
     * @return its element count (0 when absent)
     */
    public int vectorLength(int index) {
        long target = indirect(index);
        if (target == 0) {
            return 0;
        }
        long n = Integer.toUnsignedLong(buf.get(U32, target));
        if (n > (buf.byteSize() - target - 4)) {
            throw origin.error(target, "vector of " + n + " elements does not fit in the flatbuffer");
        }
        return (int) n;
    }

    private long element(int index, int i, int width) {
        long target = indirect(index);
        if (target == 0) {
            throw new IndexOutOfBoundsException("vector field " + index + " is absent");
        }
        long n = Integer.toUnsignedLong(buf.get(U32, target));
        if (i < 0 || i >= n) {
            throw new IndexOutOfBoundsException("index " + i + " of vector with " + n + " elements");
        }
        long at = target + 4 + (long) i * width;
        if (at + width > buf.byteSize()) {
            throw origin.error(at, "vector element " + i + " runs past the end of the flatbuffer");
        }
        return at;
    }

    /**
     * @param index field index of a vector of tables
     * @param i element index, {@code < vectorLength(index)}
     * @return the table
     */
    public FbTable tableAt(int index, int i) {
        long at = element(index, i, 4);
        long target = at + Integer.toUnsignedLong(buf.get(U32, at));
        return new FbTable(buf, origin, target);
    }

    /**
     * @param index field index of a vector of strings
     * @param i element index
     * @return the string
     */
    public String stringAt(int index, int i) {
        long at = element(index, i, 4);
        long target = at + Integer.toUnsignedLong(buf.get(U32, at));
        return readString(target);
    }

    /**
     * @param index field index of a vector of u16
     * @param i element index
     * @return the element
     */
    public int u16At(int index, int i) {
        return Short.toUnsignedInt(buf.get(U16, element(index, i, 2)));
    }

    /**
     * @param index field index of a vector of u32
     * @param i element index
     * @return the element
     */
    public long u32At(int index, int i) {
        return Integer.toUnsignedLong(buf.get(U32, element(index, i, 4)));
    }

    /**
     * @param index field index of a vector of bytes
     * @param i element index
     * @return the element as a signed byte
     */
    public byte i8At(int index, int i) {
        return buf.get(ValueLayout.JAVA_BYTE, element(index, i, 1));
    }

    /**
     * @param index field index of a {@code [ubyte]} vector
     * @return a zero-copy slice of its bytes (empty when absent)
     */
    public MemorySegment bytes(int index) {
        int n = vectorLength(index);
        if (n == 0) {
            return buf.asSlice(0, 0);
        }
        return buf.asSlice(indirect(index) + 4, n);
    }

    /**
     * @param index field index of a vector of fixed-size structs
     * @param structSize the struct's size in bytes
     * @return a zero-copy slice covering all structs (empty when absent)
     */
    public MemorySegment structVector(int index, int structSize) {
        int n = vectorLength(index);
        if (n == 0) {
            return buf.asSlice(0, 0);
        }
        long start = indirect(index) + 4;
        long bytes = (long) n * structSize;
        if (start + bytes > buf.byteSize()) {
            throw origin.error(start, "vector of " + n + " " + structSize + "-byte structs runs past the flatbuffer");
        }
        return buf.asSlice(start, bytes);
    }

    /**
     * @param index field index of a string
     * @return the string, or {@code null} when absent
     */
    public String string(int index) {
        long target = indirect(index);
        return target == 0 ? null : readString(target);
    }

    private String readString(long target) {
        if (target + 4 > buf.byteSize()) {
            throw origin.error(target, "string offset outside the flatbuffer");
        }
        long n = Integer.toUnsignedLong(buf.get(U32, target));
        if (n > buf.byteSize() - target - 4) {
            throw origin.error(target, "string of " + n + " bytes does not fit in the flatbuffer");
        }
        byte[] bytes = buf.asSlice(target + 4, n).toArray(ValueLayout.JAVA_BYTE);
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw origin.error(target, "string is not valid UTF-8");
        }
    }
}
