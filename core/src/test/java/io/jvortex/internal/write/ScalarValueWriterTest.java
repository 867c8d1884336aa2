package io.jvortex.internal.write;

import io.jvortex.spi.ScalarValueWriter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.Canonical;
import io.jvortex.array.RandomArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import io.jvortex.scalar.ScalarValues;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link ScalarValueWriter}: golden bytes of the format notes (§7.3) and round trips through {@link ScalarValues}. */
class ScalarValueWriterTest {
    private static String hex(Scalar s) {
        return HexFormat.ofDelimiter(" ").formatHex(ScalarValueWriter.encode(s));
    }

    private static DType p(PType t) {
        return new DType.Primitive(t, true);
    }

    @Test
    void goldenBytes() {
        assertThat(hex(Scalar.nullOf(p(PType.I32)))).isEqualTo("08 00");
        assertThat(hex(new Scalar(new DType.Bool(false), true))).isEqualTo("10 01");
        assertThat(hex(new Scalar(new DType.Bool(false), false))).isEqualTo("10 00");
        assertThat(hex(new Scalar(p(PType.I64), 1L))).isEqualTo("18 02");
        assertThat(hex(new Scalar(p(PType.I8), -1L))).isEqualTo("18 01");
        assertThat(hex(new Scalar(p(PType.I32), 7L))).isEqualTo("18 0e");
        assertThat(hex(new Scalar(p(PType.I32), 0L))).isEqualTo("18 00");
        assertThat(hex(new Scalar(p(PType.U16), 6L))).isEqualTo("20 06");
        assertThat(hex(new Scalar(p(PType.F32), 0.0f))).isEqualTo("2d 00 00 00 00");
        assertThat(hex(new Scalar(p(PType.F64), 0.5))).isEqualTo("31 00 00 00 00 00 00 e0 3f");
        assertThat(hex(new Scalar(p(PType.F16), (short) 0x3C00))).isEqualTo("50 80 78");
        assertThat(hex(new Scalar(new DType.Utf8(false), "s0".getBytes(StandardCharsets.UTF_8)))).isEqualTo("3a 02 73 30");
        assertThat(hex(new Scalar(new DType.Binary(false), new byte[] {0, 1, 2}))).isEqualTo("42 03 00 01 02");
        assertThat(hex(new Scalar(new DType.Decimal(10, 2, false), BigInteger.ZERO)))
                .isEqualTo("42 08 00 00 00 00 00 00 00 00");
        assertThat(hex(new Scalar(new DType.Decimal(4, 2, false), BigInteger.valueOf(-2)))).isEqualTo("42 02 fe ff");
        DType list = new DType.List(p(PType.I32), false);
        assertThat(hex(new Scalar(list, List.of(new Scalar(p(PType.I32), 1L), Scalar.nullOf(p(PType.I32))))))
                .isEqualTo("4a 08 0a 02 18 02 0a 02 08 00");
        assertThat(hex(new Scalar(list, List.of()))).isEqualTo("4a 00");
        assertThat(hex(new Scalar(new DType.Extension("vortex.date", p(PType.I32), new byte[] {4}), 3L)))
                .isEqualTo("18 06");
    }

    @Test
    void randomScalarsRoundTrip() {
        SplittableRandom r = TestSupport.random("ScalarValueWriterTest.randomScalarsRoundTrip");
        try (Arena arena = Arena.ofConfined()) {
            RandomArrays gen = new RandomArrays(r, TestSupport.allocator(arena));
            for (int k = 0; k < 300; k++) {
                DType dtype = gen.dtype(3);
                if (dtype instanceof DType.Null || extensionOfExtension(dtype)) {
                    continue;
                }
                Canonical array = gen.array(dtype, 5);
                for (int i = 0; i < 5; i++) {
                    Scalar s = RandomArrays.scalarAt(array, i);
                    Scalar back = ScalarValues.decode(MemorySegment.ofArray(ScalarValueWriter.encode(s)), dtype);
                    assertThat(TestSupport.value(back)).as(dtype.display()).isEqualTo(TestSupport.value(s));
                }
            }
        }
    }

    /** The reader rejects an extension stored as an extension; such dtypes are not round-tripped. */
    private static boolean extensionOfExtension(DType d) {
        return switch (d) {
            case DType.Extension e -> e.storage() instanceof DType.Extension || extensionOfExtension(e.storage());
            case DType.Struct s -> s.fields().stream().anyMatch(ScalarValueWriterTest::extensionOfExtension);
            case DType.List l -> extensionOfExtension(l.element());
            case DType.FixedSizeList f -> extensionOfExtension(f.element());
            default -> false;
        };
    }

    @Test
    void unsupportedValuesAreRejected() {
        assertThatThrownBy(() -> ScalarValueWriter.encode(new Scalar(new DType.Variant(true), new byte[0])))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ScalarValueWriter.encode(Scalar.nullOf(new DType.Bool(false))))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
