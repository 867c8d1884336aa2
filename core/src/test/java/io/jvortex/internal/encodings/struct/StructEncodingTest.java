package io.jvortex.internal.encodings.struct;

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

class StructEncodingTest {
    private static final DType.Struct XY = new DType.Struct(List.of("x", "y"),
            List.of(new DType.Primitive(PType.I64, false), new DType.Bool(true)), true);
    private final Arena arena = Arena.ofAuto();

    @Test
    void goldenStructsInsideFixedSizeLists() {
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            List<Object> list = new ArrayList<>();
            for (int k = 0; k < 2; k++) {
                long j = 2L * i + k;
                list.add(Arrays.asList(Golden.f64(Golden.h(61, j)),
                        Golden.mod(Golden.h(62, j), 5) == 0 ? null : Golden.h(63, j)));
            }
            expected.add(list);
        }
        assertThat(Golden.column("struct/struct.vortex", "fsl_struct")).isEqualTo(expected);
    }

    @Test
    void validityIsTheFirstChild() {
        Node node = Node.of(StructEncoding.ID, new byte[0], List.of(), TestNodes.bools(true, false, true),
                TestNodes.i64(1, 2, 3), TestNodes.bools(false, true, true));
        Canonical out = TestNodes.decode(node, XY, 3, arena);
        assertThat(TestSupport.rows(out)).containsExactly(List.of(1L, false), null, List.of(3L, true));
    }

    @Test
    void withoutValidityEveryRowIsValid() {
        Node node = Node.of(StructEncoding.ID, new byte[0], List.of(), TestNodes.i64(5), TestNodes.bools(true));
        assertThat(TestSupport.rows(TestNodes.decode(node, XY, 1, arena))).containsExactly(List.of(5L, true));
        DType.Struct empty = new DType.Struct(List.of(), List.of(), false);
        Canonical none = TestNodes.decode(Node.of(StructEncoding.ID, new byte[0], List.of()), empty, 1025, arena);
        assertThat(none.length()).isEqualTo(1025);
    }

    @Test
    void corruptNodesAreRejected() {
        Node ok = Node.of(StructEncoding.ID, new byte[0], List.of(), TestNodes.i64(5), TestNodes.bools(true));
        assertThatThrownBy(() -> TestNodes.decode(Node.of(StructEncoding.ID, new byte[0], List.of(), TestNodes.i64(5)),
                XY, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(ok.with(TestNodes.bools(true), TestNodes.bools(true)), XY, 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(new Node(StructEncoding.ID, new byte[] {1}, List.of(), ok.children()),
                XY, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("metadata");
        assertThatThrownBy(() -> TestNodes.decode(new Node(StructEncoding.ID, new byte[0], List.of(new byte[1]),
                ok.children()), XY, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("buffers");
        Node withValidity = Node.of(StructEncoding.ID, new byte[0], List.of(), TestNodes.bools(true), TestNodes.i64(5),
                TestNodes.bools(true));
        assertThatThrownBy(() -> TestNodes.decode(withValidity, XY.withNullable(false), 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("validity");
        assertThatThrownBy(() -> TestNodes.decode(ok, new DType.Bool(false), 1, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("cannot hold");
        // A field whose encoding yields the wrong row count is caught by the child decode.
        assertThatThrownBy(() -> TestNodes.decode(ok, XY, 2, arena)).isInstanceOf(VortexException.class);
    }
}
