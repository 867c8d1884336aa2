package io.jvortex.internal.encodings.alprd;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.internal.encodings.alp.RustNodes;
import org.junit.jupiter.api.Test;

/** The metadata record reproduces the Rust writer's bytes, and the encoder writes what it parses. */
class AlpRdMetadataTest {
    @Test
    void reserializesEveryRustWrittenNode() {
        int[] patched = {0};
        int n = RustNodes.forEach(AlpRdEncoding.ID, node -> {
            AlpRdMetadata m = AlpRdMetadata.parse(node);
            patched[0] += m.patches() == null ? 0 : 1;
            assertThat(m.dictionary()).isNotEmpty();
            assertThat(m.serialize()).as(node.path()).containsExactly(RustNodes.metadata(node));
        });
        assertThat(n).isGreaterThan(3);
        assertThat(patched[0]).isPositive();
    }
}
