package io.jvortex.csv;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.regex.Pattern;

/**
 * Parsing of field texts, and the canonical forms {@code jvx cat --format csv} prints each type in: a
 * text is <em>canonical</em> for a type when it is exactly how that type's value prints back, so that
 * CSV → Vortex → CSV gives the same text. Type inference only picks a type whose canonical form every
 * sampled value is in.
 */
final class Values {
    private static final Pattern LENIENT_NUMBER = Pattern.compile(
            "[+-]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");

    private Values() {
    }

    /** A value that does not fit its column's type; the message says why. */
    static final class BadValue extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadValue(String why) {
            super(why, null, false, false);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // integers

    /** @return the value of a canonical i64 text ({@code Long.toString} form), or throws */
    static long canonicalLong(String text) {
        long v = lenientLong(text);
        if (!Long.toString(v).equals(text)) {
            throw new BadValue("it would print back as " + v);
        }
        return v;
    }

    /** @return whether the text is a canonical i64 */
    static boolean isCanonicalLong(String text) {
        if (text.isEmpty() || text.length() > 20) {
            return false;
        }
        char c = text.charAt(0);
        if (c != '-' && (c < '1' || c > '9') && !text.equals("0")) {
            return false;
        }
        for (int i = 1; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        try {
            return Long.toString(Long.parseLong(text)).equals(text);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** @return an integer with an optional sign and surrounding blanks */
    static long lenientLong(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new BadValue("it is not a 64-bit integer");
        }
    }

    // ---------------------------------------------------------------------------------------------
    // floats

    /** @return whether the text is exactly how the export prints a double (Python's repr layout) */
    static boolean isCanonicalDouble(String text) {
        if (text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity")) {
            return true;
        }
        if (text.isEmpty() || text.length() > 32) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c < '0' || c > '9') && c != '.' && c != 'e' && c != '-' && c != '+') {
                return false;
            }
        }
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return false;
        }
        double a = Math.abs(v);
        // subnormals: Java and Python may pick different shortest digits, so they stay text
        return !Double.isInfinite(v) && (a == 0 || a >= Double.MIN_NORMAL) && formatDouble(v).equals(text);
    }

    /** @return whether the text is a finite canonical double (not NaN or an infinity) */
    static boolean isFiniteText(String text) {
        return !text.equals("NaN") && !text.endsWith("Infinity");
    }

    /**
     * The export's text of a finite, zero or normal double: the shortest digits that read back (JDK 19+
     * {@code Double.toString}), positional with at least one fraction digit when the decimal exponent
     * is in [-4, 16), otherwise {@code d[.ddd]e±XX}.
     */
    static String formatDouble(double v) {
        boolean negative = Double.doubleToRawLongBits(v) < 0;
        if (v == 0) {
            return negative ? "-0.0" : "0.0";
        }
        BigDecimal shortest = new BigDecimal(Double.toString(Math.abs(v))).stripTrailingZeros();
        String digits = shortest.unscaledValue().toString();
        int exponent = digits.length() - shortest.scale() - 1;
        StringBuilder out = new StringBuilder(digits.length() + 8);
        if (negative) {
            out.append('-');
        }
        if (exponent >= -4 && exponent < 16) {
            String plain = shortest.toPlainString();
            out.append(plain);
            if (plain.indexOf('.') < 0) {
                out.append(".0");
            }
        } else {
            out.append(digits.charAt(0));
            if (digits.length() > 1) {
                out.append('.').append(digits, 1, digits.length());
            }
            out.append('e').append(exponent < 0 ? '-' : '+');
            if (Math.abs(exponent) < 10) {
                out.append('0');
            }
            out.append(Math.abs(exponent));
        }
        return out.toString();
    }

    /** @return a number (sign, digits, point, exponent), {@code NaN}, {@code Infinity} or {@code inf} */
    static double lenientDouble(String text) {
        String t = text.strip();
        String unsigned = t.startsWith("-") || t.startsWith("+") ? t.substring(1) : t;
        if (unsigned.equalsIgnoreCase("nan")) {
            return Double.NaN;
        }
        if (unsigned.equalsIgnoreCase("infinity") || unsigned.equalsIgnoreCase("inf")) {
            return t.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (!LENIENT_NUMBER.matcher(t).matches()) {
            throw new BadValue("it is not a number");
        }
        return Double.parseDouble(t);
    }

    // ---------------------------------------------------------------------------------------------
    // decimals

    /**
     * @return the canonical decimal's value (plain notation, no leading zeros or plus, no negative zero),
     *     or null when the text is not one
     */
    static BigDecimal canonicalDecimal(String text) {
        if (!isPlain(text)) {
            return null;
        }
        BigDecimal d = new BigDecimal(text);
        if (d.signum() == 0 && text.charAt(0) == '-') {
            return null; // -0.00 prints back as 0.00
        }
        return d;
    }

    /** Whether the text is {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?}, at most 80 characters. */
    private static boolean isPlain(String text) {
        int n = text.length();
        int i = n > 0 && text.charAt(0) == '-' ? 1 : 0;
        if (n == i || n > 80 || !isDigit(text.charAt(i)) || (text.charAt(i) == '0' && i + 1 < n && text.charAt(i + 1) != '.')) {
            return false;
        }
        while (i < n && isDigit(text.charAt(i))) {
            i++;
        }
        if (i == n) {
            return true;
        }
        if (text.charAt(i) != '.' || i + 1 == n) {
            return false;
        }
        for (i++; i < n; i++) {
            if (!isDigit(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** @return the number of {@code text[from, to)}, all digits, or -1 */
    private static int digits(String text, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (!isDigit(c)) {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** @return the precision a decimal column of the value's scale needs to hold it */
    static int precision(BigDecimal d) {
        return Math.max(d.precision(), d.scale());
    }

    /** @return a number in plain or scientific notation with an optional sign */
    static BigDecimal lenientDecimal(String text) {
        String t = text.strip();
        if (!LENIENT_NUMBER.matcher(t).matches()) {
            throw new BadValue("it is not a decimal number");
        }
        return new BigDecimal(t);
    }

    // ---------------------------------------------------------------------------------------------
    // booleans

    /** @return {@code true} or {@code false} exactly, or null */
    static Boolean canonicalBool(String text) {
        return text.equals("true") ? Boolean.TRUE : text.equals("false") ? Boolean.FALSE : null;
    }

    /** @return true/false/t/f/yes/no/1/0 in any case */
    static boolean lenientBool(String text) {
        return switch (text.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "t", "yes", "y", "1" -> true;
            case "false", "f", "no", "n", "0" -> false;
            default -> throw new BadValue("it is not a boolean (true or false)");
        };
    }

    // ---------------------------------------------------------------------------------------------
    // dates and timestamps

    /** @return the epoch day of a canonical {@code YYYY-MM-DD} date, or null */
    static Integer canonicalDate(String text) {
        return text.length() == 10 ? epochDay(text) : null;
    }

    /** @return the epoch day of the canonical date in the text's first 10 characters, or null */
    private static Integer epochDay(String text) {
        if (text.charAt(4) != '-' || text.charAt(7) != '-') {
            return null;
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 7);
        int day = digits(text, 8, 10);
        if (year < 0 || month < 0 || day < 0) {
            return null;
        }
        try {
            return (int) LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** @return the epoch day of an ISO-8601 date (years beyond 9999 with a sign) */
    static int lenientDate(String text) {
        try {
            return Math.toIntExact(LocalDate.parse(text.strip(), DateTimeFormatter.ISO_LOCAL_DATE).toEpochDay());
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new BadValue("it is not a date (YYYY-MM-DD)");
        }
    }

    /**
     * The shape of a canonical timestamp text ({@code YYYY-MM-DDTHH:MM:SS[.fff|.ffffff|.fffffffff][Z]}):
     * fraction digits (0, 3, 6, 9) times 2, plus 1 when it ends with {@code Z}; or -1 when the text is
     * not a valid canonical timestamp.
     */
    static int timestampShape(String text) {
        int n = text.length();
        boolean zone = n > 0 && text.charAt(n - 1) == 'Z';
        int end = zone ? n - 1 : n;
        int fraction = end - 20;
        if (end == 19) {
            fraction = 0;
        } else if (end < 19 || text.charAt(19) != '.' || (fraction != 3 && fraction != 6 && fraction != 9)
                || digits(text, 20, end) < 0) {
            return -1;
        }
        if (text.charAt(10) != 'T' || text.charAt(13) != ':' || text.charAt(16) != ':' || epochDay(text) == null) {
            return -1;
        }
        int hour = digits(text, 11, 13);
        int minute = digits(text, 14, 16);
        int second = digits(text, 17, 19);
        if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return -1;
        }
        return fraction * 2 + (zone ? 1 : 0);
    }

    /**
     * @param text a canonical timestamp ({@link #timestampShape} is not -1)
     * @param ticksPerSecond the unit whose fraction digits the text has
     * @return its ticks since the epoch
     */
    static long canonicalTimestamp(String text, long ticksPerSecond) {
        long seconds = epochDay(text) * 86_400L + digits(text, 11, 13) * 3600L + digits(text, 14, 16) * 60L
                + digits(text, 17, 19);
        int end = text.charAt(text.length() - 1) == 'Z' ? text.length() - 1 : text.length();
        long fraction = end > 19 ? digits(text, 20, end) : 0;
        try {
            return Math.addExact(Math.multiplyExact(seconds, ticksPerSecond), fraction);
        } catch (ArithmeticException e) {
            throw new BadValue("it is out of the column's range");
        }
    }

    /**
     * An ISO-8601 timestamp ({@code T} or a blank between date and time, any fraction, an optional
     * offset; a date alone is its midnight) as ticks since the epoch in UTC; one without an offset is
     * taken to be in UTC.
     *
     * @param ticksPerSecond the unit's ticks per second
     */
    static long lenientTimestamp(String text, long ticksPerSecond) {
        String t = text.strip();
        if (t.length() > 10 && t.charAt(10) == ' ') {
            t = t.substring(0, 10) + 'T' + t.substring(11);
        }
        long seconds;
        int nanos;
        try {
            if (t.length() == 10) {
                seconds = LocalDate.parse(t, DateTimeFormatter.ISO_LOCAL_DATE).toEpochDay() * 86_400L;
                nanos = 0;
            } else {
                TemporalAccessor parsed = DateTimeFormatter.ISO_DATE_TIME.parseBest(t, OffsetDateTime::from,
                        LocalDateTime::from);
                OffsetDateTime instant = parsed instanceof OffsetDateTime o ? o
                        : ((LocalDateTime) parsed).atOffset(ZoneOffset.UTC);
                seconds = instant.toEpochSecond();
                nanos = instant.get(ChronoField.NANO_OF_SECOND);
            }
        } catch (DateTimeException e) {
            throw new BadValue("it is not an ISO-8601 timestamp (YYYY-MM-DDTHH:MM:SS[.fff][Z|+HH:MM])");
        }
        long nanosPerTick = 1_000_000_000L / ticksPerSecond;
        if (nanos % nanosPerTick != 0) {
            throw new BadValue("it has more fraction digits than the column's unit holds");
        }
        try {
            return Math.addExact(Math.multiplyExact(seconds, ticksPerSecond), nanos / nanosPerTick);
        } catch (ArithmeticException e) {
            throw new BadValue("it is out of the column's range");
        }
    }
}
