package io.jvortex.internal.encodings.dict;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.Golden;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DictEncodingTest {
    private static final DType F64 = new DType.Primitive(PType.F64, true);
    private final Arena arena = Arena.ofAuto();

    static byte[] meta(long valuesLen, PType codes, Boolean nullableCodes) {
        Proto p = Proto.message().varint(1, valuesLen).varint(2, codes.id());
        if (nullableCodes != null) {
            p.varint(3, nullableCodes ? 1 : 0);
        }
        return p.build();
    }

    static List<Object> f64Palette(int count) {
        List<Object> p = new ArrayList<>();
        for (int j = 0; j < count; j++) {
            p.add(Golden.f64(Golden.mix(200 + j)));
        }
        return p;
    }

    @Test
    void goldenDictionariesInsideFixedSizeLists() {
        List<Object> palette = f64Palette(6);
        List<Object> expected = new ArrayList<>();
        for (Object v : Golden.runs(7, 5000, palette, 200)) {
            expected.add(List.of(v, v));
        }
        assertThat(Golden.column("dict/dict.vortex", "fsl_dict")).isEqualTo(expected);
        List<Object> withNull = new ArrayList<>(palette.subList(0, 4));
        withNull.add(null);
        List<Object> expectedNull = new ArrayList<>();
        for (Object v : Golden.runs(9, 5000, withNull, 200)) {
            expectedNull.add(Arrays.asList(v, v));
        }
        assertThat(Golden.column("dict/dict.vortex", "fsl_dict_null")).isEqualTo(expectedNull);
    }

    @Test
    void goldenStringDictionary() {
        List<Object> palette = Arrays.asList("", "short", "twelve_bytes", "a value longer than twelve bytes",
                "\u00e9t\u00e9 \u2603", null);
        List<Object> expected = new ArrayList<>();
        for (Object v : Golden.runs(11, 5000, palette, 200)) {
            expected.add(Arrays.asList(v, v));
        }
        assertThat(Golden.column("dict/dict.vortex", "fsl_dict_utf8")).isEqualTo(expected);
    }

    @Test
    void goldenArrowDictionaryWithNullableCodes() {
        Canonical out = Golden.segment("dict/arrow_dict", F64, 7, arena);
        assertThat(TestSupport.rows(out)).containsExactly(TestSupport.f64(1.5), null, null, TestSupport.f64(-7.25),
                TestSupport.f64(1.5), TestSupport.f64(1e300), TestSupport.f64(1e300));
    }

    @Test
    void randomCodesMatchNaiveGather() {
        SplittableRandom r = TestSupport.random("DictEncodingTest.randomCodesMatchNaiveGather");
        PType[] codeTypes = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I32};
        for (int iter = 0; iter < 60; iter++) {
            PType ct = codeTypes[r.nextInt(codeTypes.length)];
            int valueCount = r.nextInt(1, 100);
            int length = new int[] {0, 1, 1023, 1024, 1025, r.nextInt(3000)}[r.nextInt(6)];
            long[] values = new long[valueCount];
            boolean[] valuesValid = new boolean[valueCount];
            for (int j = 0; j < valueCount; j++) {
                values[j] = r.nextLong();
                valuesValid[j] = r.nextInt(5) != 0;
            }
            boolean nullableCodes = r.nextBoolean();
            long[] codes = new long[length];
            boolean[] codesValid = new boolean[length];
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                codes[i] = r.nextInt(valueCount);
                codesValid[i] = !nullableCodes || r.nextInt(4) != 0;
                if (!codesValid[i]) {
                    codes[i] = r.nextInt(256); // garbage under a null code
                }
                expected.add(codesValid[i] && valuesValid[(int) codes[i]] ? values[(int) codes[i]] : null);
            }
            Node codesNode = TestNodes.primitive(bytes(codes, ct.byteWidth()));
            if (nullableCodes) {
                codesNode = codesNode.with(TestNodes.bools(codesValid));
            }
            Node node = Node.of(DictEncoding.ID, meta(valueCount, ct, nullableCodes), List.of(), codesNode,
                    TestNodes.i64(values).with(TestNodes.bools(valuesValid)));
            Canonical out = TestNodes.decode(node, new DType.Primitive(PType.I64, true), length, arena);
            assertThat(TestSupport.rows(out)).as("iteration %d", iter).isEqualTo(expected);
        }
    }

    static byte[] bytes(long[] values, int width) {
        ByteBuffer b = ByteBuffer.allocate(values.length * width).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            switch (width) {
                case 1 -> b.put((byte) v);
                case 2 -> b.putShort((short) v);
                case 4 -> b.putInt((int) v);
                default -> b.putLong(v);
            }
        }
        return b.array();
    }

    @Test
    void structValuesAndAbsentNullabilityFlag() {
        DType.Struct s = new DType.Struct(List.of("a"), List.of(new DType.Bool(false)), false);
        Node values = Node.of("vortex.struct", new byte[0], List.of(), TestNodes.bools(true, false));
        // No is_nullable_codes: codes take the dtype's nullability (here non-nullable).
        Node node = Node.of(DictEncoding.ID, Proto.message().varint(1, 2).build(), List.of(), TestNodes.u8(1, 0, 1),
                values);
        assertThat(TestSupport.rows(TestNodes.decode(node, s, 3, arena)))
                .containsExactly(List.of(false), List.of(true), List.of(false));
    }

    @Test
    void unknownValuesStayOpaque() {
        Canonical out = TestNodes.decodeAllowingUnknown(Node.of(DictEncoding.ID, meta(4, PType.U8, false), List.of(),
                TestNodes.u8(3, 0), Node.of("x.unknown", new byte[0], List.of())), F64, 2, arena);
        assertThat(out).isInstanceOf(io.jvortex.array.OpaqueArray.class);
        assertThat(out.length()).isEqualTo(2);
    }

    @Test
    void corruptNodesAreRejected() {
        Node values = TestNodes.f64(1, 2);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DictEncoding.ID, meta(2, PType.U8, false), List.of(),
                TestNodes.u8(0, 2), values), F64, 2, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("index 2 at row 1 is out of range for 2 values");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DictEncoding.ID, meta(2, PType.I8, false), List.of(),
                TestNodes.u8(0, 255), values), F64, 2, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("index -1");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DictEncoding.ID, meta(2, PType.F32, false), List.of(),
                TestNodes.i32(0), values), F64, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("integers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DictEncoding.ID, meta(2, PType.U8, true), List.of(),
                TestNodes.u8(0), values), F64.withNullable(false), 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("nullable codes");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DictEncoding.ID, meta(2, PType.U8, false), List.of(),
                TestNodes.u8(0)), F64, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DictEncoding.ID, meta(2, PType.U8, false), List.of(new byte[1]),
                TestNodes.u8(0), values), F64, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DictEncoding.ID, meta(-1, PType.U8, false), List.of(),
                TestNodes.u8(0), values), F64, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("values_len");
        // values_len disagreeing with the values child.
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DictEncoding.ID, meta(3, PType.U8, false), List.of(),
                TestNodes.u8(0), values), F64, 1, arena)).isInstanceOf(VortexException.class);
    }
}
