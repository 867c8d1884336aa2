package io.jvortex.internal.encodings.onpair;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The metadata record's serialize and parse agree (the writer and the reader share it). */
class OnPairMetadataTest {
    @Test
    void roundTrips() {
        for (OnPairMetadata m : new OnPairMetadata[] {new OnPairMetadata(0, 0, 0, 0, 0, 0),
                new OnPairMetadata(PType.U16.id(), 4000, 123456, PType.U32.id(), PType.U16.id(), PType.U32.id())}) {
            assertThat(OnPairMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
    }
}
