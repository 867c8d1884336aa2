package io.jvortex.internal.encodings.nulls;

import static io.jvortex.array.TestNodes.Node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.Golden;
import io.jvortex.array.NullArray;
import io.jvortex.array.TestNodes;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class NullEncodingTest {
    private static final DType NULL = new DType.Null();
    private final Arena arena = Arena.ofAuto();

    @Test
    void goldenNullColumn() {
        assertThat(Golden.column("nulls/nulls.vortex", "n")).isEqualTo(Collections.nCopies(5000, null));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1023, 1024, 1025})
    void decodesAnyLength(int length) {
        Canonical out = TestNodes.decode(Node.of(NullEncoding.ID, new byte[0], List.of()), NULL, length, arena);
        assertThat(out).isEqualTo(new NullArray(length));
        assertThat(out.validity().nullCount(length)).isEqualTo(length);
    }

    @Test
    void corruptNodesAreRejected() {
        assertThatThrownBy(() -> TestNodes.decode(Node.of(NullEncoding.ID, new byte[] {8, 1}, List.of()), NULL, 3, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("metadata must be empty");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(NullEncoding.ID, new byte[0], List.of(new byte[1])), NULL, 3,
                arena)).isInstanceOf(VortexException.class).hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(NullEncoding.ID, new byte[0], List.of(), TestNodes.u8(1)), NULL,
                3, arena)).isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(NullEncoding.ID, new byte[0], List.of()),
                new DType.Primitive(PType.I32, true), 3, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("cannot hold");
    }
}
