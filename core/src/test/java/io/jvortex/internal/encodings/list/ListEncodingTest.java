package io.jvortex.internal.encodings.list;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.Golden;
import io.jvortex.array.ListArray;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListEncodingTest {
    private static final DType.List LIST = new DType.List(new DType.Primitive(PType.I64, false), true);
    private final Arena arena = Arena.ofAuto();

    private static byte[] meta(long elementsLen, PType offsets) {
        return Proto.message().varint(1, elementsLen).varint(2, offsets.id()).build();
    }

    @Test
    void goldenLists() {
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            if (Golden.mod(Golden.h(71, i), 13) == 0) {
                expected.add(null);
                continue;
            }
            List<Object> l = new ArrayList<>();
            for (int k = 0; k < Golden.mod(Golden.h(73, i), 4); k++) {
                l.add(Golden.h(72, 4L * i + k));
            }
            expected.add(l);
        }
        assertThat(Golden.column("list/list.vortex", "l")).isEqualTo(expected);
    }

    @Test
    void offsetsNeedNotStartAtZero() {
        Node node = Node.of(ListEncoding.ID, meta(5, PType.U16), List.of(), TestNodes.i64(9, 1, 2, 3, 4),
                TestNodes.i16(1, 3, 3, 5), TestNodes.bools(true, false, true));
        Canonical out = TestNodes.decode(node, LIST, 3, arena);
        assertThat(out).isInstanceOf(ListArray.class);
        assertThat(TestSupport.rows(out)).containsExactly(List.of(1L, 2L), null, List.of(3L, 4L));
    }

    @Test
    void emptyListArray() {
        Node node = Node.of(ListEncoding.ID, new byte[0], List.of(), TestNodes.i64(), TestNodes.u8(0));
        assertThat(TestNodes.decode(node, LIST, 0, arena).length()).isZero();
    }

    @Test
    void corruptNodesAreRejected() {
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListEncoding.ID, meta(2, PType.U8), List.of(),
                TestNodes.i64(1, 2), TestNodes.u8(0, 2, 1)), LIST, 2, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("decreasing or outside");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListEncoding.ID, meta(2, PType.U8), List.of(),
                TestNodes.i64(1, 2), TestNodes.u8(0, 3)), LIST, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("decreasing or outside");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListEncoding.ID, meta(2, PType.I32), List.of(),
                TestNodes.i64(1, 2), TestNodes.i32(-1, 1)), LIST, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("decreasing or outside");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListEncoding.ID, meta(2, PType.F32), List.of(),
                TestNodes.i64(1, 2), TestNodes.i32(0, 1)), LIST, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("integers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListEncoding.ID, meta(1L << 40, PType.U8), List.of(),
                TestNodes.i64(1, 2), TestNodes.u8(0, 1)), LIST, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("elements_len");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListEncoding.ID, meta(2, PType.U8), List.of(),
                TestNodes.i64(1, 2), TestNodes.u8(0, 1)), LIST, io.jvortex.spi.DecodeContext.MAX_ROWS, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("too many offsets");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListEncoding.ID, meta(2, PType.U8), List.of(),
                TestNodes.i64(1, 2)), LIST, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListEncoding.ID, meta(2, PType.U8), List.of(new byte[1]),
                TestNodes.i64(1, 2), TestNodes.u8(0, 1)), LIST, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListEncoding.ID, new byte[] {(byte) 0x80}, List.of(),
                TestNodes.i64(1, 2), TestNodes.u8(0, 1)), LIST, 1, arena)).isInstanceOf(VortexException.class);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListEncoding.ID, meta(2, PType.U8), List.of(),
                TestNodes.i64(1, 2), TestNodes.u8(0, 1)), new DType.Utf8(false), 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("cannot hold");
    }
}
