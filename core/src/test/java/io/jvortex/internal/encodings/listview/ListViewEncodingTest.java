package io.jvortex.internal.encodings.listview;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.Golden;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListViewEncodingTest {
    private static final DType.List LIST = new DType.List(new DType.Primitive(PType.I64, false), true);
    private final Arena arena = Arena.ofAuto();

    private static byte[] meta(long elementsLen, PType offsets, PType sizes) {
        return Proto.message().varint(1, elementsLen).varint(2, offsets.id()).varint(3, sizes.id()).build();
    }

    @Test
    void goldenListViews() {
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            List<Object> l = new ArrayList<>();
            for (int k = 0; k < Golden.mod(Golden.h(82, i), 4); k++) {
                l.add(Golden.h(81, 4L * i + k));
            }
            expected.add(l);
        }
        assertThat(Golden.column("listview/listview.vortex", "lv")).isEqualTo(expected);
    }

    @Test
    void viewsMayOverlapAndBeUnordered() {
        Node node = Node.of(ListViewEncoding.ID, meta(4, PType.U8, PType.I32), List.of(), TestNodes.i64(1, 2, 3, 4),
                TestNodes.u8(2, 0, 1, 4), TestNodes.i32(2, 3, 0, 0), TestNodes.bools(true, true, false, true));
        Canonical out = TestNodes.decode(node, LIST, 4, arena);
        assertThat(out).isInstanceOf(ListViewArray.class);
        assertThat(TestSupport.rows(out)).containsExactly(List.of(3L, 4L), List.of(1L, 2L, 3L), null, List.of());
    }

    @Test
    void corruptNodesAreRejected() {
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListViewEncoding.ID, meta(4, PType.U8, PType.U8), List.of(),
                TestNodes.i64(1, 2, 3, 4), TestNodes.u8(3), TestNodes.u8(2)), LIST, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("reaches past");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListViewEncoding.ID, meta(4, PType.I8, PType.U8), List.of(),
                TestNodes.i64(1, 2, 3, 4), TestNodes.u8(255), TestNodes.u8(1)), LIST, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListViewEncoding.ID, meta(4, PType.U64, PType.U64), List.of(),
                TestNodes.i64(1, 2, 3, 4), TestNodes.i64(1), TestNodes.i64(Long.MAX_VALUE)), LIST, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("reaches past");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListViewEncoding.ID, meta(4, PType.U8, PType.F64), List.of(),
                TestNodes.i64(1, 2, 3, 4), TestNodes.u8(1), TestNodes.f64(1)), LIST, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("integers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListViewEncoding.ID, meta(4, PType.U8, PType.U8), List.of(),
                TestNodes.i64(1, 2, 3, 4), TestNodes.u8(1)), LIST, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListViewEncoding.ID, meta(-1, PType.U8, PType.U8), List.of(),
                TestNodes.i64(1), TestNodes.u8(1), TestNodes.u8(0)), LIST, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("elements_len");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(ListViewEncoding.ID, meta(1, PType.U8, PType.U8),
                List.of(new byte[0]), TestNodes.i64(1), TestNodes.u8(0), TestNodes.u8(0)), LIST, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("buffers");
    }
}
