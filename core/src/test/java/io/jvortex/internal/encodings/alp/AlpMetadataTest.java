package io.jvortex.internal.encodings.alp;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import io.jvortex.spi.PatchesMetadata;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The metadata record's serialize and parse agree, and serialize reproduces the Rust writer's bytes. */
class AlpMetadataTest {
    @Test
    void roundTrips() {
        for (AlpMetadata m : new AlpMetadata[] {new AlpMetadata(0, 0, null), new AlpMetadata(14, 3, null),
                new AlpMetadata(16, 2, PatchesMetadata.of(5, PType.U16)),
                new AlpMetadata(9, 0, PatchesMetadata.withChunkOffsets(1, PType.U8, 3, PType.U8))}) {
            assertThat(AlpMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
    }

    @Test
    void zeroExponentsAreOmittedAndEmptyPatchesWritten() {
        assertThat(new AlpMetadata(0, 0, null).serialize()).isEmpty();
        // e = 9 (field 1), f = 6 (field 2): the encoder's test vector
        assertThat(new AlpMetadata(9, 6, null).serialize()).containsExactly(0x08, 9, 0x10, 6);
        // patches present with only zero fields: the nested message is written, empty
        assertThat(new AlpMetadata(0, 0, PatchesMetadata.of(0, PType.U8)).serialize()).containsExactly(0x1a, 0);
    }

    @Test
    void reserializesEveryRustWrittenNode() {
        int[] patched = {0};
        int n = RustNodes.forEach(AlpEncoding.ID, node -> {
            AlpMetadata m = AlpMetadata.parse(node.metadata());
            patched[0] += m.patches() == null ? 0 : 1;
            assertThat(m.serialize()).as(node.path()).containsExactly(RustNodes.metadata(node));
        });
        assertThat(n).isGreaterThan(10);
        assertThat(patched[0]).isPositive();
    }
}
