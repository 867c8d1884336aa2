package io.jvortex.dtype;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The dtypes' display forms, nullability changes and validation; ptypes, time units and built-in extensions. */
class DTypeTest {
    private static final DType I32 = new DType.Primitive(PType.I32, false);

    @Test
    void displayFormsMarkNullability() {
        assertThat(new DType.Null().display()).isEqualTo("null");
        assertThat(new DType.Bool(true).display()).isEqualTo("bool?");
        assertThat(new DType.Bool(false).display()).isEqualTo("bool");
        assertThat(new DType.Primitive(PType.F16, true).display()).isEqualTo("f16?");
        assertThat(new DType.Decimal(12, -3, false).display()).isEqualTo("decimal(12,-3)");
        assertThat(new DType.Utf8(true).display()).isEqualTo("utf8?");
        assertThat(new DType.Binary(false).display()).isEqualTo("binary");
        assertThat(new DType.Struct(List.of("a", "b"), List.of(I32, new DType.Utf8(true)), true).display())
                .isEqualTo("{a=i32, b=utf8?}?");
        assertThat(new DType.Struct(List.of(), List.of(), false).display()).isEqualTo("{}");
        assertThat(new DType.List(I32, true).display()).isEqualTo("list(i32)?");
        assertThat(new DType.FixedSizeList(I32, 3, false).display()).isEqualTo("fixed_size_list(i32)[3]");
        assertThat(new DType.Variant(true).display()).isEqualTo("variant?");
        assertThat(new DType.Union(List.of("x"), List.of(I32, new DType.Bool(false)), List.of(1, 2), true).display())
                .as("a variant without a name shows an empty one").isEqualTo("union(x=i32, =bool)?");
        assertThat(new DType.Map(new DType.Utf8(false), I32, true, true).display()).isEqualTo("map(utf8, i32)?");
    }

    @Test
    void withNullableChangesOnlyTheNullability() {
        List<DType> all = List.of(new DType.Bool(false), I32, new DType.Decimal(5, 1, false), new DType.Utf8(false),
                new DType.Binary(false), new DType.Struct(List.of("a"), List.of(I32), false),
                new DType.List(I32, false), new DType.FixedSizeList(I32, 2, false), new DType.Variant(false),
                new DType.Union(List.of("a"), List.of(I32), List.of(7), false),
                new DType.Map(I32, I32, true, false), Extensions.date(TimeUnit.DAYS, false));
        for (DType t : all) {
            DType n = t.withNullable(true);
            assertThat(n.nullable()).as(t.display()).isTrue();
            assertThat(n.display()).isEqualTo(t.display() + "?");
            assertThat(n.withNullable(false)).isEqualTo(t);
        }
        assertThat(new DType.Null().withNullable(false)).isEqualTo(new DType.Null());
        assertThat(new DType.Null().nullable()).isTrue();
        DType.Map m = new DType.Map(I32, new DType.Utf8(true), true, false);
        assertThat(((DType.Map) m.withNullable(true)).keysSorted()).isTrue();
        assertThat(((DType.FixedSizeList) new DType.FixedSizeList(I32, 9, false).withNullable(true)).size())
                .isEqualTo(9);
    }

    @Test
    void decimalsCheckPrecisionAndScaleAtTheirLimits() {
        assertThat(new DType.Decimal(1, -128, false).scale()).isEqualTo(-128);
        assertThat(new DType.Decimal(76, 76, false).precision()).isEqualTo(76);
        assertThatThrownBy(() -> new DType.Decimal(0, 0, false)).isInstanceOf(VortexException.class)
                .hasMessage("decimal precision must be 1..76, got 0");
        assertThatThrownBy(() -> new DType.Decimal(77, 0, false)).isInstanceOf(VortexException.class)
                .hasMessage("decimal precision must be 1..76, got 77");
        assertThatThrownBy(() -> new DType.Decimal(5, -129, false)).isInstanceOf(VortexException.class)
                .hasMessage("decimal scale must be -128..precision, got -129 for precision 5");
        assertThatThrownBy(() -> new DType.Decimal(5, 6, false)).isInstanceOf(VortexException.class)
                .hasMessage("decimal scale must be -128..precision, got 6 for precision 5");
    }

    @Test
    void compositesValidateTheirParts() {
        assertThat(new DType.FixedSizeList(I32, 0, false).size()).isZero();
        assertThatThrownBy(() -> new DType.FixedSizeList(I32, -1, false)).isInstanceOf(VortexException.class)
                .hasMessage("fixed-size list size must be >= 0, got -1");
        assertThatThrownBy(() -> new DType.Struct(List.of("a", "b"), List.of(I32), false))
                .isInstanceOf(VortexException.class).hasMessage("struct has 2 names but 1 field types");
        DType.Struct s = new DType.Struct(List.of("a", "b"), List.of(I32, I32), false);
        assertThat(s.indexOf("b")).isEqualTo(1);
        assertThat(s.indexOf("c")).isEqualTo(-1);
        DType.Map m = new DType.Map(new DType.Utf8(false), I32, false, true);
        assertThat(m.entry()).isEqualTo(new DType.Struct(List.of("key", "value"), List.of(new DType.Utf8(false), I32),
                false));
        assertThat(m.entries()).isEqualTo(new DType.List(m.entry(), true));
    }

    @Test
    void extensionsCopyTheirMetadataAndCompareByValue() {
        byte[] meta = {1, 2};
        DType.Extension e = new DType.Extension("x.y", I32, meta);
        meta[0] = 9;
        assertThat(e.metadata()).containsExactly(1, 2);
        e.metadata()[1] = 9;
        assertThat(e.metadataByte(1)).isEqualTo(2);
        assertThat(new DType.Extension("x.y", I32, new byte[] {(byte) 0xF0}).metadataByte(0)).isEqualTo(0xF0);
        assertThat(e.metadataLength()).isEqualTo(2);
        assertThat(new DType.Extension("x.y", I32, null).metadataLength()).isZero();
        DType.Extension same = new DType.Extension("x.y", I32, new byte[] {1, 2});
        assertThat(e).isEqualTo(same).hasSameHashCodeAs(same);
        assertThat(e).isNotEqualTo(new DType.Extension("x.z", I32, new byte[] {1, 2}))
                .isNotEqualTo(new DType.Extension("x.y", I32.withNullable(true), new byte[] {1, 2}))
                .isNotEqualTo(new DType.Extension("x.y", I32, new byte[] {1, 3}))
                .isNotEqualTo(I32);
        assertThat(e.toString()).isEqualTo("Extension[id=x.y, storage=" + I32 + ", metadata=0102]");
        assertThat(e.display()).isEqualTo("x.y(i32)");
        assertThat(e.withNullable(true).display()).isEqualTo("x.y(i32?)?");
    }

    @Test
    void ptypesKnowTheirWidthsSignsAndIds() {
        for (PType p : PType.values()) {
            assertThat(PType.fromId(p.id())).isSameAs(p);
            assertThat(p.bitWidth()).isEqualTo(8 * p.byteWidth());
            assertThat(p.isInteger()).isEqualTo(!p.isFloat());
            assertThat(p.isUnsignedInteger()).isEqualTo(!p.isFloat() && !p.isSigned());
            assertThat(p.toUnsigned().byteWidth()).isEqualTo(p.byteWidth());
            assertThat(p.toUnsigned().isUnsignedInteger()).isTrue();
            assertThat(p.toSigned().byteWidth()).isEqualTo(p.byteWidth());
            assertThat(p.toSigned().isSigned()).isTrue();
            assertThat(p.toSigned().isInteger()).isTrue();
        }
        assertThat(PType.U8.isSigned()).isFalse();
        assertThat(PType.I8.isSigned()).isTrue();
        assertThat(PType.F16.isFloat()).isTrue();
        assertThat(PType.F16.toUnsigned()).isEqualTo(PType.U16);
        assertThat(PType.F64.toSigned()).isEqualTo(PType.I64);
        assertThat(PType.F32.byteWidth()).isEqualTo(4);
        assertThat(PType.F64.displayName()).isEqualTo("f64");
        assertThatThrownBy(() -> PType.fromId(11)).isInstanceOf(VortexException.class)
                .hasMessage("unknown ptype id 11, expected 0..10");
        assertThatThrownBy(() -> PType.fromId(-1)).isInstanceOf(VortexException.class)
                .hasMessage("unknown ptype id -1, expected 0..10");
    }

    @Test
    void timeUnitsKnowTheirTagsTicksAndSymbols() {
        for (TimeUnit u : TimeUnit.values()) {
            assertThat(TimeUnit.fromTag(u.tag())).isSameAs(u);
        }
        assertThat(TimeUnit.NANOSECONDS.ticksPerSecond()).isEqualTo(1_000_000_000L);
        assertThat(TimeUnit.MICROSECONDS.fractionDigits()).isEqualTo(6);
        assertThat(TimeUnit.MILLISECONDS.symbol()).isEqualTo("ms");
        assertThat(TimeUnit.SECONDS.ticksPerSecond()).isEqualTo(1);
        assertThat(TimeUnit.DAYS.ticksPerSecond()).isZero();
        assertThat(TimeUnit.DAYS.tag()).isEqualTo(4);
        assertThatThrownBy(() -> TimeUnit.fromTag(5)).isInstanceOf(VortexException.class)
                .hasMessage("unknown time unit tag 5, expected 0..4");
    }

    @Test
    void builtInExtensionsAreInterpreted() {
        assertThat(Extensions.kind(Extensions.date(TimeUnit.DAYS, false)))
                .contains(new Extensions.DateKind(TimeUnit.DAYS));
        assertThat(Extensions.date(TimeUnit.MILLISECONDS, true).storage())
                .isEqualTo(new DType.Primitive(PType.I64, true));
        assertThat(Extensions.time(TimeUnit.SECONDS, false).storage()).isEqualTo(I32);
        assertThat(Extensions.time(TimeUnit.MILLISECONDS, false).storage()).isEqualTo(I32);
        assertThat(Extensions.time(TimeUnit.MICROSECONDS, false).storage())
                .isEqualTo(new DType.Primitive(PType.I64, false));
        assertThat(Extensions.kind(Extensions.time(TimeUnit.NANOSECONDS, false)))
                .contains(new Extensions.TimeKind(TimeUnit.NANOSECONDS));
        String zone = "Europe/Zürich".repeat(30); // longer than 255 bytes: the length's high byte counts
        DType.Extension ts = Extensions.timestamp(TimeUnit.MICROSECONDS, zone, true);
        assertThat(Extensions.kind(ts)).contains(new Extensions.TimestampKind(TimeUnit.MICROSECONDS,
                Optional.of(zone)));
        assertThat(Extensions.kind(Extensions.timestamp(TimeUnit.SECONDS, null, false)))
                .contains(new Extensions.TimestampKind(TimeUnit.SECONDS, Optional.empty()));
        assertThat(Extensions.kind(new DType.Extension(Extensions.UUID, new DType.FixedSizeList(
                new DType.Primitive(PType.U8, false), 16, false), null))).contains(new Extensions.UuidKind());
        assertThat(Extensions.kind(new DType.Extension("other", I32, null))).isEmpty();
    }

    @Test
    void builtInExtensionsDisplayTheirMeaning() {
        assertThat(Extensions.date(TimeUnit.DAYS, true).display()).isEqualTo("vortex.date(d)?");
        assertThat(Extensions.time(TimeUnit.MILLISECONDS, false).display()).isEqualTo("vortex.time(ms)");
        assertThat(Extensions.timestamp(TimeUnit.NANOSECONDS, "UTC", false).display())
                .isEqualTo("vortex.timestamp(ns, tz=UTC)");
        assertThat(Extensions.timestamp(TimeUnit.SECONDS, null, true).display()).isEqualTo("vortex.timestamp(s)?");
        assertThat(new DType.Extension(Extensions.UUID, new DType.FixedSizeList(new DType.Primitive(PType.U8, false),
                16, false), null).display()).isEqualTo("vortex.uuid()");
        // invalid metadata: shown with the storage type instead of failing
        assertThat(new DType.Extension(Extensions.DATE, I32, new byte[] {9}).display())
                .isEqualTo("vortex.date(i32)");
    }

    private static DType.Extension ext(String id, DType storage, int... meta) {
        byte[] bytes = new byte[meta.length];
        for (int i = 0; i < meta.length; i++) {
            bytes[i] = (byte) meta[i];
        }
        return new DType.Extension(id, storage, bytes);
    }

    private static void refused(DType.Extension e, String message) {
        assertThatThrownBy(() -> Extensions.kind(e)).isInstanceOf(VortexException.class).hasMessage(message);
    }

    @Test
    void invalidBuiltInExtensionsAreRefusedNamingTheProblem() {
        DType i64 = new DType.Primitive(PType.I64, false);
        refused(ext(Extensions.DATE, I32), "extension type vortex.date: metadata must be 1 byte (the time unit), got 0");
        refused(ext(Extensions.DATE, I32, 4, 4), "extension type vortex.date: metadata must be 1 byte (the time unit),"
                + " got 2");
        refused(ext(Extensions.DATE, I32, 0), "extension type vortex.date: date unit must be days or milliseconds,"
                + " got NANOSECONDS");
        refused(ext(Extensions.DATE, i64, 4), "extension type vortex.date: storage must be i32, got i64");
        refused(ext(Extensions.DATE, new DType.Utf8(false), 2), "extension type vortex.date: storage must be i64,"
                + " got utf8");
        refused(ext(Extensions.TIME, I32, 4), "extension type vortex.time: time unit must not be days");
        refused(ext(Extensions.TIME, I32, 1), "extension type vortex.time: storage must be i64, got i32");
        refused(ext(Extensions.TIME, i64, 3), "extension type vortex.time: storage must be i32, got i64");
        refused(ext(Extensions.TIMESTAMP, i64, 1, 0), "extension type vortex.timestamp: timestamp metadata must be"
                + " at least 3 bytes, got 2");
        refused(ext(Extensions.TIMESTAMP, i64, 4, 0, 0), "extension type vortex.timestamp: timestamp unit must not"
                + " be days");
        refused(ext(Extensions.TIMESTAMP, i64, 1, 1, 0), "extension type vortex.timestamp: timestamp metadata"
                + " declares a 1-byte time zone but has 0 bytes after the header");
        refused(ext(Extensions.TIMESTAMP, i64, 1, 0, 1, 65), "extension type vortex.timestamp: timestamp metadata"
                + " declares a 256-byte time zone but has 1 bytes after the header");
        refused(ext(Extensions.TIMESTAMP, I32, 1, 0, 0), "extension type vortex.timestamp: storage must be i64,"
                + " got i32");
        assertThatThrownBy(() -> Extensions.kind(ext(Extensions.TIMESTAMP, i64, 7, 0, 0)))
                .isInstanceOf(VortexException.class).hasMessage("unknown time unit tag 7, expected 0..4");
        DType u8 = new DType.Primitive(PType.U8, false);
        for (DType storage : List.of(new DType.FixedSizeList(u8, 15, false), new DType.FixedSizeList(I32, 16, false),
                new DType.FixedSizeList(new DType.Utf8(false), 16, false), new DType.List(u8, false))) {
            refused(ext(Extensions.UUID, storage), "extension type vortex.uuid: uuid storage must be"
                    + " fixed_size_list(u8)[16], got " + storage.display());
        }
    }
}
