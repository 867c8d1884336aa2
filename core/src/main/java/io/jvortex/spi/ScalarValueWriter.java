package io.jvortex.spi;

import io.jvortex.array.Canonicals;
import io.jvortex.dtype.DType;
import io.jvortex.internal.protobuf.ProtoWriter;
import io.jvortex.scalar.Scalar;
import java.math.BigInteger;
import java.util.List;

/**
 * Encodes a {@link Scalar} as the {@code ScalarValue} protobuf of scalar.proto, the way the reference
 * writes it: the oneof member is always written (so null is {@code 08 00} and false {@code 10 00});
 * signed integers use the ZigZag {@code int64_value}, unsigned ones {@code uint64_value}; f16 its bits
 * in {@code f16_value}; decimals the two's-complement little-endian unscaled value at the smallest
 * storage width for the precision that holds it; lists, fixed-size lists and structs a
 * {@code ListValue} of their items; extension values their storage value.
 */
public final class ScalarValueWriter {
    private static final int NULL_VALUE = 1;
    private static final int BOOL_VALUE = 2;
    private static final int INT64_VALUE = 3;
    private static final int UINT64_VALUE = 4;
    private static final int F32_VALUE = 5;
    private static final int F64_VALUE = 6;
    private static final int STRING_VALUE = 7;
    private static final int BYTES_VALUE = 8;
    private static final int LIST_VALUE = 9;
    private static final int F16_VALUE = 10;

    private ScalarValueWriter() {
    }

    /**
     * @param scalar the value
     * @return its {@code ScalarValue} bytes
     * @throws IllegalArgumentException for variant and union values, which this writer does not
     *     support, or a value that does not fit its dtype
     */
    public static byte[] encode(Scalar scalar) {
        return message(scalar).toByteArray();
    }

    private static ProtoWriter message(Scalar scalar) {
        ProtoWriter w = new ProtoWriter();
        if (scalar.isNull()) {
            if (!scalar.dtype().nullable()) {
                throw new IllegalArgumentException("null scalar of non-nullable " + scalar.dtype().display());
            }
            return w.varintAlways(NULL_VALUE, 0);
        }
        DType dtype = scalar.dtype();
        while (dtype instanceof DType.Extension e) {
            dtype = e.storage();
        }
        Object value = scalar.value();
        switch (dtype) {
            case DType.Null n -> throw new IllegalArgumentException("non-null value for the null type");
            case DType.Bool b -> w.varintAlways(BOOL_VALUE, (Boolean) value ? 1 : 0);
            case DType.Primitive p -> {
                switch (p.ptype()) {
                    case I8, I16, I32, I64 -> w.sint64Always(INT64_VALUE, scalar.asLong());
                    case U8, U16, U32, U64 -> w.varintAlways(UINT64_VALUE, scalar.asLong());
                    case F16 -> w.varintAlways(F16_VALUE, scalar.asLong() & 0xFFFF);
                    case F32 -> w.fixed32Always(F32_VALUE, Float.floatToRawIntBits((Float) value));
                    case F64 -> w.fixed64Always(F64_VALUE, Double.doubleToRawLongBits((Double) value));
                }
            }
            case DType.Decimal d -> w.bytesAlways(BYTES_VALUE, decimalBytes(scalar.asBigInteger(), d.precision()));
            case DType.Utf8 u -> w.bytesAlways(STRING_VALUE, scalar.asBytes());
            case DType.Binary b -> w.bytesAlways(BYTES_VALUE, scalar.asBytes());
            case DType.List l -> w.message(LIST_VALUE, list(items(value), i -> l.element()));
            case DType.FixedSizeList f -> w.message(LIST_VALUE, list(items(value), i -> f.element()));
            case DType.Struct s -> w.message(LIST_VALUE, list(items(value), s.fields()::get));
            case DType.Map m -> throw unsupported(scalar);
            case DType.Variant v -> throw unsupported(scalar);
            case DType.Union u -> throw unsupported(scalar);
            case DType.Extension e -> throw unsupported(scalar);
        }
        return w;
    }

    private static IllegalArgumentException unsupported(Scalar scalar) {
        return new IllegalArgumentException("cannot encode a scalar of " + scalar.dtype().display());
    }

    @SuppressWarnings("unchecked")
    private static List<Scalar> items(Object value) {
        return (List<Scalar>) value;
    }

    private static ProtoWriter list(List<Scalar> items, java.util.function.IntFunction<DType> elementType) {
        ProtoWriter w = new ProtoWriter();
        for (int i = 0; i < items.size(); i++) {
            Scalar item = items.get(i);
            DType t = elementType.apply(i);
            w.message(1, message(item.dtype().equals(t) ? item : new Scalar(t, item.value())));
        }
        return w;
    }

    /**
     * @param unscaled the unscaled value
     * @param precision the decimal precision
     * @return the value as little-endian two's complement, at the precision's storage width or wider
     */
    public static byte[] decimalBytes(BigInteger unscaled, int precision) {
        int width = Canonicals.decimalByteWidth(precision);
        while (unscaled.bitLength() + 1 > 8 * width) {
            if (width == 32) {
                throw new IllegalArgumentException("decimal " + unscaled + " does not fit 256 bits");
            }
            width *= 2;
        }
        byte[] be = unscaled.toByteArray();
        byte[] le = new byte[width];
        byte sign = (byte) (unscaled.signum() < 0 ? -1 : 0);
        for (int i = 0; i < width; i++) {
            le[i] = i < be.length ? be[be.length - 1 - i] : sign;
        }
        return le;
    }
}
