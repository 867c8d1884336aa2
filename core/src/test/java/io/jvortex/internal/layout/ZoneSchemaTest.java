package io.jvortex.internal.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.error.VortexException;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ZoneSchema}: the zone-table columns derived from {@code vortex.zoned} aggregate specs and from
 * the legacy {@code vortex.stats} bitset, per column type, with the names and dtypes the reference uses.
 */
class ZoneSchemaTest {
    private static final DType I32 = new DType.Primitive(PType.I32, false);
    private static final DType F32 = new DType.Primitive(PType.F32, false);
    private static final DType U64N = new DType.Primitive(PType.U64, true);

    private static ProtoWriter spec(String id, byte[] options) {
        ProtoWriter w = new ProtoWriter().bytes(1, id.getBytes(StandardCharsets.UTF_8));
        return options == null ? w : w.bytesAlways(2, options);
    }

    private static byte[] skipNans(boolean skip) {
        return new ProtoWriter().bool(1, skip).varint(2, 3).toByteArray();
    }

    private static byte[] maxBytes(long n) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, n).array();
    }

    private static MemorySegment zoned(long zoneLength, ProtoWriter... specs) {
        ProtoWriter w = new ProtoWriter().varint(1, zoneLength);
        for (ProtoWriter s : specs) {
            w.message(2, s);
        }
        w.varint(7, 1);
        byte[] proto = w.toByteArray();
        byte[] out = new byte[proto.length + 1];
        out[0] = 1;
        System.arraycopy(proto, 0, out, 1, proto.length);
        return MemorySegment.ofArray(out);
    }

    private static ZoneSchema parseZoned(MemorySegment metadata, DType column, long[] zoneLength) {
        return ZoneSchema.parseZoned(metadata, column, zoneLength);
    }

    @Test
    void zonedAggregatesNameTheirColumnsLikeTheReference() {
        long[] len = new long[1];
        ZoneSchema s = parseZoned(zoned(8192, spec("vortex.max", skipNans(true)), spec("vortex.min", null),
                spec("vortex.sum", skipNans(false)), spec("vortex.null_count", null), spec("vortex.nan_count", null),
                spec("vortex.bounded_max", maxBytes(-1)), spec("vortex.bounded_min", maxBytes(16))), F32, len);
        assertThat(len[0]).isEqualTo(8192);
        assertThat(s.columns()).extracting(ZoneSchema.Column::name).containsExactly("vortex.max()",
                "vortex.min(skip_nans=false)", "vortex.sum(skip_nans=false)", "vortex.null_count()",
                "vortex.nan_count()", "vortex.bounded_max(18446744073709551615)", "vortex.bounded_min(16)");
        assertThat(s.columns()).extracting(ZoneSchema.Column::stat).containsExactly(ZoneSchema.Stat.MAX,
                ZoneSchema.Stat.MIN, ZoneSchema.Stat.SUM, ZoneSchema.Stat.NULL_COUNT, ZoneSchema.Stat.NAN_COUNT,
                ZoneSchema.Stat.BOUNDED_MAX, ZoneSchema.Stat.BOUNDED_MIN);
        assertThat(s.columns()).extracting(ZoneSchema.Column::skipNans).containsExactly(true, false, false, false,
                false, true, true);
        DType f32n = F32.withNullable(true);
        assertThat(s.columns()).extracting(ZoneSchema.Column::dtype).containsExactly(f32n, f32n,
                new DType.Primitive(PType.F64, true), U64N, U64N,
                new DType.Struct(List.of("bound", "unknown"), List.of(f32n, new DType.Bool(false)), true), f32n);
        assertThat(s.tableDType().nullable()).isFalse();
        assertThat(s.tableDType().names()).hasSize(7).first().isEqualTo("vortex.max()");
    }

    @Test
    void zoneLengthsAreReadAsUnsigned32Bits() {
        long[] len = new long[1];
        parseZoned(zoned(0x1_FFFF_FFFFL), I32, len);
        assertThat(len[0]).isEqualTo(0xFFFF_FFFFL);
    }

    @Test
    void aggregatesATypeCannotHaveAreLeftOut() {
        DType utf8 = new DType.Utf8(true);
        ZoneSchema s = parseZoned(zoned(1, spec("vortex.sum", null), spec("vortex.nan_count", null),
                spec("vortex.max", null)), utf8, new long[1]);
        assertThat(s.columns()).extracting(ZoneSchema.Column::name).containsExactly("vortex.max(skip_nans=false)");
        DType struct = new DType.Struct(List.of("a"), List.of(I32), false);
        assertThat(parseZoned(zoned(1, spec("vortex.max", null), spec("vortex.bounded_min", maxBytes(4)),
                spec("vortex.null_count", null)), struct, new long[1]).columns())
                .extracting(ZoneSchema.Column::stat).containsExactly(ZoneSchema.Stat.NULL_COUNT);
    }

    @Test
    void sumTypesFollowTheColumn() {
        record Case(DType column, DType sum) {
        }
        for (Case c : List.of(new Case(new DType.Bool(false), U64N),
                new Case(new DType.Primitive(PType.U16, false), U64N),
                new Case(new DType.Primitive(PType.I8, false), new DType.Primitive(PType.I64, true)),
                new Case(new DType.Primitive(PType.F16, false), new DType.Primitive(PType.F64, true)),
                new Case(new DType.Decimal(10, 2, false), new DType.Decimal(20, 2, true)),
                new Case(new DType.Decimal(70, 3, false), new DType.Decimal(76, 3, true)),
                new Case(Extensions.date(TimeUnit.DAYS, false), new DType.Primitive(PType.I64, true)))) {
            ZoneSchema s = parseZoned(zoned(1, spec("vortex.sum", skipNans(true))), c.column(), new long[1]);
            assertThat(s.columns()).as(c.column().display()).singleElement()
                    .extracting(ZoneSchema.Column::dtype).isEqualTo(c.sum());
        }
    }

    @Test
    void minMaxSupportFollowsListElements() {
        DType listOfInts = new DType.List(I32, false);
        DType listOfStructs = new DType.List(new DType.Struct(List.of("a"), List.of(I32), false), false);
        DType fslOfBinary = new DType.FixedSizeList(new DType.Binary(false), 2, false);
        DType fslOfVariant = new DType.FixedSizeList(new DType.Variant(false), 2, false);
        DType ext = Extensions.date(TimeUnit.DAYS, false);
        DType decimal = new DType.Decimal(5, 0, false);
        for (DType t : List.of(listOfInts, fslOfBinary, ext, decimal, new DType.Bool(false), new DType.Utf8(false))) {
            assertThat(parseZoned(zoned(1, spec("vortex.max", null)), t, new long[1]).columns()).as(t.display())
                    .singleElement().extracting(ZoneSchema.Column::dtype).isEqualTo(t.withNullable(true));
        }
        for (DType t : List.of(listOfStructs, fslOfVariant, new DType.Null(), new DType.Variant(false))) {
            assertThat(parseZoned(zoned(1, spec("vortex.min", null)), t, new long[1]).columns()).as(t.display())
                    .isEmpty();
        }
        assertThat(parseZoned(zoned(1, spec("vortex.nan_count", null)), Extensions.date(TimeUnit.DAYS, false),
                new long[1]).columns()).isEmpty();
    }

    @Test
    void unknownAggregatesMakeTheSchemaUnknown() {
        assertThat(parseZoned(zoned(1, spec("vortex.max", null), spec("vortex.future", null)), I32, new long[1]))
                .isNull();
        assertThat(ZoneSchema.of("vortex.zoned", zoned(1, spec("vortex.max", null)), I32).columns()).hasSize(1);
    }

    @Test
    void malformedZonedMetadataIsRefused() {
        assertThatThrownBy(() -> parseZoned(MemorySegment.ofArray(new byte[0]), I32, new long[1]))
                .isInstanceOf(VortexException.class).hasMessage("zoned layout metadata must start with version byte 1");
        assertThatThrownBy(() -> parseZoned(MemorySegment.ofArray(new byte[] {2}), I32, new long[1]))
                .isInstanceOf(VortexException.class).hasMessage("zoned layout metadata must start with version byte 1");
        assertThat(parseZoned(MemorySegment.ofArray(new byte[] {1}), I32, new long[1]).columns()).isEmpty();
        for (int size : new int[] {7, 9}) {
            assertThatThrownBy(() -> parseZoned(zoned(1, spec("vortex.bounded_max", new byte[size])), I32,
                    new long[1])).isInstanceOf(VortexException.class)
                    .hasMessage("vortex.bounded_max options must be 8 bytes, got " + size);
        }
        assertThatThrownBy(() -> parseZoned(zoned(1, spec("vortex.bounded_min", null)), I32, new long[1]))
                .isInstanceOf(VortexException.class).hasMessage("vortex.bounded_min options must be 8 bytes, got 0");
    }

    private static MemorySegment legacy(int zoneLength, int... bitsetBytes) {
        ByteBuffer b = ByteBuffer.allocate(4 + bitsetBytes.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, zoneLength);
        for (int i = 0; i < bitsetBytes.length; i++) {
            b.put(4 + i, (byte) bitsetBytes[i]);
        }
        return MemorySegment.ofArray(b.array());
    }

    @Test
    void legacyBitsetsListEveryStatistic() {
        long[] len = new long[1];
        ZoneSchema s = ZoneSchema.parseLegacy(legacy(-1, 0xFF, 0x01), F32, len);
        assertThat(len[0]).isEqualTo(0xFFFF_FFFFL);
        assertThat(s.columns()).extracting(ZoneSchema.Column::name).containsExactly("is_constant", "is_sorted",
                "is_strict_sorted", "max", "max_is_truncated", "min", "min_is_truncated", "sum", "null_count",
                "uncompressed_size_in_bytes", "nan_count");
        assertThat(s.columns()).extracting(ZoneSchema.Column::stat).containsExactly(ZoneSchema.Stat.IS_CONSTANT,
                ZoneSchema.Stat.IS_SORTED, ZoneSchema.Stat.IS_STRICT_SORTED, ZoneSchema.Stat.MAX,
                ZoneSchema.Stat.MAX_IS_TRUNCATED, ZoneSchema.Stat.MIN, ZoneSchema.Stat.MIN_IS_TRUNCATED,
                ZoneSchema.Stat.SUM, ZoneSchema.Stat.NULL_COUNT, ZoneSchema.Stat.UNCOMPRESSED_SIZE,
                ZoneSchema.Stat.NAN_COUNT);
        DType boolN = new DType.Bool(true);
        DType f32n = F32.withNullable(true);
        assertThat(s.columns()).extracting(ZoneSchema.Column::dtype).containsExactly(boolN, boolN, boolN, f32n,
                new DType.Bool(false), f32n, new DType.Bool(false), new DType.Primitive(PType.F64, true), U64N, U64N,
                U64N);
        assertThat(s.columns()).extracting(ZoneSchema.Column::skipNans).containsExactly(false, false, false, true,
                false, true, false, true, false, false, false);
    }

    @Test
    void legacyBitsLeaveOutWhatTheColumnCannotHave() {
        // bits 3 (max), 5 (sum), 8 (nan_count) of a utf8 column: only max
        assertThat(ZoneSchema.parseLegacy(legacy(10, 0x28, 0x01), new DType.Utf8(false), new long[1]).columns())
                .extracting(ZoneSchema.Column::name).containsExactly("max", "max_is_truncated");
        // a null column has no max or min
        assertThat(ZoneSchema.parseLegacy(legacy(10, 0x18), new DType.Null(), new long[1]).columns()).isEmpty();
        // an extension's sum is its storage's
        assertThat(ZoneSchema.of("vortex.stats", legacy(10, 0x20), Extensions.date(TimeUnit.DAYS, false)).columns())
                .singleElement().extracting(ZoneSchema.Column::dtype).isEqualTo(new DType.Primitive(PType.I64, true));
        // without a second bitset byte, nan_count (bit 8) is absent
        assertThat(ZoneSchema.parseLegacy(legacy(10, 0x40), F32, new long[1]).columns())
                .extracting(ZoneSchema.Column::name).containsExactly("null_count");
        // bits above 8 mean nothing
        assertThat(ZoneSchema.parseLegacy(legacy(10, 0, 0xFE, 0xFF), F32, new long[1]).columns()).isEmpty();
        assertThat(ZoneSchema.parseLegacy(legacy(10), F32, new long[1]).columns()).isEmpty();
        assertThatThrownBy(() -> ZoneSchema.parseLegacy(MemorySegment.ofArray(new byte[3]), F32, new long[1]))
                .isInstanceOf(VortexException.class)
                .hasMessage("stats layout metadata must be at least 4 bytes, got 3");
    }
}
