package io.jvortex.internal.encodings.bytebool;

import static io.jvortex.array.TestNodes.Node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ByteBoolEncodingTest {
    private static final DType.Bool BOOL = new DType.Bool(false);
    private final Arena arena = Arena.ofAuto();

    @Test
    void randomBytesMatchNaiveDecoding() {
        SplittableRandom r = TestSupport.random("ByteBoolEncodingTest.randomBytesMatchNaiveDecoding");
        for (int length : new int[] {0, 1, 7, 8, 9, 63, 64, 65, 1023, 1024, 1025, 70_000}) {
            byte[] bytes = new byte[length];
            List<Object> expected = new ArrayList<>();
            int density = r.nextInt(101);
            for (int i = 0; i < length; i++) {
                // Any non-zero byte is true, including 0x80 and 0x01 in every bit position.
                bytes[i] = r.nextInt(100) < density ? (byte) (1 << r.nextInt(8)) : 0;
                if (r.nextInt(10) == 0 && bytes[i] != 0) {
                    bytes[i] = (byte) r.nextInt(1, 256);
                }
                expected.add(bytes[i] != 0);
            }
            Canonical out = TestNodes.decode(Node.of(ByteBoolEncoding.ID, new byte[0], List.of(bytes)), BOOL, length,
                    arena);
            assertThat(out).isInstanceOf(BoolArray.class);
            assertThat(TestSupport.rows(out)).as("length %d", length).isEqualTo(expected);
        }
    }

    @Test
    void validityChild() {
        Node node = Node.of(ByteBoolEncoding.ID, new byte[0], List.of(new byte[] {1, 0, 2}),
                TestNodes.bools(true, false, true));
        assertThat(TestSupport.rows(TestNodes.decode(node, new DType.Bool(true), 3, arena)))
                .containsExactly(true, null, true);
    }

    @Test
    void corruptNodesAreRejected() {
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ByteBoolEncoding.ID, new byte[0], List.of(new byte[2])), BOOL,
                3, arena)).isInstanceOf(VortexException.class).hasMessageContaining("expected 3");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ByteBoolEncoding.ID, new byte[] {1}, List.of(new byte[1])),
                BOOL, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("metadata");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ByteBoolEncoding.ID, new byte[0], List.of()), BOOL, 0, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ByteBoolEncoding.ID, new byte[0], List.of(new byte[1]),
                TestNodes.bools(true), TestNodes.bools(true)), new DType.Bool(true), 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ByteBoolEncoding.ID, new byte[0], List.of(new byte[1])),
                new DType.Utf8(false), 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("cannot hold");
    }
}
