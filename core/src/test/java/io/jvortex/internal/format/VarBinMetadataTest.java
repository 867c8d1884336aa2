package io.jvortex.internal.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The metadata record's serialize and parse agree (the writer and the reader share it). */
class VarBinMetadataTest {
    @Test
    void roundTrips() {
        for (PType t : new PType[] {PType.U8, PType.I32, PType.U64}) {
            VarBinMetadata m = new VarBinMetadata(t);
            assertThat(VarBinMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
            assertThat(m.offsetsPTypeId()).isEqualTo(t.id());
        }
        assertThat(new VarBinMetadata(PType.U8).serialize()).isEmpty();
    }
}
