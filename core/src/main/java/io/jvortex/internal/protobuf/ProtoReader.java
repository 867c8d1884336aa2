package io.jvortex.internal.protobuf;

import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A bounds-checked protobuf wire-format reader over a {@link MemorySegment}, for the small
 * per-encoding and per-layout metadata messages and {@code ScalarValue}s.
 *
 * <p>Usage: {@code while (r.next()) switch (r.field()) { case 1 -> x = r.varint(); default -> r.skip(); }}.
 * Malformed input throws {@link VortexException} with the relative offset; callers add location.
 */
public final class ProtoReader {
    /** Wire type of varints. */
    public static final int VARINT = 0;
    /** Wire type of 64-bit fixed values. */
    public static final int I64 = 1;
    /** Wire type of length-delimited values. */
    public static final int LEN = 2;
    /** Wire type of 32-bit fixed values. */
    public static final int I32 = 5;

    private final MemorySegment buf;
    private final String what;
    private long pos;
    private int field;
    private int wireType;

    /**
     * @param buf the message bytes
     * @param what the message name, for errors
     */
    public ProtoReader(MemorySegment buf, String what) {
        this.buf = buf;
        this.what = what;
    }

    /**
     * @param bytes the message bytes
     * @param what the message name, for errors
     */
    public ProtoReader(byte[] bytes, String what) {
        this(MemorySegment.ofArray(bytes), what);
    }

    private VortexException error(String problem) {
        return new VortexException(what + " (protobuf) at relative byte " + pos + ": " + problem);
    }

    /**
     * Advances to the next field.
     *
     * @return false at the end of the message
     */
    public boolean next() {
        if (pos >= buf.byteSize()) {
            return false;
        }
        long key = readVarint();
        field = (int) (key >>> 3);
        wireType = (int) (key & 7);
        if (field == 0 || (key >>> 3) > Integer.MAX_VALUE) {
            throw error("invalid field number " + (key >>> 3));
        }
        if (wireType != VARINT && wireType != I64 && wireType != LEN && wireType != I32) {
            throw error("unsupported wire type " + wireType + " for field " + field);
        }
        return true;
    }

    /** @return the current field number */
    public int field() {
        return field;
    }

    /** @return the current wire type */
    public int wireType() {
        return wireType;
    }

    private void expect(int wt) {
        if (wireType != wt) {
            throw error("field " + field + " has wire type " + wireType + ", expected " + wt);
        }
    }

    private long readVarint() {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= buf.byteSize()) {
                throw error("truncated varint");
            }
            byte b = buf.get(ValueLayout.JAVA_BYTE, pos++);
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return result;
            }
        }
        throw error("varint longer than 10 bytes");
    }

    /** @return the current varint field (uint64/int64/enum/bool), as raw 64 bits */
    public long varint() {
        expect(VARINT);
        return readVarint();
    }

    /** @return the current varint field decoded as ZigZag sint64 */
    public long sint64() {
        long v = varint();
        return (v >>> 1) ^ -(v & 1);
    }

    /**
     * @param max the largest value accepted
     * @return the current varint field as a non-negative int no larger than {@code max}
     */
    public int varintAsInt(int max) {
        long v = varint();
        if (v < 0 || v > max) {
            throw error("field " + field + " = " + Long.toUnsignedString(v) + " exceeds " + max);
        }
        return (int) v;
    }

    /** @return the current fixed 64-bit field */
    public long fixed64() {
        expect(I64);
        if (pos + 8 > buf.byteSize()) {
            throw error("truncated fixed64");
        }
        long v = buf.get(ValueLayout.JAVA_LONG_UNALIGNED, pos);
        pos += 8;
        return v;
    }

    /** @return the current fixed 32-bit field */
    public int fixed32() {
        expect(I32);
        if (pos + 4 > buf.byteSize()) {
            throw error("truncated fixed32");
        }
        int v = buf.get(ValueLayout.JAVA_INT_UNALIGNED, pos);
        pos += 4;
        return v;
    }

    /** @return the current length-delimited field as a zero-copy slice */
    public MemorySegment bytes() {
        expect(LEN);
        long n = readVarint();
        if (n < 0 || n > buf.byteSize() - pos) {
            throw error("length " + Long.toUnsignedString(n) + " of field " + field + " exceeds the message");
        }
        MemorySegment s = buf.asSlice(pos, n);
        pos += n;
        return s;
    }

    /** @return the current length-delimited field copied into a byte array */
    public byte[] byteArray() {
        return bytes().toArray(ValueLayout.JAVA_BYTE);
    }

    /** @return the current length-delimited field decoded as UTF-8 */
    public String string() {
        return new String(byteArray(), java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * Reads a packed repeated varint field (or one unpacked element).
     *
     * @param out where to add the values
     */
    public void packedVarints(java.util.function.LongConsumer out) {
        if (wireType == VARINT) {
            out.accept(readVarint());
            return;
        }
        MemorySegment s = bytes();
        ProtoReader inner = new ProtoReader(s, what);
        while (inner.pos < s.byteSize()) {
            out.accept(inner.readVarint());
        }
    }

    /** Skips the current field. */
    public void skip() {
        switch (wireType) {
            case VARINT -> readVarint();
            case I64 -> fixed64();
            case I32 -> fixed32();
            case LEN -> bytes();
            default -> throw error("cannot skip wire type " + wireType);
        }
    }
}
