package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.scalar.Scalar;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** How statistics values print in {@code jvx stats} and the inspect page, and map to colour scales. */
class ScalarTextTest {
    @Test
    void numbersPrintExactlyUnsignedOnesUnsigned() {
        assertThat(ScalarText.format(new Scalar(new DType.Primitive(PType.U64, false), -1L)))
                .isEqualTo("18446744073709551615");
        assertThat(ScalarText.format(new Scalar(new DType.Primitive(PType.I64, false), Long.MIN_VALUE)))
                .isEqualTo("-9223372036854775808");
        assertThat(ScalarText.format(new Scalar(new DType.Decimal(10, 2, false), BigInteger.valueOf(-12345))))
                .isEqualTo("-123.45");
        assertThat(ScalarText.format(new Scalar(new DType.Primitive(PType.F16, false), (short) 0x3c00)))
                .isEqualTo("1.0");
        assertThat(ScalarText.format(new Scalar(new DType.Bool(false), true))).isEqualTo("true");
        assertThat(ScalarText.format(null)).isEmpty();
        assertThat(ScalarText.format(Scalar.nullOf(new DType.Utf8(true)))).isEqualTo("null");
    }

    @Test
    void textBinaryAndTemporalValues() {
        assertThat(ScalarText.format(new Scalar(new DType.Utf8(false), "ü<b>".getBytes(StandardCharsets.UTF_8))))
                .isEqualTo("ü<b>");
        assertThat(ScalarText.format(new Scalar(new DType.Binary(false), new byte[] {1, (byte) 0xff})))
                .isEqualTo("0x01ff");
        String longText = "x".repeat(100);
        assertThat(ScalarText.format(new Scalar(new DType.Utf8(false), longText.getBytes(StandardCharsets.UTF_8))))
                .hasSize(ScalarText.MAX_CHARS).endsWith("x…");
        assertThat(ScalarText.format(new Scalar(Extensions.date(TimeUnit.DAYS, true), 18262L))).isEqualTo("2020-01-01");
        assertThat(ScalarText.format(new Scalar(Extensions.timestamp(TimeUnit.MILLISECONDS, "Europe/Paris", true),
                1_000L))).isEqualTo("1970-01-01T00:00:01.000Z");
        assertThat(ScalarText.format(new Scalar(Extensions.time(TimeUnit.MICROSECONDS, true), 3_600_000_001L)))
                .isEqualTo("01:00:00.000001");
        DType.Extension uuid = new DType.Extension(Extensions.UUID,
                new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 16, false), new byte[0]);
        java.util.List<Scalar> octets = new java.util.ArrayList<>();
        for (int i = 0; i < 16; i++) {
            octets.add(new Scalar(new DType.Primitive(PType.U8, false), (long) (i * 17)));
        }
        assertThat(ScalarText.format(new Scalar(uuid, octets))).isEqualTo("00112233-4455-6677-8899-aabbccddeeff");
        // an unknown extension prints as its storage value
        assertThat(ScalarText.format(new Scalar(new DType.Extension("acme.custom", new DType.Primitive(PType.I32,
                true), new byte[0]), 7L))).isEqualTo("7");
    }

    @Test
    void colourScaleNumbers() {
        assertThat(ScalarText.number(new Scalar(new DType.Primitive(PType.U64, false), -1L))).isEqualTo(0x1p64);
        assertThat(ScalarText.number(new Scalar(new DType.Decimal(10, 2, false), BigInteger.valueOf(250))))
                .isEqualTo(2.5);
        assertThat(ScalarText.number(new Scalar(new DType.Bool(false), true))).isEqualTo(1.0);
        assertThat(ScalarText.number(new Scalar(Extensions.date(TimeUnit.DAYS, false), 3L))).isEqualTo(3.0);
        assertThat(ScalarText.number(new Scalar(new DType.Utf8(false), new byte[] {65}))).isNaN();
        assertThat(ScalarText.bytes(new Scalar(new DType.Utf8(false), new byte[] {65}))).containsExactly(65);
    }
}
