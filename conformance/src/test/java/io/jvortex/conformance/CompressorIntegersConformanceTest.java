package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Chunk;
import io.jvortex.api.Edition;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.dtype.DType;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.RandomTables.ColumnPlan;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.RandomTables.NullShape;
import io.jvortex.testing.RandomTables.ValueShape;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import io.jvortex.testing.oracle.RustOracle;
import io.jvortex.internal.write.FileWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files whose integer, bool, float, decimal and string columns go through the cascading compressor
 * (the integer-family, dictionary and constant schemes) in every edition: the Rust reader reads them
 * value-exact, jvortex reads them back to the same rows, only the edition's encoding ids appear, and
 * the compressed encodings do appear (so compression happened) and make the file smaller.
 */
class CompressorIntegersConformanceTest {
    private static final List<TypeSpec> TYPES = List.of(
            new TypeSpec.Primitive(PrimitiveKind.U8, true),
            new TypeSpec.Primitive(PrimitiveKind.U16, false),
            new TypeSpec.Primitive(PrimitiveKind.U32, true),
            new TypeSpec.Primitive(PrimitiveKind.U64, true),
            new TypeSpec.Primitive(PrimitiveKind.I8, true),
            new TypeSpec.Primitive(PrimitiveKind.I16, true),
            new TypeSpec.Primitive(PrimitiveKind.I32, false),
            new TypeSpec.Primitive(PrimitiveKind.I64, true),
            new TypeSpec.Primitive(PrimitiveKind.F32, true),
            new TypeSpec.Primitive(PrimitiveKind.F64, false),
            new TypeSpec.Bool(true),
            new TypeSpec.Decimal(9, 2, true),
            new TypeSpec.Utf8(true),
            new TypeSpec.Binary(false));

    @TempDir
    Path dir;

    private static List<ColumnPlan> plans() {
        List<ColumnPlan> plans = new ArrayList<>();
        int i = 0;
        for (TypeSpec type : TYPES) {
            for (ValueShape shape : ValueShape.values()) {
                for (NullShape nulls : NullShape.values()) {
                    if (!type.nullable() && nulls != NullShape.NONE) {
                        continue;
                    }
                    plans.add(new ColumnPlan("c" + i++ + "_" + type.typeName() + "_" + shape.name().toLowerCase()
                            + "_" + nulls.name().toLowerCase(), type, shape, nulls));
                }
            }
        }
        return plans;
    }

    private static List<String> readBack(Path file) {
        StringWriter out = new StringWriter();
        JsonlWriter writer = new JsonlWriter(out);
        try (VortexReader reader = VortexReader.open(file);
             ScanIterator scan = reader.scan(ScanOptions.builder().build())) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    writer.write(chunk.rawArray());
                }
            }
        }
        writer.flush();
        return out.toString().lines().toList();
    }

    @Test
    void everyEditionIsReadValueExactByRustAndJvortex() throws Exception {
        long seed = Seeds.seed("CompressorIntegersConformanceTest.everyEdition");
        int[] lengths = {1, 1023, 1024, 2000};
        GeneratedTable table = RandomTables.generatePlanned(seed, plans(), 4048);
        Set<String> used = new TreeSet<>();
        for (Edition edition : Edition.values()) {
            List<StructArray> chunks = TableChunks.chunks(table, lengths, edition.ordinal() % 2 == 0, false);
            Path compressed = dir.resolve("compressed-" + edition.id() + ".vortex");
            Path canonical = dir.resolve("canonical-" + edition.id() + ".vortex");
            long size = FileWriter.write(compressed, TableChunks.schema(table.spec()), chunks.iterator(),
                    new Compressor(BuiltinSchemes.defaults(), edition::allowsArray)::compress);
            long canonicalSize = FileWriter.write(canonical, TableChunks.schema(table.spec()), chunks.iterator());
            System.out.printf("%s: compressed %d bytes, canonical %d bytes (%.3f)%n", edition.id(), size,
                    canonicalSize, (double) size / canonicalSize);

            assertThat(RustOracle.shared().read(compressed)).as("Rust reads %s, seed %d", edition.id(), seed)
                    .isEqualTo(table.rows());
            assertThat(readBack(compressed)).as("jvortex reads %s, seed %d", edition.id(), seed)
                    .isEqualTo(table.rows());
            assertThat(size).isLessThan(canonicalSize * 3 / 4);
            try (VortexFile file = VortexFile.open(compressed)) {
                for (String id : file.arrayIds()) {
                    assertThat(edition.allowsArray(id)).as("%s in %s", id, edition.id()).isTrue();
                }
                used.addAll(file.arrayIds());
                assertThat(file.arrayIds()).contains("fastlanes.bitpacked", "fastlanes.for", "vortex.zigzag",
                        "vortex.dict", "vortex.sparse", "vortex.constant");
                if (edition.allowsArray("vortex.masked")) {
                    assertThat(file.arrayIds()).contains("vortex.masked");
                }
            }
        }
        assertThat(used).contains("vortex.runend");
        assertThat(Files.size(dir.resolve("compressed-" + Edition.DEFAULT.id() + ".vortex"))).isPositive();
    }

    @Test
    void sequencesAndLongRunsAtTheChunkScale() throws Exception {
        long seed = Seeds.seed("CompressorIntegersConformanceTest.sequences");
        List<ColumnPlan> plans = List.of(
                new ColumnPlan("sorted", new TypeSpec.Primitive(PrimitiveKind.I64, false), ValueShape.SORTED,
                        NullShape.NONE),
                new ColumnPlan("runs", new TypeSpec.Primitive(PrimitiveKind.I32, true), ValueShape.RUNS,
                        NullShape.SOME),
                new ColumnPlan("runs_f", new TypeSpec.Primitive(PrimitiveKind.F64, false), ValueShape.RUNS,
                        NullShape.NONE),
                new ColumnPlan("sparse", new TypeSpec.Primitive(PrimitiveKind.U16, true), ValueShape.SPARSE,
                        NullShape.SOME));
        GeneratedTable table = RandomTables.generatePlanned(seed, plans, 65537);
        TableArrays arrays = new TableArrays(false);
        DType.Struct base = TableChunks.schema(table.spec());
        List<Canonical> fields = new ArrayList<>();
        for (int c = 0; c < plans.size(); c++) {
            fields.add(arrays.array(table.spec().columns().get(c).type(), table.columns().get(c)));
        }
        List<Object> sequence = new ArrayList<>();
        for (long i = 0; i < table.rowCount(); i++) {
            sequence.add(1_000_000L + 7 * i);
        }
        TypeSpec seqType = new TypeSpec.Primitive(PrimitiveKind.I64, false);
        fields.add(arrays.array(seqType, sequence));
        List<String> names = new ArrayList<>(base.names());
        names.add("seq");
        List<DType> types = new ArrayList<>(base.fields());
        types.add(TableArrays.dtype(seqType));
        DType.Struct schema = new DType.Struct(names, types, false);
        List<StructArray> chunks = List.of(new StructArray(schema, fields, table.rowCount(), Validity.ALL_VALID));
        StringWriter expected = new StringWriter();
        JsonlWriter writer = new JsonlWriter(expected);
        chunks.forEach(writer::write);
        writer.flush();
        List<String> rows = expected.toString().lines().toList();
        for (Edition edition : List.of(Edition.CORE2025_06_0, Edition.DEFAULT)) {
            Path file = dir.resolve("seq-" + edition.id() + ".vortex");
            FileWriter.write(file, schema, chunks.iterator(),
                    new Compressor(BuiltinSchemes.defaults(), edition::allowsArray)::compress);
            assertThat(RustOracle.shared().read(file)).as("Rust, %s, seed %d", edition.id(), seed).isEqualTo(rows);
            assertThat(readBack(file)).as("jvortex, %s, seed %d", edition.id(), seed).isEqualTo(rows);
            try (VortexFile vf = VortexFile.open(file)) {
                assertThat(vf.arrayIds()).contains("vortex.sequence");
                if (edition.allowsArray("fastlanes.rle")) {
                    assertThat(vf.arrayIds()).containsAnyOf("fastlanes.rle", "vortex.runend");
                }
            }
        }
    }
}
