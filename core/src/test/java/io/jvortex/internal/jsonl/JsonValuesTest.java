package io.jvortex.internal.jsonl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.testing.Seeds;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonValuesTest {

    private static String render(Consumer<StringBuilder> appender) {
        StringBuilder out = new StringBuilder();
        appender.accept(out);
        return out.toString();
    }

    @Test
    void nullsBooleansAndIntegers() {
        assertThat(render(JsonValues::appendNull)).isEqualTo("null");
        assertThat(render(b -> JsonValues.appendBool(b, true))).isEqualTo("true");
        assertThat(render(b -> JsonValues.appendBool(b, false))).isEqualTo("false");
        assertThat(render(b -> JsonValues.appendLong(b, Long.MIN_VALUE))).isEqualTo("-9223372036854775808");
        assertThat(render(b -> JsonValues.appendLong(b, Long.MAX_VALUE))).isEqualTo("9223372036854775807");
        assertThat(render(b -> JsonValues.appendLong(b, Byte.MIN_VALUE))).isEqualTo("-128");
        assertThat(render(b -> JsonValues.appendLong(b, 0xFFFF_FFFFL))).isEqualTo("4294967295");
        assertThat(render(b -> JsonValues.appendUnsignedLong(b, -1L))).isEqualTo("18446744073709551615");
        assertThat(render(b -> JsonValues.appendUnsignedLong(b, Long.MIN_VALUE))).isEqualTo("9223372036854775808");
        assertThat(render(b -> JsonValues.appendUnsignedLong(b, 0))).isEqualTo("0");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0.0 | 0.0",
        "-0.0 | -0.0",
        "1.0 | 1.0",
        "-1.5 | -1.5",
        "0.1 | 0.1",
        "0.3 | 0.3",
        "123.25 | 123.25",
        "0.0001 | 0.0001",
        "0.00001 | 1e-05",
        "0.000015 | 1.5e-05",
        "1e15 | 1000000000000000.0",
        "9999999999999998.0 | 9999999999999998.0",
        "1e16 | 1e+16",
        "1.5e16 | 1.5e+16",
        "1e22 | 1e+22",
        "1e23 | 1e+23",
        "1e-300 | 1e-300",
        "123456789012345680.0 | 1.2345678901234568e+17",
        "9007199254740992.0 | 9007199254740992.0",
        "0.6666666666666666 | 0.6666666666666666",
        "4.9e-324 | 5e-324",
        "1.7976931348623157e308 | 1.7976931348623157e+308",
        "2.2250738585072014e-308 | 2.2250738585072014e-308",
        "NaN | \"NaN\"",
        "Infinity | \"Infinity\"",
        "-Infinity | \"-Infinity\"",
    })
    void float64LikePythonRepr(String input, String expected) {
        assertThat(JsonValues.float64ToString(Double.parseDouble(input))).isEqualTo(expected);
    }

    @Test
    void float64SubnormalsAndPowersOfTwoReadBack() {
        for (int exponent = -1074; exponent <= 1023; exponent++) {
            double value = Math.scalb(1.0, exponent);
            for (double candidate : new double[] {value, Math.nextUp(value), Math.nextDown(value)}) {
                if (candidate == 0 || Double.isInfinite(candidate)) {
                    continue;
                }
                String text = JsonValues.float64ToString(candidate);
                assertThat(Double.parseDouble(text)).as(text).isEqualTo(candidate);
            }
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0.1 | 0.1",
        "0.33333334 | 0.33333334",
        "1.0 | 1.0",
        "16777216 | 16777216.0",
        "1e10 | 10000000000.0",
        "1e17 | 1e+17",
        "3.4028235e38 | 3.4028235e+38",
        "1.4e-45 | 1e-45",
        "1.17549435e-38 | 1.1754944e-38",
        "-2.5 | -2.5",
        "0.0001 | 0.0001",
        "1e16 | 1e+16",
    })
    void float32Shortest(String input, String expected) {
        assertThat(JsonValues.float32ToString(Float.parseFloat(input))).isEqualTo(expected);
    }

    @Test
    void float32SpecialValues() {
        assertThat(JsonValues.float32ToString(Float.NaN)).isEqualTo("\"NaN\"");
        assertThat(JsonValues.float32ToString(Float.POSITIVE_INFINITY)).isEqualTo("\"Infinity\"");
        assertThat(JsonValues.float32ToString(Float.NEGATIVE_INFINITY)).isEqualTo("\"-Infinity\"");
        assertThat(JsonValues.float32ToString(-0.0f)).isEqualTo("-0.0");
        assertThat(JsonValues.float32ToString(0.0f)).isEqualTo("0.0");
    }

    @Test
    void float32ReadsBackAndIsNoLongerThanFloatToString() {
        SplittableRandom random = Seeds.random("JsonValuesTest.float32ReadsBackAndIsNoLongerThanFloatToString");
        for (int i = 0; i < 200_000; i++) {
            float value = Float.intBitsToFloat(random.nextInt());
            if (Float.isNaN(value) || Float.isInfinite(value)) {
                continue;
            }
            String text = JsonValues.float32ToString(value);
            assertThat(Float.floatToRawIntBits(Float.parseFloat(text)))
                    .as(text).isEqualTo(Float.floatToRawIntBits(value));
            assertThat(significantDigits(text))
                    .as(text).isLessThanOrEqualTo(significantDigits(Float.toString(Math.abs(value))) + 1);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "3C00 | 1.0",
        "BC00 | -1.0",
        "0001 | 6e-08",
        "03FF | 6.1e-05",
        "0400 | 6.104e-05",
        "7BFF | 65500.0",
        "3555 | 0.3333",
        "2E66 | 0.1",
        "0000 | 0.0",
        "8000 | -0.0",
        "7C00 | \"Infinity\"",
        "FC00 | \"-Infinity\"",
        "7E00 | \"NaN\"",
        "FE01 | \"NaN\"",
    })
    void float16Shortest(String hexBits, String expected) {
        assertThat(JsonValues.float16ToString((short) Integer.parseInt(hexBits, 16))).isEqualTo(expected);
    }

    @Test
    void everyFloat16PatternReadsBackAndIsShortest() {
        for (int bits = 0; bits < 65_536; bits++) {
            short half = (short) bits;
            float value = Float.float16ToFloat(half);
            String text = JsonValues.float16ToString(half);
            if (Float.isNaN(value)) {
                assertThat(text).isEqualTo("\"NaN\"");
                continue;
            }
            if (Float.isInfinite(value)) {
                assertThat(text).isEqualTo(value > 0 ? "\"Infinity\"" : "\"-Infinity\"");
                continue;
            }
            assertThat(Float.floatToFloat16(Float.parseFloat(text))).as("%04x %s", bits, text).isEqualTo(half);
            // one digit fewer, rounded half-even, must not read back (else the text was not the
            // smallest precision). A shorter decimal rounded otherwise may: 0.01563 reads back to
            // 2^-6, printed 0.015625, because the rule rounds half-even (0.01562).
            int digits = significantDigits(text);
            if (digits > 1) {
                BigDecimal shorter = new BigDecimal(text).round(new java.math.MathContext(digits - 1, java.math.RoundingMode.HALF_EVEN));
                assertThat(Float.floatToFloat16(shorter.floatValue()))
                        .as("%04x %s shortened to %s", bits, text, shorter).isNotEqualTo(half);
            }
        }
    }

    private static int significantDigits(String text) {
        String mantissa = text.replace("-", "").split("[eE]")[0].replace(".", "");
        String trimmed = mantissa.replaceFirst("^0+", "").replaceFirst("0+$", "");
        return Math.max(1, trimmed.length());
    }

    @Test
    void decimals() {
        assertThat(render(b -> JsonValues.appendDecimal(b, BigInteger.valueOf(-456), 2))).isEqualTo("\"-4.56\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, BigInteger.valueOf(5), 2))).isEqualTo("\"0.05\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, BigInteger.valueOf(-5), 3))).isEqualTo("\"-0.005\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, BigInteger.ZERO, 2))).isEqualTo("\"0.00\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, BigInteger.valueOf(12), 0))).isEqualTo("\"12\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, BigInteger.valueOf(12), -2))).isEqualTo("\"1200\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, BigInteger.ZERO, -2))).isEqualTo("\"0\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, BigInteger.valueOf(-7), -1))).isEqualTo("\"-70\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, BigInteger.valueOf(123), 3))).isEqualTo("\"0.123\"");
        BigInteger big = new BigInteger("-" + "9".repeat(76));
        assertThat(render(b -> JsonValues.appendDecimal(b, big, 38)))
                .isEqualTo("\"-" + "9".repeat(38) + "." + "9".repeat(38) + "\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, Long.MIN_VALUE, 2))).isEqualTo("\"-92233720368547758.08\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, -456L, 2))).isEqualTo("\"-4.56\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, 0L, 1))).isEqualTo("\"0.0\"");
        assertThat(render(b -> JsonValues.appendDecimal(b, 12L, -2))).isEqualTo("\"1200\"");
    }

    @Test
    void decimalsAgreeWithBigDecimalPlainString() {
        SplittableRandom random = Seeds.random("JsonValuesTest.decimalsAgreeWithBigDecimalPlainString");
        for (int i = 0; i < 10_000; i++) {
            BigInteger unscaled = new BigInteger(random.nextInt(1, 200), new java.util.Random(random.nextLong()));
            if (random.nextBoolean()) {
                unscaled = unscaled.negate();
            }
            int scale = random.nextInt(0, 40);
            BigInteger value = unscaled;
            assertThat(render(b -> JsonValues.appendDecimal(b, value, scale)))
                    .isEqualTo("\"" + new BigDecimal(value, scale).toPlainString() + "\"");
        }
    }

    @Test
    void stringsEscapeOnlyQuotesBackslashesAndControls() {
        assertThat(render(b -> JsonValues.appendString(b, ""))).isEqualTo("\"\"");
        assertThat(render(b -> JsonValues.appendString(b, "plain"))).isEqualTo("\"plain\"");
        assertThat(render(b -> JsonValues.appendString(b, "a\"b\\c"))).isEqualTo("\"a\\\"b\\\\c\"");
        assertThat(render(b -> JsonValues.appendString(b, "\n\r\t\b\f")))
                .isEqualTo("\"\\n\\r\\t\\b\\f\"");
        assertThat(render(b -> JsonValues.appendString(b, "\u0000\u0001\u001f\u007f")))
                .isEqualTo("\"\\u0000\\u0001\\u001f\u007f\"");
        assertThat(render(b -> JsonValues.appendString(b, "é中文😀\u2028/")))
                .isEqualTo("\"é中文😀\u2028/\"");
        byte[] utf8 = "xé😀y".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(render(b -> JsonValues.appendUtf8(b, utf8, 1, utf8.length - 2))).isEqualTo("\"é😀\"");
        assertThat(render(b -> JsonValues.appendKey(b, "a\"b"))).isEqualTo("\"a\\\"b\":");
    }

    @Test
    void binaryAndUuid() {
        byte[] bytes = {0x00, (byte) 0xFF, 0x10, (byte) 0xAB};
        assertThat(render(b -> JsonValues.appendBinary(b, bytes, 0, 4))).isEqualTo("\"00ff10ab\"");
        assertThat(render(b -> JsonValues.appendBinary(b, bytes, 1, 0))).isEqualTo("\"\"");
        byte[] uuid = new byte[17];
        for (int i = 0; i < 16; i++) {
            uuid[i + 1] = (byte) (i * 17);
        }
        assertThat(render(b -> JsonValues.appendUuid(b, uuid, 1)))
                .isEqualTo("\"00112233-4455-6677-8899-aabbccddeeff\"");
        assertThatThrownBy(() -> JsonValues.appendUuid(new StringBuilder(), uuid, 2))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void dates() {
        assertThat(render(b -> JsonValues.appendDateDays(b, 0))).isEqualTo("\"1970-01-01\"");
        assertThat(render(b -> JsonValues.appendDateDays(b, -1))).isEqualTo("\"1969-12-31\"");
        assertThat(render(b -> JsonValues.appendDateDays(b, -719_162))).isEqualTo("\"0001-01-01\"");
        assertThat(render(b -> JsonValues.appendDateDays(b, 2_932_896))).isEqualTo("\"9999-12-31\"");
        assertThat(render(b -> JsonValues.appendDateDays(b, -719_529))).isEqualTo("\"-0001-12-31\"");
        assertThat(render(b -> JsonValues.appendDateDays(b, 2_932_897))).isEqualTo("\"10000-01-01\"");
        assertThat(render(b -> JsonValues.appendDateMillis(b, -1))).isEqualTo("\"1969-12-31\"");
        assertThat(render(b -> JsonValues.appendDateMillis(b, 86_400_000L * 59))).isEqualTo("\"1970-03-01\"");
        assertThat(render(b -> JsonValues.appendDateMillis(b, Long.MIN_VALUE)))
                .isEqualTo("\"-292275055-05-16\"");
        SplittableRandom random = Seeds.random("JsonValuesTest.dates");
        for (int i = 0; i < 100_000; i++) {
            long day = random.nextLong(-719_528, 2_932_897); // years 0..9999
            assertThat(render(b -> JsonValues.appendDateDays(b, day)))
                    .isEqualTo("\"" + LocalDate.ofEpochDay(day) + "\"");
        }
    }

    @Test
    void times() {
        assertThat(render(b -> JsonValues.appendTime(b, 0, TimeUnit.SECONDS))).isEqualTo("\"00:00:00\"");
        assertThat(render(b -> JsonValues.appendTime(b, 86_399, TimeUnit.SECONDS))).isEqualTo("\"23:59:59\"");
        assertThat(render(b -> JsonValues.appendTime(b, 12_345, TimeUnit.MILLISECONDS)))
                .isEqualTo("\"00:00:12.345\"");
        assertThat(render(b -> JsonValues.appendTime(b, 3_723_000_001L, TimeUnit.MICROSECONDS)))
                .isEqualTo("\"01:02:03.000001\"");
        assertThat(render(b -> JsonValues.appendTime(b, 86_399_999_999_999L, TimeUnit.NANOSECONDS)))
                .isEqualTo("\"23:59:59.999999999\"");
        assertThat(render(b -> JsonValues.appendTime(b, 90_000, TimeUnit.SECONDS))).isEqualTo("\"25:00:00\"");
        assertThat(render(b -> JsonValues.appendTime(b, -1, TimeUnit.SECONDS))).isEqualTo("\"-01:59:59\"");
        assertThatThrownBy(() -> JsonValues.appendTime(new StringBuilder(), 1, TimeUnit.DAYS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("DAYS");
    }

    @Test
    void timestamps() {
        assertThat(render(b -> JsonValues.appendTimestamp(b, 0, TimeUnit.SECONDS, false)))
                .isEqualTo("\"1970-01-01T00:00:00\"");
        assertThat(render(b -> JsonValues.appendTimestamp(b, -1, TimeUnit.MILLISECONDS, true)))
                .isEqualTo("\"1969-12-31T23:59:59.999Z\"");
        assertThat(render(b -> JsonValues.appendTimestamp(b, 1, TimeUnit.MICROSECONDS, false)))
                .isEqualTo("\"1970-01-01T00:00:00.000001\"");
        assertThat(render(b -> JsonValues.appendTimestamp(b, Long.MIN_VALUE, TimeUnit.NANOSECONDS, true)))
                .isEqualTo("\"1677-09-21T00:12:43.145224192Z\"");
        assertThat(render(b -> JsonValues.appendTimestamp(b, Long.MAX_VALUE, TimeUnit.NANOSECONDS, false)))
                .isEqualTo("\"2262-04-11T23:47:16.854775807\"");
        DateTimeFormatter iso = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS").withZone(ZoneOffset.UTC);
        SplittableRandom random = Seeds.random("JsonValuesTest.timestamps");
        for (int i = 0; i < 100_000; i++) {
            long nanos = random.nextLong();
            Instant instant = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L),
                    Math.floorMod(nanos, 1_000_000_000L));
            assertThat(render(b -> JsonValues.appendTimestamp(b, nanos, TimeUnit.NANOSECONDS, true)))
                    .isEqualTo("\"" + iso.format(instant) + "Z\"");
        }
    }
}
