package io.jvortex.internal.encodings.fsst;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The metadata record's serialize and parse agree (the writer and the reader share it). */
class FsstMetadataTest {
    @Test
    void roundTrips() {
        for (FsstMetadata m : new FsstMetadata[] {new FsstMetadata(PType.U8, PType.U8),
                new FsstMetadata(PType.U16, PType.U32), new FsstMetadata(PType.I32, PType.U64)}) {
            assertThat(FsstMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
    }
}
