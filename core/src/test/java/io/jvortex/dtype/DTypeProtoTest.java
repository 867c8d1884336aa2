package io.jvortex.dtype;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link DTypeProto}: every kind with its fields and defaults, and the checks that refuse bad messages. */
class DTypeProtoTest {
    private static DType read(ProtoWriter w) {
        return DTypeProto.read(MemorySegment.ofArray(w.toByteArray()));
    }

    /** A {@code DType} message of one kind with the given body. */
    private static ProtoWriter dtype(int kind, ProtoWriter body) {
        return new ProtoWriter().message(kind, body);
    }

    private static ProtoWriter primitive(PType p, boolean nullable) {
        return dtype(3, new ProtoWriter().varint(1, p.id()).bool(2, nullable));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void scalarKindsReadTheirNullability() {
        assertThat(read(dtype(1, new ProtoWriter()))).isEqualTo(new DType.Null());
        assertThat(read(dtype(2, new ProtoWriter().bool(1, true)))).isEqualTo(new DType.Bool(true));
        assertThat(read(dtype(2, new ProtoWriter()))).isEqualTo(new DType.Bool(false));
        assertThat(read(dtype(5, new ProtoWriter().bool(1, true)))).isEqualTo(new DType.Utf8(true));
        assertThat(read(dtype(6, new ProtoWriter().bool(1, true)))).isEqualTo(new DType.Binary(true));
        assertThat(read(dtype(6, new ProtoWriter()))).isEqualTo(new DType.Binary(false));
        assertThat(read(dtype(11, new ProtoWriter().bool(1, true)))).isEqualTo(new DType.Variant(true));
        // unknown fields of a kind are skipped, whatever their wire type
        assertThat(read(dtype(5, new ProtoWriter().varint(2, 1).bytes(3, new byte[] {1}).bool(1, true)
                .fixed32Always(4, 9)))).isEqualTo(new DType.Utf8(true));
    }

    @Test
    void primitivesReadEveryPtypeAndRefuseUnknownOnes() {
        for (PType p : PType.values()) {
            assertThat(read(primitive(p, true))).isEqualTo(new DType.Primitive(p, true));
            assertThat(read(primitive(p, false))).isEqualTo(new DType.Primitive(p, false));
        }
        assertThat(read(dtype(3, new ProtoWriter().varint(7, 5)))).as("absent ptype is u8")
                .isEqualTo(new DType.Primitive(PType.U8, false));
        assertThatThrownBy(() -> read(dtype(3, new ProtoWriter().varint(1, 11))))
                .isInstanceOf(VortexException.class).hasMessage("proto DType has unknown ptype 11");
        assertThatThrownBy(() -> read(dtype(3, new ProtoWriter().varint(1, -1))))
                .isInstanceOf(VortexException.class).hasMessageContaining("unknown ptype");
    }

    @Test
    void decimalsReadPrecisionScaleAndNullability() {
        assertThat(read(dtype(4, new ProtoWriter().varint(1, 10).varint(2, 2).bool(3, true))))
                .isEqualTo(new DType.Decimal(10, 2, true));
        assertThat(read(dtype(4, new ProtoWriter().varint(1, 76).varint(2, -5))))
                .isEqualTo(new DType.Decimal(76, -5, false));
        assertThat(read(dtype(4, new ProtoWriter().varint(1, 1).varint(9, 3))))
                .isEqualTo(new DType.Decimal(1, 0, false));
        for (long p : new long[] {0, 77, -1}) {
            assertThatThrownBy(() -> read(dtype(4, new ProtoWriter().varint(1, p))))
                    .isInstanceOf(VortexException.class)
                    .hasMessage("proto decimal precision must be 1..76, got " + p);
        }
    }

    @Test
    void structsReadNamesTypesAndNullability() {
        ProtoWriter body = new ProtoWriter().bytes(1, utf8("a")).message(2, primitive(PType.I32, false))
                .bytes(1, utf8("b")).message(2, dtype(5, new ProtoWriter().bool(1, true))).bool(3, true)
                .varint(4, 1);
        assertThat(read(dtype(7, body))).isEqualTo(new DType.Struct(List.of("a", "b"),
                List.of(new DType.Primitive(PType.I32, false), new DType.Utf8(true)), true));
        assertThat(read(dtype(7, new ProtoWriter()))).isEqualTo(new DType.Struct(List.of(), List.of(), false));
        assertThatThrownBy(() -> read(dtype(7, new ProtoWriter().bytes(1, utf8("a")))))
                .isInstanceOf(VortexException.class).hasMessageContaining("struct has 1 names but 0 field types");
    }

    @Test
    void listsAndFixedSizeListsReadElementSizeAndNullability() {
        ProtoWriter element = primitive(PType.F64, true);
        assertThat(read(dtype(8, new ProtoWriter().message(1, element).bool(2, true))))
                .isEqualTo(new DType.List(new DType.Primitive(PType.F64, true), true));
        assertThat(read(dtype(8, new ProtoWriter().message(1, element).bool(3, true).varint(4, 1))))
                .isEqualTo(new DType.List(new DType.Primitive(PType.F64, true), true));
        assertThat(read(dtype(8, new ProtoWriter().message(1, element))))
                .isEqualTo(new DType.List(new DType.Primitive(PType.F64, true), false));
        assertThat(read(dtype(10, new ProtoWriter().message(1, element).varint(2, 16).bool(3, true))))
                .isEqualTo(new DType.FixedSizeList(new DType.Primitive(PType.F64, true), 16, true));
        assertThat(read(dtype(10, new ProtoWriter().message(1, element).varint(2, Integer.MAX_VALUE))))
                .isEqualTo(new DType.FixedSizeList(new DType.Primitive(PType.F64, true), Integer.MAX_VALUE, false));
        assertThatThrownBy(() -> read(dtype(10, new ProtoWriter().message(1, element)
                .varint(2, Integer.MAX_VALUE + 1L)))).isInstanceOf(VortexException.class)
                .hasMessage("proto fixed-size list size 2147483648 is too large");
        for (int kind : new int[] {8, 10}) {
            assertThatThrownBy(() -> read(dtype(kind, new ProtoWriter().varint(2, 3))))
                    .isInstanceOf(VortexException.class).hasMessage("proto list DType has no element type");
        }
    }

    @Test
    void extensionsNeedAnIdAndAStorageType() {
        ProtoWriter storage = primitive(PType.I32, true);
        assertThat(read(dtype(9, new ProtoWriter().bytes(1, utf8(Extensions.DATE)).message(2, storage)
                .bytes(3, new byte[] {4}).varint(4, 1))))
                .isEqualTo(Extensions.date(TimeUnit.DAYS, true));
        DType noMetadata = read(dtype(9, new ProtoWriter().bytes(1, utf8("my.ext")).message(2, storage)));
        assertThat(noMetadata).isEqualTo(new DType.Extension("my.ext", new DType.Primitive(PType.I32, true),
                new byte[0]));
        assertThatThrownBy(() -> read(dtype(9, new ProtoWriter().message(2, storage))))
                .isInstanceOf(VortexException.class).hasMessage("proto extension DType needs an id and a storage type");
        assertThatThrownBy(() -> read(dtype(9, new ProtoWriter().bytes(1, utf8("my.ext")))))
                .isInstanceOf(VortexException.class).hasMessage("proto extension DType needs an id and a storage type");
    }

    @Test
    void unionsReadPackedOrSingleTypeIdsAsUnsignedBytes() {
        ProtoWriter body = new ProtoWriter().bytes(1, utf8("i")).message(2, primitive(PType.I64, false))
                .bytes(1, utf8("s")).message(2, dtype(5, new ProtoWriter()))
                .packedVarints(3, new long[] {0x1FF}).varintAlways(3, 300).bool(4, true).varint(5, 1);
        assertThat(read(dtype(12, body))).isEqualTo(new DType.Union(List.of("i", "s"),
                List.of(new DType.Primitive(PType.I64, false), new DType.Utf8(false)), List.of(255, 44), true));
        assertThat(read(dtype(12, new ProtoWriter()))).isEqualTo(new DType.Union(List.of(), List.of(), List.of(),
                false));
    }

    @Test
    void theLastKindWinsAndOtherTopLevelFieldsAreSkipped() {
        ProtoWriter w = new ProtoWriter().varint(3, 1).message(2, new ProtoWriter())
                .message(5, new ProtoWriter().bool(1, true)).fixed64Always(6, 1);
        assertThat(read(w)).isEqualTo(new DType.Utf8(true));
        assertThatThrownBy(() -> read(new ProtoWriter().varint(3, 1))).isInstanceOf(VortexException.class)
                .hasMessage("proto DType has no type");
        assertThatThrownBy(() -> DTypeProto.read(MemorySegment.ofArray(new byte[0])))
                .isInstanceOf(VortexException.class).hasMessage("proto DType has no type");
    }

    @Test
    void kindsOutsideOneToTwelveAreRefused() {
        assertThatThrownBy(() -> read(dtype(13, new ProtoWriter()))).isInstanceOf(VortexException.class)
                .hasMessage("unsupported proto DType kind 13");
        assertThat(read(dtype(12, new ProtoWriter()))).isInstanceOf(DType.Union.class);
    }

    @Test
    void malformedBodiesNameTheKind() {
        ProtoWriter body = new ProtoWriter().bytesAlways(2, new byte[] {(byte) 0x80});
        assertThatThrownBy(() -> read(dtype(3, body))).isInstanceOf(VortexException.class)
                .hasMessage("DType kind 3 (protobuf) at relative byte 1: field 2 has wire type 2, expected 0");
    }

    private static ProtoWriter nestedLists(int lists) {
        ProtoWriter t = primitive(PType.U8, false);
        for (int i = 0; i < lists; i++) {
            t = dtype(8, new ProtoWriter().message(1, t));
        }
        return t;
    }

    @Test
    void nestingIsLimitedToSixtyFourLevels() {
        DType deepest = read(nestedLists(64));
        int depth = 0;
        while (deepest instanceof DType.List l) {
            deepest = l.element();
            depth++;
        }
        assertThat(depth).isEqualTo(64);
        assertThat(deepest).isEqualTo(new DType.Primitive(PType.U8, false));
        assertThatThrownBy(() -> read(nestedLists(65))).isInstanceOf(VortexException.class)
                .hasMessage("proto DType nests deeper than 64");
    }
}
