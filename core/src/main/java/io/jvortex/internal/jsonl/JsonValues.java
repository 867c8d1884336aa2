package io.jvortex.internal.jsonl;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Appends single values in the canonical JSONL text form to a {@link StringBuilder}.
 *
 * <p>These rules are shared with the Python oracle ({@code canonical.py} in {@code test-support}); both
 * sides must produce identical bytes for identical values:
 *
 * <ul>
 *   <li>null: {@code null}; bool: {@code true}/{@code false}; integers: JSON integers, u64 unsigned.
 *   <li>floats: {@code NaN}, {@code Infinity}, {@code -Infinity} as the JSON strings {@code "NaN"},
 *       {@code "Infinity"}, {@code "-Infinity"}; otherwise decimal digits {@code d1d2…dn} (no
 *       trailing zeros) and exponent {@code e} (value = d1.d2…dn × 10^e) laid out like Python's
 *       {@code repr(float)}: positional with at least one fraction digit when {@code -4 <= e < 16}
 *       ({@code 1.0}, {@code 0.0001}, {@code -0.0}), otherwise {@code d1[.d2…dn]e±XX} with at least two
 *       exponent digits ({@code 1e+16}, {@code 1.5e-05}). The digits of an f64 are Python's
 *       {@code repr}: the shortest that read back to the same double, the nearest of those to the
 *       value. The digits of an f32 or f16 are the value's exact binary value rounded half-even to the
 *       smallest number of significant digits p (1…9, 1…5) that reads back (correctly rounded,
 *       half-even) to the same bits at that width; this is usually but not always the shortest
 *       decimal that reads back (2^-6 as f16 is {@code 0.015625}: 0.01562 does not read back, although
 *       0.01563 would).
 *   <li>decimal: a JSON string in plain notation with exactly {@code scale} fraction digits
 *       ({@code "-4.56"}, {@code "0.05"}, {@code "12"}; a negative scale multiplies: {@code "1200"}).
 *   <li>utf8: a JSON string; {@code "} and {@code \} are escaped, U+0000–U+001F become {@code \n \r \t
 *       \b \f} or <code>&#92;u00xx</code> (lowercase hex), everything else is written as it is (Python's
 *       {@code json.dumps(s, ensure_ascii=False)}).
 *   <li>binary: a JSON string of lowercase hex; uuid: the 36-character lowercase form.
 *   <li>date {@code "YYYY-MM-DD"}; time {@code "HH:MM:SS[.f…]"}; timestamp
 *       {@code "YYYY-MM-DDTHH:MM:SS[.f…][Z]"} in UTC, {@code Z} iff the column has a time zone; the
 *       fraction has 3, 6 or 9 digits for ms, µs and ns. Values before the epoch use floor division.
 *       The proleptic Gregorian calendar is used for every year; a number narrower than its field
 *       (year 4, others 2) is zero-padded after its sign: year −1 is {@code -0001}, year 12345 is
 *       {@code 12345}.
 * </ul>
 *
 * <p>All methods are static, thread-safe and allocate little (the float, decimal and utf8-from-bytes
 * forms allocate a few temporaries).
 */
public final class JsonValues {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private static final int F32_MAX_FINITE_BITS = 0x7F7F_FFFF;
    private static final int F16_MAX_FINITE_BITS = 0x7BFF;
    /** Half-even rounding to 1…9 significant digits (index 0 unused). */
    private static final MathContext[] HALF_EVEN = new MathContext[10];

    static {
        for (int precision = 1; precision < HALF_EVEN.length; precision++) {
            HALF_EVEN[precision] = new MathContext(precision, RoundingMode.HALF_EVEN);
        }
    }

    private static final long SECONDS_PER_DAY = 86_400L;
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private JsonValues() {}

    // ---------------------------------------------------------------------------------------------
    // null, bool, integers

    /**
     * Appends {@code null}.
     *
     * @param out the builder to append to
     */
    public static void appendNull(StringBuilder out) {
        out.append("null");
    }

    /**
     * Appends {@code true} or {@code false}.
     *
     * @param out the builder to append to
     * @param value the value
     */
    public static void appendBool(StringBuilder out, boolean value) {
        out.append(value ? "true" : "false");
    }

    /**
     * Appends a signed integer (i8, i16, i32, i64, and u8, u16, u32 widened without sign) as a JSON
     * integer.
     *
     * @param out the builder to append to
     * @param value the value
     */
    public static void appendLong(StringBuilder out, long value) {
        out.append(value);
    }

    /**
     * Appends a u64 as an unsigned JSON integer ({@code -1L} is {@code 18446744073709551615}).
     *
     * @param out the builder to append to
     * @param value the value, its 64 bits read as unsigned
     */
    public static void appendUnsignedLong(StringBuilder out, long value) {
        if (value >= 0) {
            out.append(value);
        } else {
            out.append(Long.toUnsignedString(value));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // floats

    /**
     * Appends an f64: Python's {@code repr} digits, laid out as described in the class comment, or one
     * of the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
     *
     * @param out the builder to append to
     * @param value the value
     */
    public static void appendFloat64(StringBuilder out, double value) {
        if (appendSpecial(out, value)) {
            return;
        }
        boolean negative = Double.doubleToRawLongBits(value) < 0;
        double magnitude = Math.abs(value);
        if (magnitude == 0.0) {
            out.append(negative ? "-0.0" : "0.0");
            return;
        }
        // JDK 19+ Double.toString gives the shortest digits that read back to the same double, the
        // nearest of them to the value -- except that when one digit would do, it may print the
        // nearest two-digit decimal instead (4.9E-324 where Python prints 5e-324).
        String text = Double.toString(magnitude);
        long digits = 0;
        int digitCount = 0;
        int pointPosition = -1;
        int exponent = 0;
        boolean leading = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '.') {
                pointPosition = digitCount;
            } else if (c == 'E') {
                exponent = Integer.parseInt(text, i + 1, text.length(), 10);
                break;
            } else if (leading && c == '0') {
                // a leading zero only shifts the decimal point
                if (pointPosition >= 0) {
                    exponent--;
                }
            } else {
                leading = false;
                digits = digits * 10 + (c - '0');
                digitCount++;
            }
        }
        if (pointPosition < 0) {
            pointPosition = digitCount;
        }
        int decimalExponent = pointPosition - 1 + exponent;
        while (digits % 10 == 0) {
            digits /= 10;
            digitCount--;
        }
        if (digitCount == 2 && magnitude < Double.MIN_NORMAL) {
            // only a subnormal's rounding interval is wide enough to hold a one-digit decimal and a
            // different two-digit one (the relative width of a normal's is below 2^-52)
            BigDecimal oneDigit = nearestOneDigitDouble(magnitude);
            if (oneDigit != null) {
                digits = oneDigit.unscaledValue().longValueExact();
                digitCount = 1;
                decimalExponent = oneDigit.precision() - oneDigit.scale() - 1;
            }
        }
        appendLayout(out, negative, digits, digitCount, decimalExponent);
    }

    /**
     * Appends an f32: its shortest half-even rounding that reads back to the same f32, laid out as
     * described in the class comment, or one of the strings {@code "NaN"}, {@code "Infinity"},
     * {@code "-Infinity"}.
     *
     * @param out the builder to append to
     * @param value the value
     */
    public static void appendFloat32(StringBuilder out, float value) {
        if (appendSpecial(out, value)) {
            return;
        }
        boolean negative = Float.floatToRawIntBits(value) < 0;
        float magnitude = Math.abs(value);
        if (magnitude == 0.0f) {
            out.append(negative ? "-0.0" : "0.0");
            return;
        }
        int bits = Float.floatToRawIntBits(magnitude);
        double below = Float.intBitsToFloat(bits - 1);
        double above = bits == F32_MAX_FINITE_BITS ? 0x1p128 : Float.intBitsToFloat(bits + 1);
        // Float.toString prints exactly the shortest length m for a normal float (no decimal shorter
        // than m reads back), so the search starts there; a subnormal may be printed with 2 digits
        // where 1 would do, so it starts at 1.
        int firstPrecision = magnitude >= Float.MIN_NORMAL ? significantDigits(Float.toString(magnitude)) : 1;
        appendShortestRounding(out, negative, magnitude, below, above, (bits & 1) == 0, firstPrecision, 9);
    }

    /**
     * Appends an f16 given as its raw IEEE-754 binary16 bits: its shortest half-even rounding that reads
     * back to the same f16, laid out as described in the class comment, or one of the strings
     * {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
     *
     * @param out the builder to append to
     * @param bits the binary16 bit pattern
     */
    public static void appendFloat16(StringBuilder out, short bits) {
        float value = Float.float16ToFloat(bits);
        if (appendSpecial(out, value)) {
            return;
        }
        boolean negative = bits < 0;
        int magnitudeBits = bits & 0x7FFF;
        if (magnitudeBits == 0) {
            out.append(negative ? "-0.0" : "0.0");
            return;
        }
        double below = Float.float16ToFloat((short) (magnitudeBits - 1));
        double above = magnitudeBits == F16_MAX_FINITE_BITS
                ? 0x1p16
                : Float.float16ToFloat((short) (magnitudeBits + 1));
        appendShortestRounding(out, negative, Math.abs(value), below, above, (magnitudeBits & 1) == 0, 1, 5);
    }

    /**
     * Returns the canonical text of an f64 (see {@link #appendFloat64}).
     *
     * @param value the value
     * @return its canonical JSON text
     */
    public static String float64ToString(double value) {
        StringBuilder out = new StringBuilder(24);
        appendFloat64(out, value);
        return out.toString();
    }

    /**
     * Returns the canonical text of an f32 (see {@link #appendFloat32}).
     *
     * @param value the value
     * @return its canonical JSON text
     */
    public static String float32ToString(float value) {
        StringBuilder out = new StringBuilder(16);
        appendFloat32(out, value);
        return out.toString();
    }

    /**
     * Returns the canonical text of an f16 (see {@link #appendFloat16}).
     *
     * @param bits the binary16 bit pattern
     * @return its canonical JSON text
     */
    public static String float16ToString(short bits) {
        StringBuilder out = new StringBuilder(16);
        appendFloat16(out, bits);
        return out.toString();
    }

    private static boolean appendSpecial(StringBuilder out, double value) {
        if (Double.isNaN(value)) {
            out.append("\"NaN\"");
            return true;
        }
        if (Double.isInfinite(value)) {
            out.append(value > 0 ? "\"Infinity\"" : "\"-Infinity\"");
            return true;
        }
        return false;
    }

    /** Counts the significant digits of a {@code Float.toString}/{@code Double.toString} text. */
    private static int significantDigits(String text) {
        int count = 0;
        int trailingZeros = 0;
        boolean leading = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 'E') {
                break;
            }
            if (c < '0' || c > '9' || (leading && c == '0')) {
                continue;
            }
            leading = false;
            count++;
            trailingZeros = c == '0' ? trailingZeros + 1 : 0;
        }
        return count - trailingZeros;
    }

    /**
     * The one-digit decimal nearest to {@code magnitude} among those that read back to it, or null when
     * none does (Python's choice when the shortest repr has one digit).
     */
    private static BigDecimal nearestOneDigitDouble(double magnitude) {
        BigDecimal exact = new BigDecimal(magnitude);
        MathContext one = new MathContext(1, RoundingMode.HALF_EVEN);
        BigDecimal nearest = exact.round(one);
        if (Double.parseDouble(nearest.toString()) == magnitude) {
            return nearest;
        }
        // With an asymmetric rounding interval (at a power of two) the one-digit decimal on the other
        // side of the value may read back although the nearest does not.
        BigDecimal other = exact.round(new MathContext(1,
                nearest.compareTo(exact) > 0 ? RoundingMode.FLOOR : RoundingMode.CEILING));
        if (other.signum() > 0 && Double.parseDouble(other.toString()) == magnitude) {
            return other;
        }
        return null;
    }

    /**
     * Rounds {@code magnitude} (exactly) half-even to {@code firstPrecision}, … significant digits and
     * appends the first rounding that reads back to it: that lies in its rounding interval, bounded by
     * the midpoints to its neighbours {@code below} and {@code above} (an endpoint belongs to the
     * value iff its bit pattern is even).
     */
    private static void appendShortestRounding(StringBuilder out, boolean negative, double magnitude, double below,
            double above, boolean evenBits, int firstPrecision, int maxPrecision) {
        // The neighbours of an f32 or f16 have at most 24 significant bits, so both midpoints are
        // exact doubles.
        double low = (magnitude + below) * 0.5;
        double high = (magnitude + above) * 0.5;
        BigDecimal exact = new BigDecimal(magnitude);
        BigDecimal chosen = null;
        for (int precision = firstPrecision; precision <= maxPrecision; precision++) {
            BigDecimal candidate = exact.round(HALF_EVEN[precision]);
            if (readsBack(candidate, low, high, evenBits)) {
                chosen = candidate;
                break;
            }
        }
        if (chosen == null) {
            // unreachable: maxPrecision digits always identify a value of that width
            chosen = exact.round(HALF_EVEN[maxPrecision]);
        }
        chosen = chosen.stripTrailingZeros();
        int digitCount = chosen.precision();
        appendLayout(out, negative, chosen.unscaledValue().longValueExact(), digitCount,
                digitCount - chosen.scale() - 1);
    }

    /** Whether {@code candidate} lies in {@code [low, high]}, an endpoint counting iff the bits are even. */
    private static boolean readsBack(BigDecimal candidate, double low, double high, boolean evenBits) {
        // Rounding to double is monotonic, so a strict comparison of the rounded candidate with an
        // exact double bound decides; only a candidate that rounds onto a bound needs exact arithmetic.
        double rounded = candidate.doubleValue();
        if (rounded > low && rounded < high) {
            return true;
        }
        if (rounded < low || rounded > high) {
            return false;
        }
        int vsLow = candidate.compareTo(new BigDecimal(low));
        int vsHigh = candidate.compareTo(new BigDecimal(high));
        if (vsLow > 0 && vsHigh < 0) {
            return true;
        }
        return evenBits && (vsLow == 0 || vsHigh == 0);
    }

    /**
     * Lays out {@code digits} (no trailing zeros, {@code digitCount} of them, value = d1.d2…dn × 10^e)
     * like Python's {@code repr(float)}.
     */
    private static void appendLayout(StringBuilder out, boolean negative, long digits, int digitCount,
            int exponent) {
        if (negative) {
            out.append('-');
        }
        String text = Long.toString(digits);
        if (exponent >= -4 && exponent < 16) {
            if (exponent >= 0) {
                int integerDigits = exponent + 1;
                if (digitCount <= integerDigits) {
                    out.append(text);
                    appendZeros(out, integerDigits - digitCount);
                    out.append(".0");
                } else {
                    out.append(text, 0, integerDigits).append('.').append(text, integerDigits, digitCount);
                }
            } else {
                out.append("0.");
                appendZeros(out, -exponent - 1);
                out.append(text);
            }
        } else {
            out.append(text.charAt(0));
            if (digitCount > 1) {
                out.append('.').append(text, 1, digitCount);
            }
            out.append('e').append(exponent < 0 ? '-' : '+');
            int absExponent = Math.abs(exponent);
            if (absExponent < 10) {
                out.append('0');
            }
            out.append(absExponent);
        }
    }

    private static void appendZeros(StringBuilder out, int count) {
        for (int i = 0; i < count; i++) {
            out.append('0');
        }
    }

    // ---------------------------------------------------------------------------------------------
    // decimals

    /**
     * Appends a decimal as a JSON string in plain notation with exactly {@code scale} fraction digits
     * ({@code "-4.56"}, {@code "0.05"}; scale 0 gives {@code "12"}, unscaled 12 at scale -2 gives
     * {@code "1200"}).
     *
     * @param out the builder to append to
     * @param unscaled the unscaled value
     * @param scale the decimal scale (value = unscaled × 10^-scale)
     */
    public static void appendDecimal(StringBuilder out, BigInteger unscaled, int scale) {
        Objects.requireNonNull(unscaled, "unscaled");
        appendDecimalDigits(out, unscaled.signum() < 0, unscaled.signum() == 0, unscaled.abs().toString(), scale);
    }

    /**
     * Appends a decimal whose unscaled value fits a {@code long}; see
     * {@link #appendDecimal(StringBuilder, BigInteger, int)}.
     *
     * @param out the builder to append to
     * @param unscaled the unscaled value
     * @param scale the decimal scale (value = unscaled × 10^-scale)
     */
    public static void appendDecimal(StringBuilder out, long unscaled, int scale) {
        String magnitude = unscaled == Long.MIN_VALUE
                ? Long.toUnsignedString(unscaled)
                : Long.toString(Math.abs(unscaled));
        appendDecimalDigits(out, unscaled < 0, unscaled == 0, magnitude, scale);
    }

    private static void appendDecimalDigits(StringBuilder out, boolean negative, boolean zero, String magnitude,
            int scale) {
        out.append('"');
        if (negative) {
            out.append('-');
        }
        if (scale <= 0) {
            out.append(magnitude);
            if (!zero) {
                appendZeros(out, -scale);
            }
        } else if (magnitude.length() > scale) {
            int integerDigits = magnitude.length() - scale;
            out.append(magnitude, 0, integerDigits).append('.').append(magnitude, integerDigits, magnitude.length());
        } else {
            out.append("0.");
            appendZeros(out, scale - magnitude.length());
            out.append(magnitude);
        }
        out.append('"');
    }

    // ---------------------------------------------------------------------------------------------
    // strings and bytes

    /**
     * Appends a string as a JSON string (also used for object keys): {@code "} and {@code \} are
     * escaped, U+0000–U+001F become {@code \n \r \t \b \f} or <code>&#92;u00xx</code>, everything else is
     * written unchanged.
     *
     * @param out the builder to append to
     * @param value the string
     */
    public static void appendString(StringBuilder out, CharSequence value) {
        out.append('"');
        int length = value.length();
        int start = 0;
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                continue;
            }
            out.append(value, start, i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
            start = i + 1;
        }
        out.append(value, start, length);
        out.append('"');
    }

    /**
     * Appends UTF-8 bytes as a JSON string (see {@link #appendString}); malformed sequences become
     * U+FFFD.
     *
     * @param out the builder to append to
     * @param utf8 the bytes
     * @param offset the first byte
     * @param length the number of bytes
     */
    public static void appendUtf8(StringBuilder out, byte[] utf8, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, utf8.length);
        appendString(out, new String(utf8, offset, length, StandardCharsets.UTF_8));
    }

    /**
     * Appends an object key and its colon: {@code "name":}.
     *
     * @param out the builder to append to
     * @param name the field name
     */
    public static void appendKey(StringBuilder out, CharSequence name) {
        appendString(out, name);
        out.append(':');
    }

    /**
     * Appends binary data as a JSON string of lowercase hex digits.
     *
     * @param out the builder to append to
     * @param bytes the bytes
     * @param offset the first byte
     * @param length the number of bytes
     */
    public static void appendBinary(StringBuilder out, byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        out.append('"');
        for (int i = offset; i < offset + length; i++) {
            out.append(HEX[(bytes[i] >> 4) & 0xF]).append(HEX[bytes[i] & 0xF]);
        }
        out.append('"');
    }

    /**
     * Appends 16 bytes as a JSON string holding the 36-character lowercase uuid form
     * ({@code "01234567-89ab-cdef-0123-456789abcdef"}).
     *
     * @param out the builder to append to
     * @param bytes the bytes
     * @param offset the first of the 16 bytes
     */
    public static void appendUuid(StringBuilder out, byte[] bytes, int offset) {
        Objects.checkFromIndexSize(offset, 16, bytes.length);
        out.append('"');
        for (int i = 0; i < 16; i++) {
            if (i == 4 || i == 6 || i == 8 || i == 10) {
                out.append('-');
            }
            byte b = bytes[offset + i];
            out.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
        }
        out.append('"');
    }

    // ---------------------------------------------------------------------------------------------
    // dates and times

    /**
     * Appends a date given in days since 1970-01-01 as {@code "YYYY-MM-DD"}.
     *
     * @param out the builder to append to
     * @param days days since the epoch
     */
    public static void appendDateDays(StringBuilder out, long days) {
        out.append('"');
        appendCivilDate(out, days);
        out.append('"');
    }

    /**
     * Appends a date given in milliseconds since 1970-01-01 as {@code "YYYY-MM-DD"} (the day that
     * holds the instant, by floor division).
     *
     * @param out the builder to append to
     * @param millis milliseconds since the epoch
     */
    public static void appendDateMillis(StringBuilder out, long millis) {
        appendDateDays(out, Math.floorDiv(millis, MILLIS_PER_DAY));
    }

    /**
     * Appends a time of day as {@code "HH:MM:SS"} followed, for ms, µs and ns, by a point and 3, 6 or
     * 9 fraction digits. Hours are not reduced modulo 24.
     *
     * @param out the builder to append to
     * @param value time since midnight in {@code unit}
     * @param unit seconds, milliseconds, microseconds or nanoseconds
     * @throws IllegalArgumentException for other units
     */
    public static void appendTime(StringBuilder out, long value, TimeUnit unit) {
        long ticksPerSecond = ticksPerSecond(unit);
        long seconds = Math.floorDiv(value, ticksPerSecond);
        out.append('"');
        appendPadded(out, Math.floorDiv(seconds, 3600), 2);
        long secondOfHour = Math.floorMod(seconds, 3600);
        out.append(':');
        appendPadded(out, secondOfHour / 60, 2);
        out.append(':');
        appendPadded(out, secondOfHour % 60, 2);
        appendFraction(out, Math.floorMod(value, ticksPerSecond), unit);
        out.append('"');
    }

    /**
     * Appends a timestamp as {@code "YYYY-MM-DDTHH:MM:SS"}, the unit's fraction digits, and {@code Z} iff
     * the column has a time zone; the value is always shown in UTC.
     *
     * @param out the builder to append to
     * @param value time since 1970-01-01T00:00:00Z in {@code unit}
     * @param unit seconds, milliseconds, microseconds or nanoseconds
     * @param hasTimeZone whether the column's dtype names a time zone
     * @throws IllegalArgumentException for other units
     */
    public static void appendTimestamp(StringBuilder out, long value, TimeUnit unit, boolean hasTimeZone) {
        long ticksPerSecond = ticksPerSecond(unit);
        long seconds = Math.floorDiv(value, ticksPerSecond);
        long secondOfDay = Math.floorMod(seconds, SECONDS_PER_DAY);
        out.append('"');
        appendCivilDate(out, Math.floorDiv(seconds, SECONDS_PER_DAY));
        out.append('T');
        appendPadded(out, secondOfDay / 3600, 2);
        out.append(':');
        appendPadded(out, secondOfDay / 60 % 60, 2);
        out.append(':');
        appendPadded(out, secondOfDay % 60, 2);
        appendFraction(out, Math.floorMod(value, ticksPerSecond), unit);
        if (hasTimeZone) {
            out.append('Z');
        }
        out.append('"');
    }

    private static long ticksPerSecond(TimeUnit unit) {
        return switch (Objects.requireNonNull(unit, "unit")) {
            case SECONDS -> 1L;
            case MILLISECONDS -> 1_000L;
            case MICROSECONDS -> 1_000_000L;
            case NANOSECONDS -> 1_000_000_000L;
            case MINUTES, HOURS, DAYS -> throw new IllegalArgumentException(
                    "unit must be SECONDS, MILLISECONDS, MICROSECONDS or NANOSECONDS, got " + unit);
        };
    }

    private static void appendFraction(StringBuilder out, long ticks, TimeUnit unit) {
        int digits = switch (unit) {
            case MILLISECONDS -> 3;
            case MICROSECONDS -> 6;
            case NANOSECONDS -> 9;
            case SECONDS, MINUTES, HOURS, DAYS -> 0;
        };
        if (digits > 0) {
            out.append('.');
            appendPadded(out, ticks, digits);
        }
    }

    /**
     * Appends the proleptic Gregorian date of a day count (H. Hinnant's civil-from-days, with floor
     * division so that it holds for every {@code long} the callers can produce).
     */
    private static void appendCivilDate(StringBuilder out, long epochDay) {
        long shifted = epochDay + 719_468L; // days since 0000-03-01
        long era = Math.floorDiv(shifted, 146_097L);
        long dayOfEra = shifted - era * 146_097L; // [0, 146096]
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100); // from March 1
        long monthIndex = (5 * dayOfYear + 2) / 153; // March = 0
        long day = dayOfYear - (153 * monthIndex + 2) / 5 + 1;
        long month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        appendPadded(out, year, 4);
        out.append('-');
        appendPadded(out, month, 2);
        out.append('-');
        appendPadded(out, day, 2);
    }

    /** Appends the sign, then the magnitude zero-padded to {@code width} digits. */
    private static void appendPadded(StringBuilder out, long value, int width) {
        if (value < 0) {
            out.append('-');
        }
        if (value == Long.MIN_VALUE) {
            out.append(Long.toUnsignedString(value));
            return;
        }
        long magnitude = Math.abs(value);
        int digits = 1;
        for (long power = 10; digits < 19 && power <= magnitude; power *= 10) {
            digits++;
        }
        appendZeros(out, width - digits);
        out.append(magnitude);
    }
}
