package io.jvortex.internal.encodings.masked;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Sv;
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
import java.util.List;
import org.junit.jupiter.api.Test;

class MaskedEncodingTest {
    private static final DType I64 = new DType.Primitive(PType.I64, true);
    private final Arena arena = Arena.ofAuto();

    @Test
    void goldenConstantsWithNulls() {
        List<Object> ints = new ArrayList<>();
        List<Object> strings = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            ints.add(Golden.mod(Golden.h(21, i), 3) == 0 ? null : 42L);
            strings.add(Golden.mod(Golden.h(22, i), 4) == 0 ? null : "a constant string, longer than twelve bytes");
        }
        assertThat(Golden.column("masked/masked.vortex", "masked_i64")).isEqualTo(ints);
        assertThat(Golden.column("masked/masked.vortex", "masked_utf8")).isEqualTo(strings);
    }

    @Test
    void validityReplacesTheChildsAndIsOptional() {
        Node node = Node.of(MaskedEncoding.ID, new byte[0], List.of(), TestNodes.constant(Sv.i64(9)),
                TestNodes.bools(true, false, true));
        Canonical out = TestNodes.decode(node, I64, 3, arena);
        assertThat(out.dtype()).isEqualTo(I64);
        assertThat(TestSupport.rows(out)).containsExactly(9L, null, 9L);
        Node noValidity = Node.of(MaskedEncoding.ID, new byte[0], List.of(), TestNodes.i64(1, 2));
        assertThat(TestSupport.rows(TestNodes.decode(noValidity, I64, 2, arena))).containsExactly(1L, 2L);
        DType ext = new DType.Extension("vortex.date", new DType.Primitive(PType.I32, true), new byte[] {4});
        Node extNode = Node.of(MaskedEncoding.ID, new byte[0], List.of(),
                Node.of("vortex.ext", new byte[0], List.of(), TestNodes.i32(5, 6)), TestNodes.bools(false, true));
        Canonical extOut = TestNodes.decode(extNode, ext, 2, arena);
        assertThat(extOut.dtype()).isEqualTo(ext);
        assertThat(TestSupport.rows(extOut)).containsExactly(null, 6L);
    }

    @Test
    void corruptNodesAreRejected() {
        assertThatThrownBy(() -> TestNodes.decode(Node.of(MaskedEncoding.ID, new byte[0], List.of()), I64, 0, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(MaskedEncoding.ID, new byte[0], List.of(), TestNodes.i64(1),
                TestNodes.bools(true), TestNodes.bools(true)), I64, 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(MaskedEncoding.ID, new byte[] {1}, List.of(), TestNodes.i64(1)),
                I64, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("metadata");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(MaskedEncoding.ID, new byte[0], List.of(new byte[0]),
                TestNodes.i64(1)), I64, 1, arena)).isInstanceOf(VortexException.class).hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(MaskedEncoding.ID, new byte[0], List.of(), TestNodes.i64(1),
                TestNodes.bools(true)), I64.withNullable(false), 1, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("validity");
        // The child is decoded non-nullable: a child with its own validity is rejected.
        assertThatThrownBy(() -> TestNodes.decode(Node.of(MaskedEncoding.ID, new byte[0], List.of(),
                TestNodes.i64(1).with(TestNodes.bools(true))), I64, 1, arena)).isInstanceOf(VortexException.class);
    }
}
