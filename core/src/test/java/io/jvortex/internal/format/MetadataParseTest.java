package io.jvortex.internal.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The canonical encodings' metadata records: defaults, unknown fields skipped, and values out of range refused. */
class MetadataParseTest {
    private static MemorySegment bytes(ProtoWriter w) {
        return MemorySegment.ofArray(w.toByteArray());
    }

    /** Fields a newer writer might add, of every wire type: all skipped. */
    private static ProtoWriter unknownFields(ProtoWriter w) {
        return w.varintAlways(9, 1).bytesAlways(10, new byte[] {1, 2}).fixed32Always(11, 3).fixed64Always(12, 4);
    }

    @Test
    void emptyMessagesReadAsTheDefaults() {
        MemorySegment empty = MemorySegment.ofArray(new byte[0]);
        assertThat(DecimalMetadata.parse(empty)).isEqualTo(new DecimalMetadata(0));
        assertThat(ListMetadata.parse(empty)).isEqualTo(new ListMetadata(0, PType.U8));
        assertThat(ListViewMetadata.parse(empty)).isEqualTo(new ListViewMetadata(0, PType.U8, PType.U8));
        assertThat(VarBinMetadata.parse(empty)).isEqualTo(new VarBinMetadata(0));
    }

    @Test
    void unknownFieldsAreSkipped() {
        assertThat(DecimalMetadata.parse(bytes(unknownFields(new ProtoWriter()).varint(1, 5))))
                .isEqualTo(new DecimalMetadata(5));
        assertThat(ListMetadata.parse(bytes(unknownFields(new ProtoWriter().varint(1, 7)).varint(2, 3))))
                .isEqualTo(new ListMetadata(7, PType.U64));
        assertThat(ListViewMetadata.parse(bytes(unknownFields(new ProtoWriter().varint(3, 10)).varint(1, 2)
                .varint(2, 6)))).isEqualTo(new ListViewMetadata(2, PType.I32, PType.F64));
        assertThat(VarBinMetadata.parse(bytes(unknownFields(new ProtoWriter()).varint(1, 99))))
                .isEqualTo(new VarBinMetadata(99));
    }

    @Test
    void valuesOutOfRangeAreRefused() {
        assertThatThrownBy(() -> DecimalMetadata.parse(bytes(new ProtoWriter().varint(1, 6))))
                .isInstanceOf(VortexException.class).hasMessageContaining("DecimalMetadata")
                .hasMessageContaining("field 1 = 6 exceeds 5");
        assertThatThrownBy(() -> ListMetadata.parse(bytes(new ProtoWriter().varint(2, 11))))
                .isInstanceOf(VortexException.class).hasMessageContaining("unknown ptype id 11");
        assertThatThrownBy(() -> ListViewMetadata.parse(bytes(new ProtoWriter().varint(3, 12))))
                .isInstanceOf(VortexException.class).hasMessageContaining("unknown ptype id 12");
        assertThatThrownBy(() -> ListMetadata.parse(bytes(new ProtoWriter().bytesAlways(1, new byte[1]))))
                .isInstanceOf(VortexException.class).hasMessageContaining("ListMetadata");
        assertThatThrownBy(() -> VarBinMetadata.parse(bytes(new ProtoWriter().bytesAlways(1, new byte[1]))))
                .isInstanceOf(VortexException.class).hasMessageContaining("VarBinMetadata");
        assertThatThrownBy(() -> ListViewMetadata.parse(bytes(new ProtoWriter().bytesAlways(1, new byte[1]))))
                .isInstanceOf(VortexException.class).hasMessageContaining("ListViewMetadata");
    }

    @Test
    void byteWidthsMapToTheirDecimalType() {
        assertThat(DecimalMetadata.ofByteWidth(1).valuesType()).isZero();
        assertThat(DecimalMetadata.ofByteWidth(32).valuesType()).isEqualTo(DecimalMetadata.MAX_VALUES_TYPE);
        assertThat(new VarBinMetadata(PType.I64).offsetsPTypeId()).isEqualTo(7);
    }
}
