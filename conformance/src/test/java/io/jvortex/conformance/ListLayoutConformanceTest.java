package io.jvortex.conformance;

import io.jvortex.api.internal.ApiAccess;
import static io.jvortex.conformance.TableChunks.randomBatches;
import static io.jvortex.conformance.TableChunks.jsonl;
import static io.jvortex.conformance.TableChunks.readWithJvortex;
import static io.jvortex.conformance.TableChunks.schema;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.StructArray;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.RandomTables.NullShape;
import io.jvortex.testing.RandomTables.ValueShape;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.oracle.RustOracle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code vortex.list} layout across implementations: Rust (0.91) writes list columns under
 * {@code unstable2026.10.0} as list layouts, which jvortex reads exactly (scan, ranges, take, splits);
 * jvortex writes them under that edition and the Rust reader reads them exactly.
 */
class ListLayoutConformanceTest {
    private static final String EDITION = "unstable2026.10.0";

    @TempDir
    Path dir;

    private static List<RandomTables.ColumnPlan> plans(SplittableRandom r) {
        TypeSpec.Struct point = new TypeSpec.Struct(List.of(new TypeSpec.Field("a", TypeSpec.i32()),
                new TypeSpec.Field("b", TypeSpec.utf8())), r.nextBoolean());
        List<TypeSpec> types = List.of(
                new TypeSpec.ListOf(TypeSpec.i32(), true),
                new TypeSpec.ListOf(TypeSpec.utf8(), r.nextBoolean()),
                new TypeSpec.ListOf(new TypeSpec.ListOf(TypeSpec.i64(), r.nextBoolean()), true),
                new TypeSpec.ListOf(point, true),
                new TypeSpec.Struct(List.of(new TypeSpec.Field("inner", new TypeSpec.ListOf(TypeSpec.f64(), true))),
                        true),
                TypeSpec.i64());
        List<RandomTables.ColumnPlan> out = new ArrayList<>();
        NullShape[] nulls = NullShape.values();
        for (int i = 0; i < types.size(); i++) {
            out.add(new RandomTables.ColumnPlan("c" + i, types.get(i), ValueShape.RANDOM,
                    nulls[r.nextInt(nulls.length)]));
        }
        return out;
    }

    @Test
    void rustWrittenListLayoutsReadExactly() {
        long seed = Seeds.seed("ListLayoutConformanceTest.rustWritten");
        SplittableRandom r = new SplittableRandom(seed);
        Set<String> known = new TreeSet<>();
        known.addAll(io.jvortex.api.ReaderOptions.defaults().encodings().ids());
        int read = 0;
        for (int k = 0; k < 6; k++) {
            int rows = new int[] {1, 1025, 9000, 20_000, 3, 17_000}[k];
            GeneratedTable table = RandomTables.generatePlanned(r.nextLong(), plans(r), rows);
            Path file = dir.resolve("rust" + k + ".vortex");
            RustOracle.shared().write(table, file, RustOracle.Strategy.DEFAULT, EDITION);
            try (VortexReader reader = VortexReader.open(file)) {
                assertThat(ApiAccess.file(reader).layoutIds()).as("Rust file %d", k).contains("vortex.list");
            }
            Set<String> encodings = RustWrittenFilesReadTest.encodingsOf(file);
            if (!known.containsAll(encodings)) {
                // arrays of the unstable edition that other branches add (bitpacked.v2, for.v2, ...)
                System.out.println("[jvortex] skipping Rust file " + k + ": encodings " + encodings + " not all in "
                        + "this build");
                continue;
            }
            List<String> expected = RustOracle.shared().read(file);
            String what = "Rust-written " + EDITION + " file " + k + " (" + rows + " rows, seed " + table.seed() + ")";
            RustWrittenFilesReadTest.compare(file, expected, what);
            for (int j = 0; j < 4; j++) {
                long start = r.nextLong(rows);
                long end = start + 1 + r.nextLong(Math.min(rows - start, 6000));
                List<String> got = RustWrittenFilesReadTest.readJsonl(file, io.jvortex.api.ScanOptions.builder()
                        .rowRange(start, end).maxChunkRows(1 + r.nextInt(4000)).build());
                assertThat(got).as("%s rows [%d, %d)", what, start, end)
                        .isEqualTo(expected.subList((int) start, (int) end));
            }
            read++;
        }
        System.out.println("[jvortex] Rust-written list-layout files read: " + read + " of 6");
    }

    @Test
    void jvortexWrittenListLayoutsReadExactlyInRust() {
        long seed = Seeds.seed("ListLayoutConformanceTest.jvortexWritten");
        SplittableRandom r = new SplittableRandom(seed);
        for (int k = 0; k < 4; k++) {
            int rows = new int[] {1, 1025, 12_000, 70_000}[k];
            GeneratedTable table = RandomTables.generatePlanned(r.nextLong(), plans(r), rows);
            List<StructArray> batches = randomBatches(table, r, 0);
            List<String> expected = jsonl(batches);
            Path file = dir.resolve("ours" + k + ".vortex");
            WriteOptions options = WriteOptions.defaults().withEdition(Edition.UNSTABLE2026_10_0)
                    .withZoneRows(k == 3 ? 8192 : 512).withChunkBytes(k == 3 ? 1 << 20 : 8 * 1024).withThreads(2);
            try (VortexWriter writer = VortexWriter.create(file, schema(table.spec()), options)) {
                batches.forEach(writer::write);
            }
            try (VortexReader reader = VortexReader.open(file)) {
                assertThat(ApiAccess.file(reader).layoutIds()).contains("vortex.list");
            }
            String what = "jvortex-written " + EDITION + " file " + k + " (" + rows + " rows, seed " + table.seed() + ")";
            assertThat(RustOracle.shared().read(file)).as("%s: Rust reader", what).isEqualTo(expected);
            assertThat(readWithJvortex(file)).as("%s: jvortex reader", what).isEqualTo(expected);
        }
    }
}
