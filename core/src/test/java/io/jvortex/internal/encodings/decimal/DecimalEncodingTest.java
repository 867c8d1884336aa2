package io.jvortex.internal.encodings.decimal;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.Golden;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DecimalEncodingTest {
    private final Arena arena = Arena.ofAuto();

    @Test
    void goldenWideDecimals() {
        BigInteger e20 = BigInteger.TEN.pow(20);
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            if (Golden.mod(Golden.h(31, i), 7) == 0) {
                expected.add(null);
            } else {
                expected.add(BigInteger.valueOf(Golden.h(32, i)).multiply(e20)
                        .add(new BigInteger(Long.toUnsignedString(Golden.h(33, i))).mod(e20)));
            }
        }
        assertThat(Golden.column("decimal/decimal.vortex", "d")).isEqualTo(expected);
    }

    @Test
    void everyStorageWidth() {
        int[] widths = {1, 2, 4, 8, 16, 32};
        for (int t = 0; t < widths.length; t++) {
            int w = widths[t];
            byte[] values = new byte[3 * w];
            values[0] = 5;                       // 5
            for (int k = 0; k < w; k++) {
                values[w + k] = (byte) 0xFF;     // -1
            }
            values[2 * w + w - 1] = (byte) 0x80; // the most negative value of the width
            Node node = Node.of(DecimalEncoding.ID, Proto.message().varint(1, t).build(), List.of(values));
            Canonical out = TestNodes.decode(node, new DType.Decimal(76, 3, false), 3, arena);
            assertThat(((DecimalArray) out).valueByteWidth()).isEqualTo(w);
            assertThat(TestSupport.rows(out)).containsExactly(BigInteger.valueOf(5), BigInteger.ONE.negate(),
                    BigInteger.TWO.pow(8 * w - 1).negate());
        }
    }

    @Test
    void validityChild() {
        Node node = Node.of(DecimalEncoding.ID, new byte[0], List.of(new byte[] {1, 2}), TestNodes.bools(false, true));
        assertThat(TestSupport.rows(TestNodes.decode(node, new DType.Decimal(2, 0, true), 2, arena)))
                .containsExactly(null, BigInteger.TWO);
    }

    @Test
    void corruptNodesAreRejected() {
        DType.Decimal d = new DType.Decimal(10, 2, false);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DecimalEncoding.ID, Proto.message().varint(1, 3).build(),
                List.of(new byte[15])), d, 2, arena)).isInstanceOf(VortexException.class).hasMessageContaining("bytes");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DecimalEncoding.ID, Proto.message().varint(1, 6).build(),
                List.of(new byte[16])), d, 2, arena)).isInstanceOf(VortexException.class);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DecimalEncoding.ID, new byte[0], List.of()), d, 0, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DecimalEncoding.ID, new byte[0], List.of(new byte[1]),
                TestNodes.bools(true), TestNodes.bools(true)), d.withNullable(true), 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DecimalEncoding.ID, new byte[0], List.of(new byte[1]),
                TestNodes.bools(true)), d, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("validity");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(DecimalEncoding.ID, new byte[0], List.of(new byte[1])),
                new DType.Bool(false), 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("cannot hold");
    }
}
