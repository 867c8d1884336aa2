package io.jvortex.internal.encodings.rle;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The metadata record's serialize and parse agree (the writer and the reader share it). */
class RleMetadataTest {
    @Test
    void roundTrips() {
        for (RleMetadata m : new RleMetadata[] {new RleMetadata(0, 0, PType.U8, 0, PType.U8, 0),
                new RleMetadata(12, 2048, PType.U16, 2, PType.U32, 0), new RleMetadata(1, 1024, PType.U8, 1, PType.U8, 5)}) {
            assertThat(RleMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
    }
}
