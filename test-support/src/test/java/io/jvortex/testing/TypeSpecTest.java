package io.jvortex.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TypeSpecTest {

    @Test
    void schemaJsonHasTheDocumentedForm() {
        TableSpec table = TableSpec.of(
                new TypeSpec.Field("a", TypeSpec.i32()),
                new TypeSpec.Field("d", new TypeSpec.Decimal(40, -2, false)),
                new TypeSpec.Field("l", new TypeSpec.ListOf(new TypeSpec.Utf8(false), true)),
                new TypeSpec.Field("f", new TypeSpec.FixedSizeList(TypeSpec.f64(), 3, false)),
                new TypeSpec.Field("t", new TypeSpec.Timestamp(TimeUnit.MICROSECONDS, "UTC", true)),
                new TypeSpec.Field("n", new TypeSpec.Null()));
        assertThat(table.toJson()).isEqualTo("{\"type\":\"struct\",\"nullable\":false,\"fields\":["
                + "{\"name\":\"a\",\"type\":{\"type\":\"i32\",\"nullable\":true}},"
                + "{\"name\":\"d\",\"type\":{\"type\":\"decimal\",\"nullable\":false,\"precision\":40,\"scale\":-2}},"
                + "{\"name\":\"l\",\"type\":{\"type\":\"list\",\"nullable\":true,\"element\":{\"type\":\"utf8\",\"nullable\":false}}},"
                + "{\"name\":\"f\",\"type\":{\"type\":\"fixed_size_list\",\"nullable\":false,\"size\":3,"
                + "\"element\":{\"type\":\"f64\",\"nullable\":true}}},"
                + "{\"name\":\"t\",\"type\":{\"type\":\"timestamp\",\"nullable\":true,\"unit\":\"us\",\"tz\":\"UTC\"}},"
                + "{\"name\":\"n\",\"type\":{\"type\":\"null\",\"nullable\":true}}]}");
        assertThat(TableSpec.fromJson(table.toJson())).isEqualTo(table);
    }

    @Test
    void everyRandomTypeRoundTripsThroughJson() {
        SplittableRandom random = Seeds.random("TypeSpecTest.everyRandomTypeRoundTripsThroughJson");
        for (TypeSpec type : RandomTables.randomTypes(random, 2_000, true)) {
            assertThat(TypeSpec.fromJson(type.toJson())).isEqualTo(type);
        }
    }

    @Test
    void randomTypesWithMapsAndVariantsRoundTripThroughJson() {
        SplittableRandom random = Seeds.random("TypeSpecTest.randomTypesWithMapsAndVariantsRoundTripThroughJson");
        List<TypeSpec> types = RandomTables.randomTypes(random, 2_000, true, true);
        for (TypeSpec type : types) {
            assertThat(TypeSpec.fromJson(type.toJson())).isEqualTo(type);
        }
        assertThat(types).anyMatch(t -> t instanceof TypeSpec.MapOf).anyMatch(t -> t instanceof TypeSpec.Variant);
        assertThat(new TypeSpec.MapOf(TypeSpec.utf8().withNullable(false), TypeSpec.i32(), true).toJson())
                .isEqualTo("{\"type\":\"map\",\"nullable\":true,\"key\":{\"type\":\"utf8\",\"nullable\":false},"
                        + "\"value\":{\"type\":\"i32\",\"nullable\":true}}");
    }

    @Test
    void mapsAndVariantsRender() {
        TableSpec table = TableSpec.of(
                new TypeSpec.Field("m", new TypeSpec.MapOf(TypeSpec.utf8().withNullable(false), TypeSpec.i32(), true)),
                new TypeSpec.Field("v", new TypeSpec.Variant(true)));
        String row = CanonicalRows.row(table, List.of(List.of(java.util.Arrays.asList("a", 1L),
                java.util.Arrays.asList("b", null)), List.of(new byte[] {1, 0, 0}, new byte[] {0x0C, 5})));
        assertThat(row).isEqualTo("{\"m\":[[\"a\",1],[\"b\",null]],\"v\":{\"metadata\":\"010000\",\"value\":\"0c05\"}}");
        assertThatThrownBy(() -> new TypeSpec.MapOf(TypeSpec.utf8(), TypeSpec.i32(), true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nullable");
    }

    @Test
    void invalidSpecsAreRejected() {
        assertThatThrownBy(() -> new TypeSpec.Decimal(0, 0, true)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TypeSpec.Decimal(5, 6, true)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TypeSpec.Time(TimeUnit.DAYS, true)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TypeSpec.fromJson("{\"type\":\"i128\",\"nullable\":true}"))
                .hasMessageContaining("i128");
        assertThatThrownBy(() -> TableSpec.of(new TypeSpec.Field("a", TypeSpec.i32()),
                new TypeSpec.Field("a", TypeSpec.utf8()))).hasMessageContaining("duplicate");
        assertThatThrownBy(() -> TableSpec.fromJson("{\"type\":\"i32\",\"nullable\":false}"))
                .hasMessageContaining("struct");
    }

    @Test
    void canonicalRowsRenderEveryKind() {
        TableSpec table = TableSpec.of(
                new TypeSpec.Field("s", new TypeSpec.Struct(List.of(
                        new TypeSpec.Field("x", new TypeSpec.Primitive(TypeSpec.PrimitiveKind.U64, true)),
                        new TypeSpec.Field("h", new TypeSpec.Primitive(TypeSpec.PrimitiveKind.F16, true))), true)),
                new TypeSpec.Field("d", new TypeSpec.Date(TypeSpec.DateUnit.MILLISECONDS, true)),
                new TypeSpec.Field("u", new TypeSpec.Uuid(true)),
                new TypeSpec.Field("l", new TypeSpec.ListOf(new TypeSpec.Primitive(TypeSpec.PrimitiveKind.F32, true), true)));
        String row = CanonicalRows.row(table, java.util.Arrays.asList(
                List.of(-1L, (short) 0x3C00), -86_400_000L, new byte[16], java.util.Arrays.asList(0.1f, null)));
        assertThat(row).isEqualTo("{\"s\":{\"x\":18446744073709551615,\"h\":1.0},\"d\":\"1969-12-31\","
                + "\"u\":\"00000000-0000-0000-0000-000000000000\",\"l\":[0.1,null]}");
        assertThatThrownBy(() -> CanonicalRows.row(table, List.of("no", 1L, new byte[16], List.of())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("struct");
    }
}
