package io.jvortex.internal.encodings.chunked;

import static io.jvortex.array.TestNodes.Node;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkedEncodingTest {
    private static final DType I32 = new DType.Primitive(PType.I32, true);
    private final Arena arena = Arena.ofAuto();

    private static Node chunked(long[] offsets, Node... chunks) {
        Node n = Node.of(ChunkedEncoding.ID, new byte[0], List.of(), TestNodes.i64(offsets));
        return n.with(chunks);
    }

    @Test
    void goldenRustSerializedChunkedArrays() {
        assertThat(TestSupport.rows(Golden.segment("chunked/chunked_i32", I32, 5, arena)))
                .containsExactly(1L, null, 3L, 4L, 5L);
        DType.Struct s = new DType.Struct(List.of("a", "b"),
                List.of(new DType.Primitive(PType.F64, true), new DType.Bool(true)), true);
        assertThat(TestSupport.rows(Golden.segment("chunked/chunked_struct", s, 3, arena))).containsExactly(
                List.of(TestSupport.f64(1.5), true), Arrays.asList(TestSupport.f64(-2.5), null), null);
    }

    @Test
    void concatenatesChunksIncludingEmptyOnes() {
        Node node = chunked(new long[] {0, 2, 2, 1027}, TestNodes.i32(7, 8),
                Node.of("vortex.primitive", new byte[0], List.of(new byte[0])),
                TestNodes.constant(TestNodes.Sv.nul()));
        Canonical out = TestNodes.decode(node, I32, 1027, arena);
        List<Object> expected = new ArrayList<>(List.of(7L, 8L));
        for (int i = 0; i < 1025; i++) {
            expected.add(null);
        }
        assertThat(TestSupport.rows(out)).isEqualTo(expected);
        assertThat(TestSupport.rows(TestNodes.decode(chunked(new long[] {0}), I32, 0, arena))).isEmpty();
    }

    @Test
    void unknownChunksStayOpaque() {
        Canonical out = TestNodes.decodeAllowingUnknown(chunked(new long[] {0, 1, 3}, TestNodes.i32(1),
                Node.of("x.unknown", new byte[0], List.of())), I32, 3, arena);
        assertThat(out).isInstanceOf(io.jvortex.array.OpaqueArray.class);
        assertThat(out.length()).isEqualTo(3);
    }

    @Test
    void corruptNodesAreRejected() {
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ChunkedEncoding.ID, new byte[0], List.of()), I32, 0, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(new Node(ChunkedEncoding.ID, new byte[] {1}, List.of(),
                chunked(new long[] {0}).children()), I32, 0, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("metadata");
        assertThatThrownBy(() -> TestNodes.decode(chunked(new long[] {1, 2}, TestNodes.i32(1)), I32, 2, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("span");
        assertThatThrownBy(() -> TestNodes.decode(chunked(new long[] {0, 1}, TestNodes.i32(1)), I32, 2, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("span");
        assertThatThrownBy(() -> TestNodes.decode(chunked(new long[] {0, 2, 1}, TestNodes.i32(1, 2), TestNodes.i32()),
                I32, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("decreasing or outside");
        assertThatThrownBy(() -> TestNodes.decode(chunked(new long[] {0, -1}, TestNodes.i32(1)), I32, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("18446744073709551615");
        assertThatThrownBy(() -> TestNodes.decode(new Node(ChunkedEncoding.ID, new byte[0], List.of(new byte[1]),
                chunked(new long[] {0}).children()), I32, 0, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("buffers");
        // An offsets child of an unknown encoding (read with allowUnknown) is not a primitive array.
        assertThatThrownBy(() -> TestNodes.decodeAllowingUnknown(Node.of(ChunkedEncoding.ID, new byte[0], List.of(),
                Node.of("x.unknown", new byte[0], List.of())), I32, 0, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("expected primitive");
        // Offsets child of the wrong length for the number of chunks.
        assertThatThrownBy(() -> TestNodes.decode(chunked(new long[] {0, 1, 2}, TestNodes.i32(1)), I32, 2, arena))
                .isInstanceOf(VortexException.class);
        // A chunk whose own length disagrees with its offsets.
        assertThatThrownBy(() -> TestNodes.decode(chunked(new long[] {0, 2}, TestNodes.i32(1)), I32, 2, arena))
                .isInstanceOf(VortexException.class);
    }
}
