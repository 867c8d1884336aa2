package io.jvortex.internal.encodings.dict;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The metadata record's serialize and parse agree (the writer and the reader share it). */
class DictMetadataTest {
    @Test
    void roundTrips() {
        for (DictMetadata m : new DictMetadata[] {new DictMetadata(0, PType.U8, false),
                new DictMetadata(1000, PType.U16, true), new DictMetadata(7, PType.U32, null)}) {
            assertThat(DictMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
    }

    @Test
    void nullabilityAndAllValuesReferencedAreAlwaysWritten() {
        // values_len 2, codes u8 (omitted), is_nullable_codes 0, all_values_referenced 1
        assertThat(new DictMetadata(2, PType.U8, false).serialize()).containsExactly(0x08, 2, 0x18, 0, 0x20, 1);
    }
}
