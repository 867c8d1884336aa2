package io.jvortex.internal.encodings.fixedsizelist;

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
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class FixedSizeListEncodingTest {
    private final Arena arena = Arena.ofAuto();

    @Test
    void goldenFixedSizeLists() {
        List<Object> floats = new ArrayList<>();
        List<Object> ints = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            if (Golden.mod(Golden.h(41, i), 11) == 0) {
                floats.add(null);
            } else {
                floats.add(List.of(Golden.f64(Golden.h(42, 3L * i)), Golden.f64(Golden.h(42, 3L * i + 1)),
                        Golden.f64(Golden.h(42, 3L * i + 2))));
            }
            ints.add(List.of(Golden.h(43, 2L * i), Golden.h(43, 2L * i + 1)));
        }
        assertThat(Golden.column("fixedsizelist/fixedsizelist.vortex", "fsl")).isEqualTo(floats);
        assertThat(Golden.column("fixedsizelist/fixedsizelist.vortex", "fsl_i64")).isEqualTo(ints);
    }

    @Test
    void listsWithValidityAndSizeZero() {
        DType.FixedSizeList pairs = new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 2, true);
        Node node = Node.of(FixedSizeListEncoding.ID, new byte[0], List.of(), TestNodes.u8(1, 2, 3, 4),
                TestNodes.bools(false, true));
        assertThat(TestSupport.rows(TestNodes.decode(node, pairs, 2, arena))).containsExactly(null, List.of(3L, 4L));
        DType.FixedSizeList empty = new DType.FixedSizeList(new DType.Bool(false), 0, false);
        Canonical out = TestNodes.decode(Node.of(FixedSizeListEncoding.ID, new byte[0], List.of(), TestNodes.bools()),
                empty, 1025, arena);
        assertThat(TestSupport.rows(out)).isEqualTo(Collections.nCopies(1025, List.of()));
    }

    @Test
    void corruptNodesAreRejected() {
        DType.FixedSizeList pairs = new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 2, false);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(FixedSizeListEncoding.ID, new byte[0], List.of()), pairs, 1,
                arena)).isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(FixedSizeListEncoding.ID, new byte[] {1}, List.of(),
                TestNodes.u8(1, 2)), pairs, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("metadata");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(FixedSizeListEncoding.ID, new byte[0], List.of(new byte[1]),
                TestNodes.u8(1, 2)), pairs, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("buffers");
        DType.FixedSizeList huge = new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 1 << 30, false);
        assertThatThrownBy(() -> TestNodes.decode(Node.of(FixedSizeListEncoding.ID, new byte[0], List.of(),
                TestNodes.u8(1)), huge, 4, arena)).isInstanceOf(VortexException.class).hasMessageContaining("element count");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(FixedSizeListEncoding.ID, new byte[0], List.of(),
                TestNodes.u8(1, 2), TestNodes.bools(true)), pairs, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("validity");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(FixedSizeListEncoding.ID, new byte[0], List.of(),
                TestNodes.u8(1, 2, 3)), pairs, 1, arena)).isInstanceOf(VortexException.class);
    }
}
