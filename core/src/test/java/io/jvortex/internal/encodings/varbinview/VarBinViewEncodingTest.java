package io.jvortex.internal.encodings.varbinview;

import static io.jvortex.internal.encodings.varbin.TestArrays.bools;
import static io.jvortex.internal.encodings.varbin.TestArrays.decode;
import static io.jvortex.internal.encodings.varbin.TestArrays.node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.internal.encodings.varbin.TestArrays;
import io.jvortex.internal.encodings.varbin.TestArrays.Node;
import io.jvortex.internal.encodings.varbin.TestData;
import io.jvortex.internal.encodings.varbin.TestData.Alphabet;
import io.jvortex.testing.Seeds;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VarBinViewEncodingTest {
    private static final DType UTF8 = new DType.Utf8(false);
    private static final DType UTF8_NULLABLE = new DType.Utf8(true);
    private static final DType BINARY_NULLABLE = new DType.Binary(true);

    /**
     * Builds views the way Arrow does: values over 12 bytes go to data buffers, starting a new buffer
     * once the current one holds {@code bufferBytes}; null rows get all-zero views.
     */
    static Node varbinview(List<byte[]> values, int bufferBytes, boolean withValidity) {
        ByteBuffer views = ByteBuffer.allocate(16 * values.size()).order(ByteOrder.LITTLE_ENDIAN);
        List<ByteArrayOutputStream> data = new ArrayList<>();
        for (byte[] v : values) {
            int start = views.position();
            if (v == null) {
                views.position(start + 16);
                continue;
            }
            views.putInt(v.length);
            if (v.length <= 12) {
                views.put(v);
            } else {
                if (data.isEmpty() || data.getLast().size() >= bufferBytes) {
                    data.add(new ByteArrayOutputStream());
                }
                ByteArrayOutputStream buf = data.getLast();
                views.put(v, 0, 4).putInt(data.size() - 1).putInt(buf.size());
                buf.writeBytes(v);
            }
            views.position(start + 16);
        }
        List<byte[]> buffers = new ArrayList<>();
        data.forEach(d -> buffers.add(d.toByteArray()));
        buffers.add(views.array());
        Node n = node(VarBinViewEncoding.ID, new byte[0], buffers);
        return withValidity ? n.withChild(bools(TestData.validity(values))) : n;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1023, 1024, 1025})
    void decodesEdgeLengths(int rows) {
        SplittableRandom rnd = Seeds.random("varbinview.decodesEdgeLengths(" + rows + ")");
        for (double nulls : new double[] {0, 0.3, 1}) {
            List<byte[]> values = TestData.strings(rnd, rows, nulls, 30, Alphabet.UNICODE);
            boolean nullable = nulls > 0;
            Canonical out = decode(varbinview(values, 500, nullable), nullable ? UTF8_NULLABLE : UTF8, rows);
            assertThat(out).isInstanceOf(VarBinViewArray.class);
            TestData.assertValues(out, values);
        }
    }

    @Test
    void inlineBoundaryAndEmptyValues() {
        List<byte[]> values = TestData.utf8("", "123456789012", "1234567890123", "", "é".repeat(6), "é".repeat(7));
        TestData.assertValues(decode(varbinview(values, 1 << 20, false), UTF8, values.size()), values);
    }

    @Test
    void decodesLargeValuesAcrossSeveralBuffers() {
        SplittableRandom rnd = Seeds.random("varbinview.decodesLargeValuesAcrossSeveralBuffers");
        List<byte[]> values = new ArrayList<>(TestData.strings(rnd, 300, 0.1, 200, Alphabet.BYTES));
        values.add(TestData.value(rnd, (1 << 20) + 3, Alphabet.BYTES));
        values.add(TestData.value(rnd, (1 << 20) + 9, Alphabet.BYTES));
        Node n = varbinview(values, 4096, true);
        assertThat(n.buffers().size()).isGreaterThan(3);
        TestData.assertValues(decode(n, BINARY_NULLABLE, values.size()), values);
    }

    @Test
    void zeroCopyWhenEveryViewIsValid() {
        var array = TestArrays.serialize(varbinview(TestData.utf8("a string longer than twelve", "tiny"), 100, false));
        VarBinViewArray out = (VarBinViewArray) decode(array, UTF8, 2);
        assertThat(out.views().address()).isEqualTo(array.root().buffer(1).address());
        assertThat(out.dataBuffers().getFirst().address()).isEqualTo(array.root().buffer(0).address());
    }

    @Test
    void garbageViewsOfNullRowsAreReplacedByEmptyOnes() {
        List<byte[]> values = TestData.utf8("first value of some length", null, "x", null);
        Node n = varbinview(values, 100, true);
        byte[] views = n.buffers().getLast().clone();
        ByteBuffer v = ByteBuffer.wrap(views).order(ByteOrder.LITTLE_ENDIAN);
        v.putInt(16, 1000).putInt(24, 7).putInt(28, 0);          // row 1: buffer 7 does not exist
        v.putInt(48, 5).put(52, (byte) 0xFF);                      // row 3: inline, invalid UTF-8
        var array = TestArrays.serialize(n.withBuffers(n.buffers().getFirst(), views));
        VarBinViewArray out = (VarBinViewArray) decode(array, UTF8_NULLABLE, 4);
        TestData.assertValues(out, values);
        assertThat(out.valueLength(1)).isZero();
        assertThat(out.valueSegment(1).byteSize()).isZero();
        assertThat(out.views().address()).as("views were copied").isNotEqualTo(array.root().buffer(1).address());
    }

    @Test
    void allNullWithoutDataBuffers() {
        List<byte[]> values = new ArrayList<>();
        values.add(null);
        values.add(null);
        TestData.assertValues(decode(varbinview(values, 100, true), UTF8_NULLABLE, 2), values);
    }

    // ---- corrupt input

    private static Node withView(Node n, int row, int size, int word1, int word2, int word3) {
        byte[] views = n.buffers().getLast().clone();
        ByteBuffer.wrap(views).order(ByteOrder.LITTLE_ENDIAN).putInt(16 * row, size).putInt(16 * row + 4, word1)
                .putInt(16 * row + 8, word2).putInt(16 * row + 12, word3);
        List<byte[]> buffers = new ArrayList<>(n.buffers());
        buffers.set(buffers.size() - 1, views);
        return n.withBuffers(buffers.toArray(byte[][]::new));
    }

    private static final Node GOOD = varbinview(TestData.utf8("abcdefghijklmnop", "short"), 100, false);

    @Test
    void rejectsBadBufferIndex() {
        Node n = withView(GOOD, 0, 16, 0x64636261, 1, 0);
        assertThatThrownBy(() -> decode(n, UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("view of row 0 references data buffer 1, expected 0..0");
    }

    @Test
    void rejectsOutOfBoundsViews() {
        Node n = withView(GOOD, 0, 16, 0x64636261, 0, 1);
        assertThatThrownBy(() -> decode(n, UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("covers bytes [1, 17) of data buffer 0, which has 16 bytes");
        Node wrap = withView(GOOD, 0, 16, 0x64636261, 0, -1);
        assertThatThrownBy(() -> decode(wrap, UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("covers bytes [4294967295");
    }

    @Test
    void rejectsPrefixMismatch() {
        Node n = withView(GOOD, 0, 16, 0x64636262, 0, 0);
        assertThatThrownBy(() -> decode(n, UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("prefix that differs");
    }

    @Test
    void rejectsInvalidUtf8InlineAndOutlined() {
        Node inline = withView(GOOD, 1, 2, 0x0000_80C0, 0, 0);
        assertThatThrownBy(() -> decode(inline, UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("view of row 1 holds a value of 2 bytes that is not valid UTF-8");
        Node outlined = varbinview(List.of("abcdefghijklmn\u00e9".getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                100, false);
        byte[] data = outlined.buffers().getFirst().clone();
        data[15] = (byte) 0xFF;
        Node bad = outlined.withBuffers(data, outlined.buffers().getLast());
        assertThatThrownBy(() -> decode(bad, UTF8, 1)).isInstanceOf(VortexException.class)
                .hasMessageContaining("not valid UTF-8");
        assertThat(decode(bad, new DType.Binary(false), 1).length()).as("binary is not validated").isEqualTo(1);
    }

    @Test
    void rejectsValuesOver2GiB() {
        Node n = withView(GOOD, 0, 0x8000_0000, 0x64636261, 0, 0);
        assertThatThrownBy(() -> decode(n, UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("larger than the 2147483647-byte limit");
    }

    @Test
    void rejectsBadShape() {
        assertThatThrownBy(() -> decode(GOOD.withMetadata(new byte[] {8, 1}), UTF8, 2))
                .isInstanceOf(VortexException.class).hasMessageContaining("metadata must be empty");
        assertThatThrownBy(() -> decode(GOOD.withBuffers(), UTF8, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("has no buffers");
        assertThatThrownBy(() -> decode(GOOD, UTF8, 3)).isInstanceOf(VortexException.class)
                .hasMessageContaining("expected 48");
        Node twoChildren = GOOD.withChild(bools(true, true)).withChild(bools(true, true));
        assertThatThrownBy(() -> decode(twoChildren, UTF8_NULLABLE, 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("has 2 children, expected 0..1");
        assertThatThrownBy(() -> decode(GOOD, new DType.Bool(false), 2)).isInstanceOf(VortexException.class)
                .hasMessageContaining("cannot hold bool");
    }
}
