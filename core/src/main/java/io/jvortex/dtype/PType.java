package io.jvortex.dtype;

import io.jvortex.error.VortexException;

/** Physical primitive types, numbered as in the Vortex flatbuffer and protobuf schemas. */
public enum PType {
    /** Unsigned 8-bit integer. */
    U8(0, 1, false, false),
    /** Unsigned 16-bit integer. */
    U16(1, 2, false, false),
    /** Unsigned 32-bit integer. */
    U32(2, 4, false, false),
    /** Unsigned 64-bit integer. */
    U64(3, 8, false, false),
    /** Signed 8-bit integer. */
    I8(4, 1, true, false),
    /** Signed 16-bit integer. */
    I16(5, 2, true, false),
    /** Signed 32-bit integer. */
    I32(6, 4, true, false),
    /** Signed 64-bit integer. */
    I64(7, 8, true, false),
    /** IEEE-754 binary16. */
    F16(8, 2, true, true),
    /** IEEE-754 binary32. */
    F32(9, 4, true, true),
    /** IEEE-754 binary64. */
    F64(10, 8, true, true);

    private static final PType[] BY_ID = values();

    private final int id;
    private final int byteWidth;
    private final boolean signed;
    private final boolean floating;

    PType(int id, int byteWidth, boolean signed, boolean floating) {
        this.id = id;
        this.byteWidth = byteWidth;
        this.signed = signed;
        this.floating = floating;
    }

    /** @return the wire id (0..10) */
    public int id() {
        return id;
    }

    /** @return the width of one value in bytes */
    public int byteWidth() {
        return byteWidth;
    }

    /** @return the width of one value in bits */
    public int bitWidth() {
        return byteWidth * 8;
    }

    /** @return true for signed integers and floats */
    public boolean isSigned() {
        return signed;
    }

    /** @return true for F16, F32, F64 */
    public boolean isFloat() {
        return floating;
    }

    /** @return true for the eight integer types */
    public boolean isInteger() {
        return !floating;
    }

    /** @return true for U8..U64 */
    public boolean isUnsignedInteger() {
        return !floating && !signed;
    }

    /** @return the unsigned integer type of the same width (itself for unsigned types) */
    public PType toUnsigned() {
        return switch (this) {
            case U8, I8 -> U8;
            case U16, I16, F16 -> U16;
            case U32, I32, F32 -> U32;
            case U64, I64, F64 -> U64;
        };
    }

    /** @return the signed integer type of the same width */
    public PType toSigned() {
        return switch (this) {
            case U8, I8 -> I8;
            case U16, I16, F16 -> I16;
            case U32, I32, F32 -> I32;
            case U64, I64, F64 -> I64;
        };
    }

    /**
     * Resolves a wire id.
     *
     * @param id the id read from a file
     * @return the ptype
     * @throws VortexException if the id is unknown
     */
    public static PType fromId(long id) {
        if (id < 0 || id >= BY_ID.length) {
            throw new VortexException("unknown ptype id " + id + ", expected 0..10");
        }
        return BY_ID[(int) id];
    }

    /** @return the lower-case name used by Vortex ({@code i32}, {@code f64}, …) */
    public String displayName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
