package io.jvortex.internal.encodings.sparse;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.alp.RustNodes;
import io.jvortex.spi.PatchesMetadata;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The metadata record's serialize and parse agree and reproduce the Rust writer's bytes. */
class SparseMetadataTest {
    @Test
    void roundTrips() {
        for (SparseMetadata m : new SparseMetadata[] {new SparseMetadata(PatchesMetadata.of(0, PType.U8)),
                new SparseMetadata(PatchesMetadata.of(1000, PType.U16))}) {
            assertThat(SparseMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
    }

    @Test
    void thePatchesFieldIsAlwaysWritten() {
        assertThat(new SparseMetadata(PatchesMetadata.of(0, PType.U8)).serialize()).containsExactly(0x0a, 0);
        assertThat(SparseMetadata.parse(MemorySegment.ofArray(new byte[0])).patches()).isNull();
    }

    @Test
    void reserializesEveryRustWrittenNode() {
        int n = RustNodes.forEach(SparseEncoding.ID, node -> assertThat(
                SparseMetadata.parse(node.metadata()).serialize()).as(node.path())
                .containsExactly(RustNodes.metadata(node)));
        assertThat(n).isPositive();
    }
}
