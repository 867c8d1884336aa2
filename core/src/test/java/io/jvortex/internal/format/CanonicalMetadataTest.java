package io.jvortex.internal.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.alp.RustNodes;
import io.jvortex.internal.encodings.decimal.DecimalEncoding;
import io.jvortex.internal.encodings.list.ListEncoding;
import io.jvortex.internal.encodings.listview.ListViewEncoding;
import io.jvortex.internal.encodings.varbin.VarBinEncoding;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/**
 * The canonical encodings' metadata records (written by {@code spi.CanonicalEncoder}, read by the decoders):
 * serialize and parse agree and reproduce the Rust writer's bytes.
 */
class CanonicalMetadataTest {
    @Test
    void roundTrips() {
        for (int width : new int[] {1, 2, 4, 8, 16, 32}) {
            DecimalMetadata m = DecimalMetadata.ofByteWidth(width);
            assertThat(1 << m.valuesType()).isEqualTo(width);
            assertThat(DecimalMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
        for (ListMetadata m : new ListMetadata[] {new ListMetadata(0, PType.U8), new ListMetadata(5, PType.I32),
                new ListMetadata(1L << 33, PType.U64)}) {
            assertThat(ListMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
        for (ListViewMetadata m : new ListViewMetadata[] {new ListViewMetadata(0, PType.U8, PType.U8),
                new ListViewMetadata(700, PType.I64, PType.U16)}) {
            assertThat(ListViewMetadata.parse(MemorySegment.ofArray(m.serialize()))).isEqualTo(m);
        }
    }

    @Test
    void zeroFieldsAreOmitted() {
        assertThat(DecimalMetadata.ofByteWidth(1).serialize()).isEmpty();
        assertThat(DecimalMetadata.ofByteWidth(16).serialize()).containsExactly(0x08, 4);
        // 3 elements, i32 offsets (id 6)
        assertThat(new ListMetadata(3, PType.I32).serialize()).containsExactly(0x08, 3, 0x10, 6);
        assertThat(new ListViewMetadata(0, PType.U8, PType.U16).serialize()).containsExactly(0x18, 1);
    }

    @Test
    void reserializesEveryRustWrittenNode() {
        assertThat(RustNodes.forEach(DecimalEncoding.ID, n -> assertThat(
                DecimalMetadata.parse(n.metadata()).serialize()).as(n.path()).containsExactly(RustNodes.metadata(n))))
                .isPositive();
        assertThat(RustNodes.forEach(ListEncoding.ID, n -> assertThat(
                ListMetadata.parse(n.metadata()).serialize()).as(n.path()).containsExactly(RustNodes.metadata(n))))
                .isPositive();
        assertThat(RustNodes.forEach(ListViewEncoding.ID, n -> assertThat(
                ListViewMetadata.parse(n.metadata()).serialize()).as(n.path()).containsExactly(RustNodes.metadata(n))))
                .isPositive();
        assertThat(RustNodes.forEach(VarBinEncoding.ID, n -> assertThat(
                VarBinMetadata.parse(n.metadata()).serialize()).as(n.path()).containsExactly(RustNodes.metadata(n))))
                .isPositive();
    }
}
