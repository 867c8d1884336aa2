package io.jvortex.internal.encodings.bitpacked;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.alp.RustNodes;
import io.jvortex.spi.PatchesMetadata;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The v1 and v2 metadata records' serialize and parse agree; v1 reproduces the Rust writer's bytes. */
class BitPackedMetadataTest {
    @Test
    void roundTrips() {
        for (BitPackedMetadata m : new BitPackedMetadata[] {new BitPackedMetadata(0, 0, null),
                new BitPackedMetadata(13, 0, null), new BitPackedMetadata(64, 1023, null),
                new BitPackedMetadata(3, 77, PatchesMetadata.withChunkOffsets(4, PType.U16, 2, PType.U8))}) {
            assertThat(BitPackedMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
        for (BitPackedV2Metadata m : new BitPackedV2Metadata[] {new BitPackedV2Metadata(0, PType.U8, null),
                new BitPackedV2Metadata(0, PType.U32, null), new BitPackedV2Metadata(500, 3, null),
                new BitPackedV2Metadata(0, PType.U16, PatchesMetadata.withChunkOffsets(1, PType.U8, 1, PType.U8))}) {
            assertThat(BitPackedV2Metadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
    }

    @Test
    void zeroFieldsAreOmitted() {
        assertThat(new BitPackedMetadata(5, 0, null).serialize()).containsExactly(0x08, 5);
        // u8 block offsets (id 0) and offset 0: an empty message
        assertThat(new BitPackedV2Metadata(0, PType.U8, null).serialize()).isEmpty();
        assertThat(new BitPackedV2Metadata(0, PType.U16, null).serialize()).containsExactly(0x10, 1);
    }

    @Test
    void reserializesEveryRustWrittenNode() {
        int[] patched = {0};
        int n = RustNodes.forEach(BitPackedEncoding.ID, node -> {
            BitPackedMetadata m = BitPackedMetadata.parse(node.metadata());
            patched[0] += m.patches() == null ? 0 : 1;
            assertThat(m.serialize()).as(node.path()).containsExactly(RustNodes.metadata(node));
        });
        assertThat(n).isGreaterThan(10);
        assertThat(patched[0]).isPositive();
        // the golden files hold no fastlanes.bitpacked.v2 node (the reference writes v2 from 0.93 only)
    }
}
