package io.jvortex.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.Golden;
import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The array-tree depth cap a reader's options pass to {@link SerializedArray#parse}. */
class ArrayTreeDepthTest {
    /** A Rust-written bit-packed array with patches and validity: a root and four children. */
    private static final String SEGMENT = "bitpacked/i64_nullable_patched_offset77";

    @Test
    void aNodeBelowTheCapIsRefusedWhenItIsReached() {
        MemorySegment seg = MemorySegment.ofArray(Golden.resource(SEGMENT + ".seg"));
        List<String> ids = new String(Golden.resource(SEGMENT + ".ids"), StandardCharsets.UTF_8).lines().toList();
        SerializedArray shallow = SerializedArray.parse(seg, 100, ids, "g.vortex", "root.c", 0);
        assertThat(shallow.maxDepth()).isZero();
        ArrayNode root = shallow.root();
        assertThat(root.encodingId()).isEqualTo("fastlanes.bitpacked");
        assertThatThrownBy(() -> root.child(0)).isInstanceOf(VortexException.class)
                .hasMessageContaining("g.vortex").hasMessageContaining("array tree deeper than 0");
        ArrayNode child = SerializedArray.parse(seg, 100, ids, "g.vortex", "root.c", 1).root().child(0);
        assertThat(child.encodingId()).isNotBlank();
        assertThat(SerializedArray.parse(seg, 100, ids, "g.vortex", "root.c").maxDepth())
                .isEqualTo(ArrayNode.MAX_DEPTH);
    }
}
