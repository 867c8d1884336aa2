package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.jvortex.internal.jsonl.JsonValues;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.RandomTables.ColumnPlan;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.RandomTables.NullShape;
import io.jvortex.testing.RandomTables.ValueShape;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import io.jvortex.testing.oracle.RustOracle;
import io.jvortex.testing.oracle.RustOracle.Strategy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End-to-end check of the harness (until the Java reader exists): a seeded table is written by the Rust
 * writer and read back by the Rust reader, and the reader's canonical JSONL must equal the generated
 * rows byte for byte. That proves the JSONL round trip and that {@link JsonValues} and the Python
 * renderer agree. The oracle is required: when it cannot be provisioned the test fails.
 */
class OracleSmokeTest {

    private static final List<TypeSpec> TYPES = List.of(
            new TypeSpec.Bool(true),
            new TypeSpec.Primitive(PrimitiveKind.I8, true),
            new TypeSpec.Primitive(PrimitiveKind.I32, false),
            new TypeSpec.Primitive(PrimitiveKind.I64, true),
            new TypeSpec.Primitive(PrimitiveKind.U16, true),
            new TypeSpec.Primitive(PrimitiveKind.U64, true),
            new TypeSpec.Primitive(PrimitiveKind.F16, true),
            new TypeSpec.Primitive(PrimitiveKind.F32, true),
            new TypeSpec.Primitive(PrimitiveKind.F64, true),
            new TypeSpec.Decimal(9, 2, true),
            new TypeSpec.Decimal(38, -3, true),
            new TypeSpec.Decimal(60, 20, true),
            new TypeSpec.Utf8(true),
            new TypeSpec.Utf8(false),
            new TypeSpec.Binary(true),
            new TypeSpec.Date(TypeSpec.DateUnit.DAYS, true),
            new TypeSpec.Date(TypeSpec.DateUnit.MILLISECONDS, true),
            new TypeSpec.Time(TimeUnit.MICROSECONDS, true),
            new TypeSpec.Time(TimeUnit.SECONDS, true),
            new TypeSpec.Timestamp(TimeUnit.NANOSECONDS, "UTC", true),
            new TypeSpec.Timestamp(TimeUnit.MILLISECONDS, null, true),
            new TypeSpec.Struct(List.of(
                    new TypeSpec.Field("x", new TypeSpec.Primitive(PrimitiveKind.I16, false)),
                    new TypeSpec.Field("ü", TypeSpec.utf8())), true),
            new TypeSpec.ListOf(TypeSpec.i32(), true),
            new TypeSpec.FixedSizeList(new TypeSpec.Primitive(PrimitiveKind.F32, false), 3, true),
            new TypeSpec.Null());

    @TempDir
    Path dir;

    @Test
    void rustWriterAndReaderAgreeWithTheGeneratedRows() {
        long seed = Seeds.seed("OracleSmokeTest.rustWriterAndReaderAgreeWithTheGeneratedRows");
        GeneratedTable table = RandomTables.generate(seed, TYPES, 1500);
        RustOracle oracle = RustOracle.shared();
        System.out.println("[jvortex] oracle: " + oracle.versions());
        int index = 0;
        for (String edition : List.of("core2025.10.0", "core2026.08.3")) {
            for (Strategy strategy : Strategy.values()) {
                Path file = dir.resolve("smoke-" + index++ + ".vortex");
                oracle.write(table, file, strategy, edition);
                assertSameRows(table.rows(), oracle.read(file), edition + "/" + strategy);
                RustOracle.Info info = oracle.info(file);
                assertThat(info.rowCount()).isEqualTo(1500);
                assertThat(info.dtype()).startsWith("{c0_bool=bool?, c1_i8=i8?, c2_i32=i32, ");
            }
        }
    }

    @Test
    void theOldestEditionRoundTripsFlatColumns() {
        long seed = Seeds.seed("OracleSmokeTest.theOldestEditionRoundTripsFlatColumns");
        List<TypeSpec> flat = TYPES.stream()
                .filter(t -> !(t instanceof TypeSpec.ListOf) && !(t instanceof TypeSpec.FixedSizeList))
                .toList();
        GeneratedTable table = RandomTables.generatePlanned(seed, beforeCore2025_10_0(
                RandomTables.plan(new SplittableRandom(seed), flat)), 1000);
        Path file = dir.resolve("oldest.vortex");
        RustOracle.shared().write(table, file, Strategy.COMPACT, "core2025.05.0");
        assertSameRows(table.rows(), RustOracle.shared().read(file), "core2025.05.0");
    }

    @Test
    void editionsBeforeCore2025_10_0RejectConstantColumnsWithNulls() {
        GeneratedTable table = RandomTables.generatePlanned(Seeds.seed("OracleSmokeTest.constantWithNulls"), List.of(
                new ColumnPlan("v", TypeSpec.i64(), ValueShape.CONSTANT, NullShape.SOME)), 500);
        RustOracle oracle = RustOracle.shared();
        assertThatThrownBy(() -> oracle.write(table, dir.resolve("c.vortex"), Strategy.DEFAULT, "core2025.06.0"))
                .isInstanceOf(RustOracle.OracleException.class)
                .hasMessageContaining("vortex.masked not permitted");
        oracle.write(table, dir.resolve("c.vortex"), Strategy.DEFAULT, "core2025.10.0");
        assertSameRows(table.rows(), oracle.read(dir.resolve("c.vortex")), "constant with nulls");
    }

    /**
     * Before core2025.10.0 the pinned Rust writer compresses a column whose non-null values are all
     * equal and that has nulls to {@code vortex.masked}, which those editions do not admit, and fails.
     * So columns that could be such (or hold such a struct field) get random values there.
     */
    private static List<ColumnPlan> beforeCore2025_10_0(List<ColumnPlan> plans) {
        return plans.stream()
                .map(p -> (p.nulls() == NullShape.SOME || p.type() instanceof TypeSpec.Struct)
                                && (p.values() == ValueShape.CONSTANT || p.values() == ValueShape.LOW_CARDINALITY)
                        ? new ColumnPlan(p.name(), p.type(), ValueShape.RANDOM, p.nulls())
                        : p)
                .toList();
    }

    @Test
    void editionsBeforeCore2025_10_0RejectFixedSizeLists() {
        GeneratedTable table = RandomTables.generatePlanned(Seeds.seed("OracleSmokeTest.fsl"), List.of(
                new ColumnPlan("v", new TypeSpec.FixedSizeList(TypeSpec.f64(), 2, false), ValueShape.RANDOM,
                        NullShape.NONE)), 50);
        RustOracle oracle = RustOracle.shared();
        assertThatThrownBy(() -> oracle.write(table, dir.resolve("fsl.vortex"), Strategy.DEFAULT, "core2025.06.0"))
                .isInstanceOf(RustOracle.OracleException.class)
                .hasMessageContaining("vortex.fixed_size_list not permitted");
        oracle.write(table, dir.resolve("fsl.vortex"), Strategy.DEFAULT, "core2025.10.0");
        assertSameRows(table.rows(), oracle.read(dir.resolve("fsl.vortex")), "fsl");
    }

    @Test
    void randomTypesRoundTripWithTheDefaultWriter() {
        long seed = Seeds.seed("OracleSmokeTest.randomTypesRoundTripWithTheDefaultWriter");
        List<TypeSpec> types = RandomTables.randomTypes(new SplittableRandom(seed), 24, true);
        GeneratedTable table = RandomTables.generate(seed, types, 700);
        Path file = dir.resolve("random.vortex");
        RustOracle.shared().write(table, file, Strategy.DEFAULT, null);
        assertSameRows(table.rows(), RustOracle.shared().read(file), "random types, seed " + seed);
    }

    @Test
    void everyFloat16PatternAndManyFloatsRenderIdentically() {
        List<Object> halves = new ArrayList<>();
        for (int bits = 0; bits < 65_536; bits++) {
            halves.add((short) bits);
        }
        SplittableRandom random = new SplittableRandom(Seeds.seed("OracleSmokeTest.floats"));
        List<Object> floats = new ArrayList<>();
        List<Object> doubles = new ArrayList<>();
        for (int i = 0; i < 65_536; i++) {
            floats.add(i < 512 ? Float.intBitsToFloat((i / 2) << 23 | (i % 2)) : Float.intBitsToFloat(random.nextInt()));
            doubles.add(i < 4096 ? Double.longBitsToDouble(((long) (i / 2)) << 52 | (i % 2))
                    : Double.longBitsToDouble(random.nextLong()));
        }
        TableSpec spec = TableSpec.of(
                new TypeSpec.Field("h", new TypeSpec.Primitive(PrimitiveKind.F16, false)),
                new TypeSpec.Field("f", new TypeSpec.Primitive(PrimitiveKind.F32, false)),
                new TypeSpec.Field("d", new TypeSpec.Primitive(PrimitiveKind.F64, false)));
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 65_536; i++) {
            rows.add(io.jvortex.testing.CanonicalRows.row(spec, List.of(halves.get(i), floats.get(i), doubles.get(i))));
        }
        GeneratedTable table = new GeneratedTable(0, spec, List.of(), List.of(halves, floats, doubles), rows);
        Path file = dir.resolve("floats.vortex");
        RustOracle.shared().write(table, file, Strategy.COMPACT, null);
        assertSameRows(rows, RustOracle.shared().read(file), "floats");
    }

    @Test
    void uuidNeedsEditionCore2026_08_3() {
        GeneratedTable table = RandomTables.generatePlanned(Seeds.seed("OracleSmokeTest.uuid"), List.of(
                new ColumnPlan("id", new TypeSpec.Uuid(true), ValueShape.RANDOM, NullShape.SOME)), 100);
        RustOracle oracle = RustOracle.shared();
        Path file = dir.resolve("uuid.vortex");
        oracle.write(table, file, Strategy.DEFAULT, "core2026.08.3");
        assertSameRows(table.rows(), oracle.read(file), "uuid");
        assertThat(oracle.info(file).dtype()).contains("vortex.uuid");
        assertThatThrownBy(() -> oracle.write(table, dir.resolve("old.vortex"), Strategy.DEFAULT, "core2025.05.0"))
                .isInstanceOf(RustOracle.OracleException.class)
                .hasMessageContaining("not permitted by enabled editions");
    }

    @Test
    void aFileWhoseRootIsNotAStructReadsAsOneValuePerLine() {
        TypeSpec type = new TypeSpec.Decimal(20, 4, true);
        GeneratedTable table = RandomTables.generatePlanned(Seeds.seed("OracleSmokeTest.nonStructRoot"), List.of(
                new ColumnPlan("v", type, ValueShape.RANDOM, NullShape.SOME)), 300);
        List<String> values = new ArrayList<>();
        for (Object value : table.columns().get(0)) {
            StringBuilder out = new StringBuilder();
            io.jvortex.testing.CanonicalRows.appendValue(out, type, value);
            values.add(out.toString());
        }
        RustOracle oracle = RustOracle.shared();
        Path file = dir.resolve("column.vortex");
        oracle.writeColumn(table.spec(), table.writeJsonl(dir.resolve("column.jsonl")), file, Strategy.DEFAULT, null);
        assertThat(oracle.info(file).dtype()).isEqualTo("decimal(20,4)?");
        assertSameRows(values, oracle.read(file), "non-struct root");
    }

    @Test
    void aBadRequestIsAnErrorAndTheOracleKeepsWorking() {
        RustOracle oracle = RustOracle.shared();
        assertThatThrownBy(() -> oracle.info(dir.resolve("missing.vortex")))
                .isInstanceOf(RustOracle.OracleException.class);
        long seed = Seeds.seed("OracleSmokeTest.aBadRequestIsAnErrorAndTheOracleKeepsWorking");
        GeneratedTable table = RandomTables.generate(seed, List.of(TypeSpec.i64()), 10);
        Path file = dir.resolve("after-error.vortex");
        oracle.write(table, file, Strategy.DEFAULT, null);
        assertThat(oracle.read(file)).isEqualTo(table.rows());
    }

    /** Compares line by line so that a failure names the first differing row instead of dumping both. */
    private static void assertSameRows(List<String> expected, List<String> actual, String what) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                fail("%s: row %d differs%n  generated: %s%n  rust read: %s", what, i, expected.get(i), actual.get(i));
            }
        }
        assertThat(actual.size()).as(what + ": row count").isEqualTo(expected.size());
    }
}
