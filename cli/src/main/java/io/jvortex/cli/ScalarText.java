package io.jvortex.cli;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.error.VortexException;
import io.jvortex.internal.jsonl.JsonValues;
import io.jvortex.scalar.Scalar;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/** Statistics values as short text, and as numbers for colour scales. */
final class ScalarText {
    /** Longer text is cut to this many characters and ends with an ellipsis. */
    static final int MAX_CHARS = 48;

    private ScalarText() {
    }

    /**
     * @param scalar a statistic's value (may be null: not stored)
     * @return it as text: numbers in decimal (unsigned ones unsigned), strings as they are, binary in hex,
     *     extensions as their storage value; cut to {@link #MAX_CHARS}
     */
    static String format(Scalar scalar) {
        if (scalar == null) {
            return "";
        }
        String text = full(scalar.dtype(), scalar.value());
        return text.length() <= MAX_CHARS ? text : text.substring(0, MAX_CHARS - 1) + "…";
    }

    private static String full(DType dtype, Object value) {
        if (value == null) {
            return "null";
        }
        return switch (dtype) {
            case DType.Extension e -> extension(e, value);
            case DType.Primitive p when p.ptype().isUnsignedInteger() && value instanceof Long l ->
                    Long.toUnsignedString(l);
            case DType.Primitive p when value instanceof Short h && p.ptype().isFloat() ->
                    Float.toString(Float.float16ToFloat(h));
            case DType.Decimal d when value instanceof BigInteger b -> new BigDecimal(b, d.scale()).toPlainString();
            case DType.Utf8 _ when value instanceof byte[] b -> new String(b, StandardCharsets.UTF_8);
            case DType.Binary _ when value instanceof byte[] b -> "0x" + HexFormat.of().formatHex(b);
            default -> value instanceof List<?> list
                    ? list.stream().map(v -> v instanceof Scalar s ? full(s.dtype(), s.value()) : String.valueOf(v))
                            .collect(Collectors.joining(", ", "[", "]"))
                    : value instanceof byte[] b ? "0x" + HexFormat.of().formatHex(b) : value.toString();
        };
    }

    /** Dates, times, timestamps and UUIDs as {@code jvx cat} prints them; other extensions as their storage. */
    private static String extension(DType.Extension e, Object value) {
        StringBuilder b = new StringBuilder();
        try {
            switch (Extensions.kind(e).orElse(null)) {
                case Extensions.DateKind d when value instanceof Long l -> {
                    if (d.unit() == TimeUnit.DAYS) {
                        JsonValues.appendDateDays(b, l);
                    } else {
                        JsonValues.appendDateMillis(b, l);
                    }
                }
                case Extensions.TimeKind t when value instanceof Long l -> JsonValues.appendTime(b, l, java(t.unit()));
                case Extensions.TimestampKind t when value instanceof Long l ->
                        JsonValues.appendTimestamp(b, l, java(t.unit()), t.timeZone().isPresent());
                case Extensions.UuidKind _ when value instanceof List<?> octets && octets.size() == 16 -> {
                    byte[] bytes = new byte[16];
                    for (int i = 0; i < 16; i++) {
                        if (!(octets.get(i) instanceof Scalar o && o.value() instanceof Long l)) {
                            return full(e.storage(), value);
                        }
                        bytes[i] = (byte) (long) l;
                    }
                    JsonValues.appendUuid(b, bytes, 0);
                }
                case null, default -> {
                    return full(e.storage(), value);
                }
            }
        } catch (IllegalArgumentException | VortexException badType) {
            return full(e.storage(), value);
        }
        return b.substring(1, b.length() - 1); // without the JSON quotes
    }

    private static java.util.concurrent.TimeUnit java(TimeUnit unit) {
        return java.util.concurrent.TimeUnit.valueOf(unit.name());
    }

    /**
     * @param scalar a value (may be null)
     * @return it as a number for a colour scale: numbers, booleans as 0/1; NaN for anything else
     */
    static double number(Scalar scalar) {
        if (scalar == null || scalar.isNull()) {
            return Double.NaN;
        }
        DType dtype = scalar.dtype() instanceof DType.Extension e ? e.storage() : scalar.dtype();
        Object value = scalar.value();
        return switch (dtype) {
            case DType.Primitive p when p.ptype().isUnsignedInteger() && value instanceof Long l ->
                    new BigInteger(Long.toUnsignedString(l)).doubleValue();
            case DType.Primitive _ when value instanceof Short h -> Float.float16ToFloat(h);
            case DType.Primitive _ when value instanceof Number n -> n.doubleValue();
            case DType.Decimal d when value instanceof BigInteger b -> new BigDecimal(b, d.scale()).doubleValue();
            case DType.Bool _ when value instanceof Boolean b -> b ? 1 : 0;
            default -> Double.NaN;
        };
    }

    /**
     * @param scalar a value (may be null)
     * @return its bytes when it is a string or binary (to order by), else null
     */
    static byte[] bytes(Scalar scalar) {
        return scalar != null && scalar.value() instanceof byte[] b ? Arrays.copyOf(b, b.length) : null;
    }
}
