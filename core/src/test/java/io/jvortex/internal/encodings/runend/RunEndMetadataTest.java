package io.jvortex.internal.encodings.runend;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The metadata record's serialize and parse agree (the writer and the reader share it). */
class RunEndMetadataTest {
    @Test
    void roundTrips() {
        for (RunEndMetadata m : new RunEndMetadata[] {new RunEndMetadata(PType.U8, 0, 0),
                new RunEndMetadata(PType.U16, 300, 0), new RunEndMetadata(PType.U64, 1L << 40, 17)}) {
            assertThat(RunEndMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
    }

    @Test
    void zeroFieldsAreOmitted() {
        // u8 ends (id 0) and a zero offset are defaults: only num_runs = 3 is written
        assertThat(new RunEndMetadata(PType.U8, 3, 0).serialize()).containsExactly(0x10, 3);
    }
}
