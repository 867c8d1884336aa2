package io.jvortex.scalar;

import io.jvortex.dtype.DType;
import java.math.BigInteger;
import java.util.Objects;

/**
 * A single typed value: what constant arrays, frame-of-reference references, sequence bases and
 * statistics hold.
 *
 * <p>{@code value} is {@code null} for null, else by dtype: {@link Boolean} for bool; {@link Long}
 * (raw two's-complement bits, so u64 above {@code Long.MAX_VALUE} is negative) for integers;
 * {@link Short} (binary16 bits) for f16; {@link Float}; {@link Double}; {@link BigInteger} (the
 * unscaled value) for decimals; {@code byte[]} for utf8 and binary; a {@code java.util.List<Scalar>}
 * for lists, fixed-size lists, structs (one per field) and maps (entries as key/value structs);
 * extension values are held as their storage value.
 *
 * @param dtype the value's type
 * @param value the value as described above
 */
public record Scalar(DType dtype, Object value) {
    /** Validates the components. */
    public Scalar {
        Objects.requireNonNull(dtype, "dtype");
    }

    /** @return true when the value is null */
    public boolean isNull() {
        return value == null;
    }

    /**
     * @param dtype a nullable type
     * @return the null scalar of that type
     */
    public static Scalar nullOf(DType dtype) {
        return new Scalar(dtype, null);
    }

    /** @return the integer value's raw bits (also f16 bits and bool as 0/1) */
    public long asLong() {
        return switch (value) {
            case Long l -> l;
            case Short s -> s & 0xFFFFL;
            case Boolean b -> b ? 1 : 0;
            case null -> throw new IllegalStateException("scalar is null");
            default -> throw new IllegalStateException("scalar of " + dtype.display() + " is not an integer");
        };
    }

    /** @return the float value widened to double */
    public double asDouble() {
        return switch (value) {
            case Double d -> d;
            case Float f -> f;
            case Short s -> Float.float16ToFloat(s);
            case Long l -> l;
            case null -> throw new IllegalStateException("scalar is null");
            default -> throw new IllegalStateException("scalar of " + dtype.display() + " is not numeric");
        };
    }

    /** @return the bytes of a utf8/binary value */
    public byte[] asBytes() {
        if (value instanceof byte[] b) {
            return b;
        }
        throw new IllegalStateException("scalar of " + dtype.display() + " is not bytes");
    }

    /** @return the unscaled value of a decimal */
    public BigInteger asBigInteger() {
        return switch (value) {
            case BigInteger b -> b;
            case Long l -> BigInteger.valueOf(l);
            case null -> throw new IllegalStateException("scalar is null");
            default -> throw new IllegalStateException("scalar of " + dtype.display() + " is not a decimal");
        };
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Scalar s) || !dtype.equals(s.dtype)) {
            return false;
        }
        if (value instanceof byte[] a && s.value instanceof byte[] b) {
            return java.util.Arrays.equals(a, b);
        }
        return Objects.equals(value, s.value);
    }

    @Override
    public int hashCode() {
        return value instanceof byte[] b ? java.util.Arrays.hashCode(b) : Objects.hash(dtype, value);
    }

    @Override
    public String toString() {
        Object v = value instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : value;
        return "Scalar[" + dtype.display() + " " + v + "]";
    }
}
