package io.jvortex.internal.protobuf;

import java.util.Arrays;

/**
 * A protobuf wire-format writer for the small metadata messages and {@code ScalarValue}s, following
 * the proto3 rules the reference ({@code prost}) applies: a plain scalar field equal to zero/false
 * and an empty bytes/string field are <em>not</em> written; fields declared {@code optional} and
 * members of a {@code oneof} are written whenever set, zero included (use the {@code …Always}
 * methods); repeated scalars are packed. An empty message encodes to zero bytes.
 *
 * <p>Fields are written in the order of the calls; callers follow field-number order as
 * {@code prost} does, so the bytes match the reference.
 */
public final class ProtoWriter {
    private byte[] buf = new byte[32];
    private int size;

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    private void rawByte(int b) {
        ensure(1);
        buf[size++] = (byte) b;
    }

    private void rawVarint(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
    }

    private void key(int field, int wireType) {
        if (field <= 0 || field > (1 << 29) - 1) {
            throw new IllegalArgumentException("field number " + field);
        }
        rawVarint(((long) field << 3) | wireType);
    }

    /**
     * A varint field (uint32/uint64/int64/enum/bool), omitted when zero.
     *
     * @param field the field number
     * @param value the value's 64 bits (negative int64/int32 take ten bytes, as in protobuf)
     * @return this writer
     */
    public ProtoWriter varint(int field, long value) {
        return value == 0 ? this : varintAlways(field, value);
    }

    /**
     * A varint field written even when zero ({@code optional} fields, oneof members).
     *
     * @param field the field number
     * @param value the value
     * @return this writer
     */
    public ProtoWriter varintAlways(int field, long value) {
        key(field, ProtoReader.VARINT);
        rawVarint(value);
        return this;
    }

    /**
     * A bool field, omitted when false.
     *
     * @param field the field number
     * @param value the value
     * @return this writer
     */
    public ProtoWriter bool(int field, boolean value) {
        return varint(field, value ? 1 : 0);
    }

    /**
     * A ZigZag {@code sint64} field, omitted when zero.
     *
     * @param field the field number
     * @param value the value
     * @return this writer
     */
    public ProtoWriter sint64(int field, long value) {
        return value == 0 ? this : sint64Always(field, value);
    }

    /**
     * A ZigZag {@code sint64} field written even when zero.
     *
     * @param field the field number
     * @param value the value
     * @return this writer
     */
    public ProtoWriter sint64Always(int field, long value) {
        return varintAlways(field, zigzag(value));
    }

    /**
     * @param value a signed value
     * @return its ZigZag encoding
     */
    public static long zigzag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    /**
     * A {@code fixed32}/{@code float} field written even when zero (the callers' float fields are
     * oneof members).
     *
     * @param field the field number
     * @param bits the 32 bits
     * @return this writer
     */
    public ProtoWriter fixed32Always(int field, int bits) {
        key(field, ProtoReader.I32);
        ensure(4);
        for (int i = 0; i < 4; i++) {
            buf[size++] = (byte) (bits >>> (8 * i));
        }
        return this;
    }

    /**
     * A {@code fixed64}/{@code double} field written even when zero.
     *
     * @param field the field number
     * @param bits the 64 bits
     * @return this writer
     */
    public ProtoWriter fixed64Always(int field, long bits) {
        key(field, ProtoReader.I64);
        ensure(8);
        for (int i = 0; i < 8; i++) {
            buf[size++] = (byte) (bits >>> (8 * i));
        }
        return this;
    }

    /**
     * A bytes/string field, omitted when empty.
     *
     * @param field the field number
     * @param value the bytes
     * @return this writer
     */
    public ProtoWriter bytes(int field, byte[] value) {
        return value.length == 0 ? this : bytesAlways(field, value);
    }

    /**
     * A length-delimited field written even when empty: {@code optional} bytes, oneof members, and
     * nested messages that must be present (an empty message is then {@code key 00}).
     *
     * @param field the field number
     * @param value the bytes (a string's UTF-8 or a nested message's encoding)
     * @return this writer
     */
    public ProtoWriter bytesAlways(int field, byte[] value) {
        key(field, ProtoReader.LEN);
        rawVarint(value.length);
        ensure(value.length);
        System.arraycopy(value, 0, buf, size, value.length);
        size += value.length;
        return this;
    }

    /**
     * A nested message field ({@code optional} semantics: written when the message is given, even
     * if it encodes to zero bytes).
     *
     * @param field the field number
     * @param message the nested message, or {@code null} to omit the field
     * @return this writer
     */
    public ProtoWriter message(int field, ProtoWriter message) {
        return message == null ? this : bytesAlways(field, message.toByteArray());
    }

    /**
     * A packed repeated varint field, omitted when empty.
     *
     * @param field the field number
     * @param values the values
     * @return this writer
     */
    public ProtoWriter packedVarints(int field, long[] values) {
        if (values.length == 0) {
            return this;
        }
        ProtoWriter inner = new ProtoWriter();
        for (long v : values) {
            inner.rawVarint(v);
        }
        return bytesAlways(field, inner.toByteArray());
    }

    /** @return the number of bytes written */
    public int size() {
        return size;
    }

    /** @return a copy of the encoded message */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }
}
