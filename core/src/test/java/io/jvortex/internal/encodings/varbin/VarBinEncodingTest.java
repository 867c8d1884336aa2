package io.jvortex.internal.encodings.varbin;

import static io.jvortex.internal.encodings.varbin.TestArrays.bools;
import static io.jvortex.internal.encodings.varbin.TestArrays.decode;
import static io.jvortex.internal.encodings.varbin.TestArrays.node;
import static io.jvortex.internal.encodings.varbin.TestArrays.primitive;
import static io.jvortex.internal.encodings.varbin.TestArrays.proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.varbin.TestArrays.Node;
import io.jvortex.internal.encodings.varbin.TestData.Alphabet;
import io.jvortex.testing.Seeds;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VarBinEncodingTest {
    private static final DType UTF8 = new DType.Utf8(false);
    private static final DType UTF8_NULLABLE = new DType.Utf8(true);
    private static final DType BINARY = new DType.Binary(false);
    private static final DType BINARY_NULLABLE = new DType.Binary(true);

    /**
     * Builds a varbin node: values back to back after {@code startOffset} junk bytes, null rows empty.
     */
    static Node varbin(List<byte[]> values, PType offsetsPType, int startOffset, boolean withValidity) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(new byte[startOffset]);
        long[] offsets = new long[values.size() + 1];
        offsets[0] = startOffset;
        for (int i = 0; i < values.size(); i++) {
            byte[] v = values.get(i);
            if (v != null) {
                bytes.writeBytes(v);
            }
            offsets[i + 1] = bytes.size();
        }
        Node n = node(VarBinEncoding.ID, proto().varint(1, offsetsPType.id()).build(), List.of(bytes.toByteArray()),
                primitive(offsetsPType, offsets));
        return withValidity ? n.withChild(bools(TestData.validity(values))) : n;
    }

    static Node varbin(List<byte[]> values) {
        return varbin(values, PType.I32, 0, TestData.hasNulls(values));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1023, 1024, 1025})
    void decodesEdgeLengths(int rows) {
        SplittableRandom rnd = Seeds.random("varbin.decodesEdgeLengths(" + rows + ")");
        for (double nulls : new double[] {0, 0.3, 1}) {
            List<byte[]> values = TestData.strings(rnd, rows, nulls, 20, Alphabet.UNICODE);
            boolean nullable = nulls > 0;
            Canonical out = decode(varbin(values, PType.I32, 0, nullable), nullable ? UTF8_NULLABLE : UTF8, rows);
            assertThat(out).isInstanceOf(VarBinArray.class);
            TestData.assertValues(out, values);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void acceptsEveryOffsetType(String ptype) {
        PType p = PType.valueOf(ptype);
        List<byte[]> values = TestData.utf8("", "a", "bb", null, "ccc", "");
        Canonical out = decode(varbin(values, p, 3, true), UTF8_NULLABLE, values.size());
        TestData.assertValues(out, values);
        assertThat(((VarBinArray) out).offset(0)).as("offsets need not start at 0").isEqualTo(3);
    }

    @Test
    void metadataAbsentMeansU8Offsets() {
        List<byte[]> values = TestData.utf8("x", "yz");
        Node n = varbin(values, PType.U8, 0, false).withMetadata(new byte[0]);
        TestData.assertValues(decode(n, UTF8, 2), values);
    }

    @Test
    void decodesLargeValuesAndRandomBinary() {
        SplittableRandom rnd = Seeds.random("varbin.decodesLargeValuesAndRandomBinary");
        List<byte[]> values = new ArrayList<>(TestData.strings(rnd, 100, 0.2, 300, Alphabet.BYTES));
        values.add(TestData.value(rnd, (1 << 20) + 17, Alphabet.BYTES));
        values.add(TestData.value(rnd, (1 << 20) + 5, Alphabet.UNICODE));
        TestData.assertValues(decode(varbin(values), BINARY_NULLABLE, values.size()), values);
    }

    @Test
    void zeroCopyOfTheByteBuffer() {
        List<byte[]> values = TestData.utf8("hello", "world");
        var array = TestArrays.serialize(varbin(values));
        VarBinArray out = (VarBinArray) decode(array, UTF8, 2);
        assertThat(out.bytes().address()).isEqualTo(array.root().buffer(0).address());
    }

    @Test
    void invalidUtf8InANullRowIsTolerated() {
        List<byte[]> values = new ArrayList<>(TestData.utf8("ok", null, "fine"));
        Node n = varbin(values, PType.I32, 0, true);
        // Put garbage bytes under the null row: offsets 0,2,4,8 over "ok" ff fe "fine".
        Node garbage = node(VarBinEncoding.ID, proto().varint(1, PType.I32.id()).build(),
                List.of(new byte[] {'o', 'k', (byte) 0xFF, (byte) 0xFE, 'f', 'i', 'n', 'e'}),
                primitive(PType.I32, 0, 2, 4, 8), n.children().get(1));
        TestData.assertValues(decode(garbage, UTF8_NULLABLE, 3), values);
    }

    @Test
    void binaryNeedsNoUtf8() {
        List<byte[]> values = List.of(new byte[] {(byte) 0xC0, (byte) 0x80}, new byte[] {(byte) 0xFF});
        TestData.assertValues(decode(varbin(values), BINARY, 2), values);
    }

    // ---- corrupt input: every validation yields VortexException

    @Test
    void rejectsInvalidUtf8InAValidRow() {
        Node n = node(VarBinEncoding.ID, proto().varint(1, PType.I32.id()).build(),
                List.of(new byte[] {'o', 'k', (byte) 0xED, (byte) 0xA0, (byte) 0x80}), primitive(PType.I32, 0, 2, 5));
        assertThatThrownBy(() -> decode(n, UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("row 1 is not valid UTF-8");
    }

    @Test
    void rejectsARowBoundaryInsideACharacter() {
        // "é" = C3 A9 split over two rows: the whole buffer is valid UTF-8, each row is not.
        Node n = node(VarBinEncoding.ID, proto().varint(1, PType.I32.id()).build(),
                List.of(new byte[] {(byte) 0xC3, (byte) 0xA9}), primitive(PType.I32, 0, 1, 2));
        assertThatThrownBy(() -> decode(n, UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("row 0 is not valid UTF-8");
    }

    @Test
    void rejectsDecreasingOffsets() {
        Node n = node(VarBinEncoding.ID, proto().varint(1, PType.I32.id()).build(), List.of(new byte[4]),
                primitive(PType.I32, 0, 3, 2));
        assertThatThrownBy(() -> decode(n, BINARY, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("decrease at [2]");
    }

    @Test
    void rejectsNegativeOffsets() {
        Node n = node(VarBinEncoding.ID, proto().varint(1, PType.I64.id()).build(), List.of(new byte[4]),
                primitive(PType.I64, -1, 2));
        assertThatThrownBy(() -> decode(n, BINARY, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("is negative");
        Node huge = node(VarBinEncoding.ID, proto().varint(1, PType.U64.id()).build(), List.of(new byte[4]),
                primitive(PType.U64, 0, Long.MIN_VALUE));
        assertThatThrownBy(() -> decode(huge, BINARY, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("is too large");
    }

    @Test
    void rejectsOffsetsPastTheBuffer() {
        Node n = node(VarBinEncoding.ID, proto().varint(1, PType.U32.id()).build(), List.of(new byte[4]),
                primitive(PType.U32, 0, 5));
        assertThatThrownBy(() -> decode(n, BINARY, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("past the 4-byte buffer");
    }

    @Test
    void rejectsNonIntegerOrUnknownOffsetTypes() {
        Node f32 = varbin(TestData.utf8("a"), PType.I32, 0, false).withMetadata(proto().varint(1, 9).build());
        assertThatThrownBy(() -> decode(f32, UTF8, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("offsets_ptype is f32, expected an integer type");
        Node unknown = f32.withMetadata(proto().varint(1, 42).build());
        assertThatThrownBy(() -> decode(unknown, UTF8, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("offsets_ptype 42 is not a ptype");
    }

    @Test
    void rejectsWrongBufferAndChildCounts() {
        Node good = varbin(TestData.utf8("a"), PType.I32, 0, false);
        assertThatThrownBy(() -> decode(good.withBuffers(), UTF8, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("has 0 buffers, expected 1");
        assertThatThrownBy(() -> decode(good.withBuffers(new byte[1], new byte[1]), UTF8, 1))
                .isInstanceOf(VortexException.class).hasMessageContaining("has 2 buffers, expected 1");
        assertThatThrownBy(() -> decode(good.withChildren(), UTF8, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("has 0 children, expected 1..2");
        Node three = good.withChild(bools(true)).withChild(bools(true));
        assertThatThrownBy(() -> decode(three, UTF8_NULLABLE, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("has 3 children, expected 1..2");
    }

    @Test
    void rejectsValidityOnANonNullableType() {
        Node n = varbin(TestData.utf8("a"), PType.I32, 0, false).withChild(bools(true));
        assertThatThrownBy(() -> decode(n, UTF8, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("non-nullable array has a validity child");
    }

    @Test
    void rejectsOffsetsOfTheWrongLength() {
        Node n = node(VarBinEncoding.ID, proto().varint(1, PType.I32.id()).build(), List.of(new byte[4]),
                primitive(PType.I32, 0, 1));
        assertThatThrownBy(() -> decode(n, BINARY, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("expected 12");
    }

    @Test
    void rejectsNonStringTypes() {
        Node n = varbin(TestData.utf8("a"));
        assertThatThrownBy(() -> decode(n, new DType.Primitive(PType.I32, false), 1))
                .isInstanceOf(VortexException.class).hasMessageContaining("cannot hold i32");
    }
}
