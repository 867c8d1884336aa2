package io.jvortex.internal.encodings.constant;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Sv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Golden;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConstantEncodingTest {
    private final Arena arena = Arena.ofAuto();

    private Canonical decode(byte[] scalar, DType dtype, int length) {
        return TestNodes.decode(TestNodes.constant(scalar), dtype, length, arena);
    }

    @Test
    void goldenConstantColumns() {
        String f = "constant/constant.vortex";
        assertThat(Golden.column(f, "c_f64")).isEqualTo(Collections.nCopies(5000, TestSupport.f64(1.25)));
        assertThat(Golden.column(f, "c_utf8")).isEqualTo(Collections.nCopies(5000, "the same long string value"));
        assertThat(Golden.column(f, "c_bool")).isEqualTo(Collections.nCopies(5000, true));
        assertThat(Golden.column(f, "c_null_i32")).isEqualTo(Collections.nCopies(5000, null));
        assertThat(Golden.column(f, "c_u8")).isEqualTo(Collections.nCopies(5000, 255L));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1023, 1024, 1025})
    void everyTypeAtEdgeLengths(int n) {
        assertThat(TestSupport.rows(decode(Sv.i64(-3), new DType.Primitive(PType.I16, false), n)))
                .isEqualTo(Collections.nCopies(n, -3L));
        assertThat(TestSupport.rows(decode(Sv.u64(-1L), new DType.Primitive(PType.U64, true), n)))
                .isEqualTo(Collections.nCopies(n, -1L));
        assertThat(TestSupport.rows(decode(Sv.f32(Float.NaN), new DType.Primitive(PType.F32, false), n)))
                .isEqualTo(Collections.nCopies(n, TestSupport.f32(Float.NaN)));
        assertThat(TestSupport.rows(decode(Sv.str("short"), new DType.Utf8(false), n)))
                .isEqualTo(Collections.nCopies(n, "short"));
        assertThat(TestSupport.rows(decode(Sv.bin(new byte[] {0, 1, 2}), new DType.Binary(true), n)))
                .isEqualTo(Collections.nCopies(n, "0x000102"));
        assertThat(TestSupport.rows(decode(Sv.bin(new byte[] {(byte) 0x9c, (byte) 0xff}),
                new DType.Decimal(4, 2, false), n))).isEqualTo(Collections.nCopies(n, BigInteger.valueOf(-100)));
        assertThat(TestSupport.rows(decode(Sv.list(Sv.i64(1), Sv.nul()),
                new DType.List(new DType.Primitive(PType.I32, true), false), n)))
                .isEqualTo(Collections.nCopies(n, java.util.Arrays.asList(1L, null)));
        assertThat(TestSupport.rows(decode(Sv.list(Sv.f64(0.5), Sv.bool(true)),
                new DType.Struct(List.of("a", "b"), List.of(new DType.Primitive(PType.F64, false), new DType.Bool(false)),
                        true), n))).isEqualTo(Collections.nCopies(n, List.of(TestSupport.f64(0.5), true)));
        assertThat(TestSupport.rows(decode(Sv.list(Sv.u64(1), Sv.u64(2)),
                new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 2, false), n)))
                .isEqualTo(Collections.nCopies(n, List.of(1L, 2L)));
        assertThat(TestSupport.rows(decode(Sv.nul(), new DType.List(new DType.Utf8(false), true), n)))
                .isEqualTo(Collections.nCopies(n, null));
        DType.Extension date = new DType.Extension("vortex.date", new DType.Primitive(PType.I32, true), new byte[] {4});
        assertThat(TestSupport.rows(decode(Sv.i64(19000), date, n))).isEqualTo(Collections.nCopies(n, 19000L));
    }

    @Test
    void allInvalidValidityChildIsAConstantFalse() {
        // The writer's form of "all null": a vortex.constant(false) validity child.
        Node primitive = TestNodes.i32(1, 2, 3).with(TestNodes.constant(Sv.bool(false)));
        Canonical out = TestNodes.decode(primitive, new DType.Primitive(PType.I32, true), 3, arena);
        assertThat(TestSupport.rows(out)).containsExactly(null, null, null);
        Canonical bool = decode(Sv.bool(true), new DType.Bool(false), 9);
        assertThat(bool).isInstanceOf(BoolArray.class);
    }

    @Test
    void corruptNodesAreRejected() {
        DType i32 = new DType.Primitive(PType.I32, false);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ConstantEncoding.ID, new byte[0], List.of()), i32, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(TestNodes.constant(Sv.i64(1)).with(TestNodes.u8(1)), i32, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> decode(Sv.str("x"), i32, 1)).isInstanceOf(VortexException.class);
        assertThatThrownBy(() -> decode(Sv.nul(), i32, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("non-nullable");
        assertThatThrownBy(() -> decode(Sv.i64(300), new DType.Primitive(PType.I8, false), 1))
                .isInstanceOf(VortexException.class).hasMessageContaining("out of range");
        assertThatThrownBy(() -> decode(new byte[] {0x18}, i32, 1)).isInstanceOf(VortexException.class);
        assertThatThrownBy(() -> decode(Sv.list(Sv.u64(1)), new DType.FixedSizeList(
                new DType.Primitive(PType.U8, false), 2, false), 1)).isInstanceOf(VortexException.class);
        assertThatThrownBy(() -> decode(Sv.bool(true), new DType.Variant(false), 1)).isInstanceOf(VortexException.class);
    }
}
