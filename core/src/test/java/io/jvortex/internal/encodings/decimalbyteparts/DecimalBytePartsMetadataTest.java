package io.jvortex.internal.encodings.decimalbyteparts;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The metadata records' serialize is the wire form the encoders wrote before (zero fields omitted). */
class DecimalBytePartsMetadataTest {
    @Test
    void v1WritesTheMspTypeOnly() {
        // msp i64 (id 7); lower_part_count 0 omitted
        assertThat(new DecimalBytePartsEncoding.DecimalBytePartsMetadata(PType.I64, 0).serialize())
                .containsExactly(0x08, PType.I64.id());
    }

    @Test
    void v2WritesTheLowerTypesPacked() {
        byte[] bytes = new DecimalBytePartsV2Encoding.Metadata(PType.I32, List.of(PType.U64, PType.U16)).serialize();
        assertThat(bytes).containsExactly(0x08, PType.I32.id(), 0x12, 2, PType.U64.id(), PType.U16.id());
    }
}
