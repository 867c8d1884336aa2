package io.jvortex.internal.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ProtoReader} over hand-written wire bytes: every wire type, the exact limits of varints and
 * lengths, and errors that name the message, the field and the relative byte.
 */
class ProtoReaderTest {
    private static ProtoReader reader(String hex) {
        return new ProtoReader(HexFormat.of().parseHex(hex.replace(" ", "")), "Msg");
    }

    /** A reader positioned on its first field. */
    private static ProtoReader first(String hex) {
        ProtoReader r = reader(hex);
        assertThat(r.next()).isTrue();
        return r;
    }

    @Test
    void readsEveryWireTypeInOrder() {
        // 1: varint 300, 2: sint64 -2 (zigzag 3), 3: fixed64, 4: bytes "hi", 5: fixed32
        ProtoReader r = reader("08 ac 02  10 03  19 08 07 06 05 04 03 02 01  22 02 68 69  2d 04 03 02 81");
        assertThat(r.next()).isTrue();
        assertThat(r.field()).isEqualTo(1);
        assertThat(r.wireType()).isEqualTo(ProtoReader.VARINT);
        assertThat(r.varint()).isEqualTo(300);
        assertThat(r.next()).isTrue();
        assertThat(r.field()).isEqualTo(2);
        assertThat(r.sint64()).isEqualTo(-2);
        assertThat(r.next()).isTrue();
        assertThat(r.wireType()).isEqualTo(ProtoReader.I64);
        assertThat(r.fixed64()).isEqualTo(0x0102030405060708L);
        assertThat(r.next()).isTrue();
        assertThat(r.wireType()).isEqualTo(ProtoReader.LEN);
        assertThat(r.string()).isEqualTo("hi");
        assertThat(r.next()).isTrue();
        assertThat(r.wireType()).isEqualTo(ProtoReader.I32);
        assertThat(r.fixed32()).isEqualTo(0x81020304);
        assertThat(r.next()).isFalse();
        assertThat(r.next()).isFalse();
    }

    @Test
    void zigzagDecodesBothSigns() {
        assertThat(first("08 00").sint64()).isZero();
        assertThat(first("08 01").sint64()).isEqualTo(-1);
        assertThat(first("08 02").sint64()).isEqualTo(1);
        assertThat(first("08 ff ff ff ff ff ff ff ff ff 01").sint64()).isEqualTo(Long.MIN_VALUE);
        assertThat(first("08 fe ff ff ff ff ff ff ff ff 01").sint64()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void varintsUseAllTenBytesAndNoMore() {
        assertThat(first("08 ff ff ff ff ff ff ff ff ff 01").varint()).isEqualTo(-1L);
        assertThat(first("08 80 80 80 80 80 80 80 80 80 01").varint()).isEqualTo(Long.MIN_VALUE);
        assertThat(first("08 7f").varint()).isEqualTo(127);
        assertThat(first("08 80 01").varint()).isEqualTo(128);
        assertThatThrownBy(() -> first("08 80 80 80 80 80 80 80 80 80 80 01").varint())
                .isInstanceOf(VortexException.class)
                .hasMessage("Msg (protobuf) at relative byte 11: varint longer than 10 bytes");
        assertThatThrownBy(() -> first("08 80").varint()).isInstanceOf(VortexException.class)
                .hasMessage("Msg (protobuf) at relative byte 2: truncated varint");
        assertThatThrownBy(() -> first("08").varint()).isInstanceOf(VortexException.class)
                .hasMessage("Msg (protobuf) at relative byte 1: truncated varint");
    }

    @Test
    void fieldNumbersAndWireTypesAreChecked() {
        assertThatThrownBy(() -> reader("00").next()).isInstanceOf(VortexException.class)
                .hasMessage("Msg (protobuf) at relative byte 1: invalid field number 0");
        // field 2^31 (key 2^34): beyond an int
        assertThatThrownBy(() -> reader("80 80 80 80 40").next()).isInstanceOf(VortexException.class)
                .hasMessageContaining("invalid field number 2147483648");
        // field 2^31 - 1 is the largest accepted
        ProtoReader big = reader("f8 ff ff ff 3f 00");
        assertThat(big.next()).isTrue();
        assertThat(big.field()).isEqualTo(Integer.MAX_VALUE);
        for (int wt : new int[] {3, 4, 6, 7}) {
            assertThatThrownBy(() -> reader(String.format("%02x", 8 | wt)).next()).isInstanceOf(VortexException.class)
                    .hasMessage("Msg (protobuf) at relative byte 1: unsupported wire type " + wt + " for field 1");
        }
    }

    @Test
    void readingAFieldAsTheWrongWireTypeNamesBoth() {
        assertThatThrownBy(() -> {
            ProtoReader r = reader("0d 00 00 00 00");
            r.next();
            r.varint();
        }).isInstanceOf(VortexException.class).hasMessage("Msg (protobuf) at relative byte 1: field 1 has wire type 5,"
                + " expected 0");
        for (var read : List.<java.util.function.Consumer<ProtoReader>>of(ProtoReader::fixed64, ProtoReader::fixed32,
                ProtoReader::bytes)) {
            assertThatThrownBy(() -> {
                ProtoReader r = reader("10 05");
                r.next();
                read.accept(r);
            }).isInstanceOf(VortexException.class).hasMessageContaining("field 2 has wire type 0, expected");
        }
    }

    @Test
    void varintAsIntKeepsItsBounds() {
        assertThat(first("08 05").varintAsInt(5)).isEqualTo(5);
        assertThat(first("08 00").varintAsInt(5)).isZero();
        assertThatThrownBy(() -> first("08 06").varintAsInt(5)).isInstanceOf(VortexException.class)
                .hasMessage("Msg (protobuf) at relative byte 2: field 1 = 6 exceeds 5");
        assertThatThrownBy(() -> first("08 ff ff ff ff ff ff ff ff ff 01").varintAsInt(Integer.MAX_VALUE))
                .isInstanceOf(VortexException.class).hasMessageContaining("field 1 = 18446744073709551615 exceeds");
    }

    @Test
    void fixedValuesMustBeWhole() {
        ProtoReader r64 = reader("09 01 02 03 04 05 06 07");
        r64.next();
        assertThatThrownBy(r64::fixed64).isInstanceOf(VortexException.class)
                .hasMessage("Msg (protobuf) at relative byte 1: truncated fixed64");
        ProtoReader r32 = reader("0d 01 02 03");
        r32.next();
        assertThatThrownBy(r32::fixed32).isInstanceOf(VortexException.class)
                .hasMessage("Msg (protobuf) at relative byte 1: truncated fixed32");
        ProtoReader exact = reader("0d 01 02 03 04");
        exact.next();
        assertThat(exact.fixed32()).isEqualTo(0x04030201);
        assertThat(exact.next()).isFalse();
    }

    @Test
    void lengthsMustFitTheMessage() {
        ProtoReader ok = reader("0a 03 01 02 03");
        ok.next();
        MemorySegment s = ok.bytes();
        assertThat(s.toArray(ValueLayout.JAVA_BYTE)).containsExactly(1, 2, 3);
        assertThat(ok.next()).isFalse();
        ProtoReader copy = reader("0a 02 09 08");
        copy.next();
        assertThat(copy.byteArray()).containsExactly(9, 8);
        assertThatThrownBy(() -> {
            ProtoReader r = reader("0a 04 01 02 03");
            r.next();
            r.bytes();
        }).isInstanceOf(VortexException.class)
                .hasMessage("Msg (protobuf) at relative byte 2: length 4 of field 1 exceeds the message");
        assertThatThrownBy(() -> {
            ProtoReader r = reader("0a ff ff ff ff ff ff ff ff ff 01");
            r.next();
            r.bytes();
        }).isInstanceOf(VortexException.class).hasMessageContaining("length 18446744073709551615 of field 1");
    }

    @Test
    void packedVarintsReadPackedAndSingleElements() {
        List<Long> out = new ArrayList<>();
        ProtoReader r = reader("1a 04 01 ac 02 00  18 07");
        r.next();
        r.packedVarints(out::add);
        r.next();
        r.packedVarints(out::add);
        assertThat(out).containsExactly(1L, 300L, 0L, 7L);
        assertThat(r.next()).isFalse();
        assertThatThrownBy(() -> {
            ProtoReader t = reader("1a 01 80");
            t.next();
            t.packedVarints(v -> { });
        }).isInstanceOf(VortexException.class).hasMessageContaining("truncated varint");
    }

    @Test
    void skipPassesOverEveryWireType() {
        ProtoReader r = reader("08 ac 02  11 01 02 03 04 05 06 07 08  1a 02 aa bb  25 01 02 03 04  28 09");
        for (int i = 0; i < 4; i++) {
            assertThat(r.next()).isTrue();
            r.skip();
        }
        assertThat(r.next()).isTrue();
        assertThat(r.field()).isEqualTo(5);
        assertThat(r.varint()).isEqualTo(9);
        assertThat(r.next()).isFalse();
        ProtoReader cut = reader("11 01 02");
        cut.next();
        assertThatThrownBy(cut::skip).isInstanceOf(VortexException.class).hasMessageContaining("truncated fixed64");
    }

    @Test
    void aSegmentReaderStopsAtTheSegmentsEnd() {
        MemorySegment whole = MemorySegment.ofArray(HexFormat.of().parseHex("0801" + "0802"));
        ProtoReader r = new ProtoReader(whole.asSlice(0, 2), "Part");
        assertThat(r.next()).isTrue();
        assertThat(r.varint()).isEqualTo(1);
        assertThat(r.next()).isFalse();
    }
}
