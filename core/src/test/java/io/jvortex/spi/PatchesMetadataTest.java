package io.jvortex.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** {@code PatchesMetadata}'s serialize and parse agree and follow prost's field rules. */
class PatchesMetadataTest {
    @Test
    void roundTrips() {
        for (PatchesMetadata m : new PatchesMetadata[] {PatchesMetadata.of(0, PType.U8),
                PatchesMetadata.of(300, PType.U32), new PatchesMetadata(7, 1 << 20, PType.U64, false, 0, PType.U8, 0),
                PatchesMetadata.withChunkOffsets(12, PType.U16, 0, PType.U8),
                new PatchesMetadata(3, 5, PType.U8, true, 2, PType.U32, 1000)}) {
            assertThat(PatchesMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
    }

    @Test
    void plainZeroFieldsAreOmittedChunkOffsetFieldsAreNot() {
        // len = 2, indices u16 (id 1); offset 0 and u8 defaults omitted
        assertThat(PatchesMetadata.of(2, PType.U16).serialize()).containsExactly(0x08, 2, 0x18, 1);
        assertThat(PatchesMetadata.of(0, PType.U8).serialize()).isEmpty();
        // with chunk offsets, fields 4 to 6 are written even when zero (u8 chunk offsets, offset_within_chunk 0)
        assertThat(PatchesMetadata.withChunkOffsets(1, PType.U8, 0, PType.U8).serialize())
                .containsExactly(0x08, 1, 0x20, 0, 0x28, 0, 0x30, 0);
    }

    @Test
    void chunkOffsetsArePresentOnlyWithTheirType() {
        // chunk_offsets_len (field 4) without chunk_offsets_ptype (field 5): no chunk offsets
        PatchesMetadata m = PatchesMetadata.parse(MemorySegment.ofArray(new byte[] {0x08, 4, 0x20, 2}));
        assertThat(m.hasChunkOffsets()).isFalse();
        assertThat(m.count()).isEqualTo(4);
        assertThat(PatchesMetadata.parse(MemorySegment.ofArray(new byte[] {0x28, 2})).chunkOffsetsType())
                .isEqualTo(PType.U32);
    }
}
