package io.jvortex.arrow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.StructArray;
import io.jvortex.error.VortexException;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.Field;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import io.jvortex.testing.oracle.RustOracle;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Arrow IPC files and streams against pyarrow: what we write from a Rust-written Vortex file, pyarrow reads
 * with the Rust reader's values and Arrow types; what pyarrow writes (plain, large, view, list-view,
 * dictionary and run-end encoded columns, several batches) we convert to Vortex files the Rust reader reads
 * with pyarrow's values.
 */
class ArrowIpcTest {
    @TempDir
    Path dir;

    /** Every type a Vortex table column can have that Arrow can hold, nested ones included. */
    static List<TypeSpec> types() {
        TypeSpec i32 = new TypeSpec.Primitive(PrimitiveKind.I32, true);
        TypeSpec utf8 = new TypeSpec.Utf8(true);
        List<TypeSpec> types = new ArrayList<>();
        types.add(new TypeSpec.Bool(true));
        types.add(new TypeSpec.Bool(false));
        for (PrimitiveKind kind : PrimitiveKind.values()) {
            types.add(new TypeSpec.Primitive(kind, true));
        }
        types.add(new TypeSpec.Primitive(PrimitiveKind.I64, false));
        types.add(new TypeSpec.Decimal(4, 2, true));
        types.add(new TypeSpec.Decimal(18, 0, false));
        types.add(new TypeSpec.Decimal(38, 9, true));
        types.add(new TypeSpec.Decimal(50, 7, true));
        types.add(utf8);
        types.add(new TypeSpec.Utf8(false));
        types.add(new TypeSpec.Binary(true));
        types.add(new TypeSpec.Date(TypeSpec.DateUnit.DAYS, true));
        types.add(new TypeSpec.Date(TypeSpec.DateUnit.MILLISECONDS, true));
        types.add(new TypeSpec.Time(TimeUnit.SECONDS, true));
        types.add(new TypeSpec.Time(TimeUnit.MILLISECONDS, true));
        types.add(new TypeSpec.Time(TimeUnit.MICROSECONDS, true));
        types.add(new TypeSpec.Time(TimeUnit.NANOSECONDS, false));
        types.add(new TypeSpec.Timestamp(TimeUnit.SECONDS, "America/New_York", true));
        types.add(new TypeSpec.Timestamp(TimeUnit.MILLISECONDS, "+05:30", true));
        types.add(new TypeSpec.Timestamp(TimeUnit.MICROSECONDS, null, true));
        types.add(new TypeSpec.Timestamp(TimeUnit.NANOSECONDS, "UTC", false));
        types.add(new TypeSpec.Null());
        types.add(new TypeSpec.Uuid(true));
        types.add(new TypeSpec.Struct(List.of(new Field("a", i32), new Field("b", utf8),
                new Field("c", new TypeSpec.ListOf(new TypeSpec.Primitive(PrimitiveKind.F64, true), true))), true));
        types.add(new TypeSpec.ListOf(utf8, true));
        types.add(new TypeSpec.ListOf(new TypeSpec.Primitive(PrimitiveKind.I16, false), false));
        types.add(new TypeSpec.ListOf(new TypeSpec.ListOf(i32, true), true));
        types.add(new TypeSpec.FixedSizeList(new TypeSpec.Primitive(PrimitiveKind.F32, true), 3, true));
        types.add(new TypeSpec.FixedSizeList(utf8, 2, false));
        types.add(new TypeSpec.ListOf(new TypeSpec.Struct(List.of(new Field("p", new TypeSpec.Bool(true)),
                new Field("q", new TypeSpec.Decimal(12, 3, true))), true), true));
        types.add(new TypeSpec.MapOf(new TypeSpec.Utf8(false), new TypeSpec.Primitive(PrimitiveKind.I64, true), true));
        types.add(new TypeSpec.MapOf(new TypeSpec.Primitive(PrimitiveKind.I32, false), new TypeSpec.ListOf(utf8, true),
                true));
        return types;
    }

    @ParameterizedTest
    @CsvSource({"false", "true"})
    void pyarrowReadsOurIpcAsTheRustReaderReadsTheVortexFile(boolean stream) {
        long seed = Seeds.seed("ArrowIpcTest.write." + stream);
        List<TypeSpec> types = new ArrayList<>(types());
        types.addAll(RandomTables.randomTypes(new SplittableRandom(seed), 8, true, false));
        RandomTables.GeneratedTable table = RandomTables.generate(seed, types, 3000);
        RustOracle oracle = RustOracle.shared();
        Path vortex = dir.resolve("t.vortex");
        Path arrow = dir.resolve(stream ? "t.arrows" : "t.arrow");
        oracle.write(table, vortex, RustOracle.Strategy.DEFAULT, "core2026.08.3");

        long rows = ArrowIpc.toArrow(vortex, arrow, stream);

        assertThat(rows).isEqualTo(table.rowCount());
        assertThat(oracle.arrowIpcSchema(arrow)).isEqualTo(oracle.vortexArrowSchema(vortex));
        assertSameRows(oracle.readArrowIpc(arrow), oracle.read(vortex), seed);
    }

    @ParameterizedTest
    @CsvSource({
        "plain, false, ", "plain, true, ", "large, false, ", "view, true, ", "list_view, false, ",
        "dictionary, false, ", "dictionary, true, ", "ree, false, ", "plain, false, lz4", "view, true, zstd",
        "dictionary, false, zstd", "large, true, lz4"})
    void weReadPyarrowIpcExactly(String variant, boolean stream, String compression) {
        long seed = Seeds.seed("ArrowIpcTest.read." + variant + "." + stream);
        List<TypeSpec> types = new ArrayList<>(types());
        types.addAll(RandomTables.randomTypes(new SplittableRandom(seed), 8, true, false));
        RandomTables.GeneratedTable table = RandomTables.generate(seed, types, 2500);
        RustOracle oracle = RustOracle.shared();
        Path arrow = dir.resolve("t.arrow");
        Path vortex = dir.resolve("t.vortex");
        oracle.writeArrowIpc(table, arrow, stream, 700, variant, compression);

        long rows = ArrowIpc.toVortex(arrow, vortex, WriteOptions.defaults());

        assertThat(rows).isEqualTo(table.rowCount());
        assertSameRows(oracle.read(vortex), oracle.readArrowIpc(arrow), seed);
    }

    /** Sliced batches (bitmaps and bools off a byte boundary, lists not starting at 0) write their rows only. */
    @Test
    void slicedBatchesWriteTheirRowsOnly() throws Exception {
        long seed = Seeds.seed("ArrowIpcTest.sliced");
        RandomTables.GeneratedTable table = RandomTables.generate(seed, types(), 1200);
        RustOracle oracle = RustOracle.shared();
        Path vortex = dir.resolve("t.vortex");
        Path arrow = dir.resolve("t.arrow");
        oracle.write(table, vortex, RustOracle.Strategy.DEFAULT, "core2026.08.3");
        List<String> rust = oracle.read(vortex);
        List<String> expected = new ArrayList<>();
        try (VortexReader reader = VortexReader.open(vortex);
             ScanIterator scan = reader.scan();
             ArrowIpcWriter writer = ArrowIpcWriter.file(Files.newOutputStream(arrow),
                     (io.jvortex.dtype.DType.Struct) reader.schema())) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    StructArray all = (StructArray) chunk.rawArray();
                    for (int start = 3; start + 5 < all.length(); start += all.length() / 3 + 1) {
                        int len = Math.min(all.length() / 3, all.length() - start - 1);
                        writer.write(all.slice(start, len));
                        expected.addAll(rust.subList((int) chunk.firstRowIndex() + start,
                                (int) chunk.firstRowIndex() + start + len));
                    }
                }
            }
        }
        assertThat(expected).isNotEmpty();
        assertSameRows(oracle.readArrowIpc(arrow), expected, seed);
    }

    @Test
    void emptyTablesBothWays() {
        long seed = Seeds.seed("ArrowIpcTest.empty");
        RandomTables.GeneratedTable table = RandomTables.generate(seed, types(), 0);
        RustOracle oracle = RustOracle.shared();
        Path vortex = dir.resolve("t.vortex");
        Path arrow = dir.resolve("t.arrow");
        oracle.write(table, vortex, RustOracle.Strategy.DEFAULT, "core2026.08.3");
        assertThat(ArrowIpc.toArrow(vortex, arrow, false)).isZero();
        assertThat(oracle.readArrowIpc(arrow)).isEmpty();
        assertThat(oracle.arrowIpcSchema(arrow)).isEqualTo(oracle.vortexArrowSchema(vortex));

        Path fromPyarrow = dir.resolve("p.arrows");
        Path back = dir.resolve("p.vortex");
        oracle.writeArrowIpc(table, fromPyarrow, true, null, "dictionary", null);
        assertThat(ArrowIpc.toVortex(fromPyarrow, back, WriteOptions.defaults())).isZero();
        assertThat(oracle.info(back).rowCount()).isZero();
    }

    private static void assertSameRows(List<String> actual, List<String> expected, long seed) {
        assertThat(actual).hasSize(expected.size());
        for (int i = 0; i < actual.size(); i++) {
            assertThat(actual.get(i)).as("row %d (seed %d)", i, seed).isEqualTo(expected.get(i));
        }
    }

    @Test
    void streamsReadFromAnInputStream() throws Exception {
        long seed = Seeds.seed("ArrowIpcTest.inputStream");
        RandomTables.GeneratedTable table = RandomTables.generate(seed, types(), 500);
        Path arrow = dir.resolve("t.arrows");
        RustOracle.shared().writeArrowIpc(table, arrow, true, 200, "dictionary", null);
        long rows = 0;
        try (ArrowIpcReader fromFile = ArrowIpcReader.open(arrow);
             ArrowIpcReader fromStream = ArrowIpcReader.stream(new ByteArrayInputStream(Files.readAllBytes(arrow)),
                     "bytes")) {
            assertThat(fromStream.dtype()).isEqualTo(fromFile.dtype());
            for (StructArray a = fromFile.next(), b = fromStream.next(); a != null || b != null;
                 a = fromFile.next(), b = fromStream.next()) {
                assertThat(a).isNotNull();
                assertThat(b).isNotNull();
                assertThat(b.length()).isEqualTo(a.length());
                rows += a.length();
            }
        }
        assertThat(rows).isEqualTo(500);
    }

    @ParameterizedTest
    @CsvSource({"dictionary, ", "plain, lz4", "plain, zstd"})
    void corruptFilesFailWithAClearError(String variant, String compression) throws Exception {
        long seed = Seeds.seed("ArrowIpcTest.corrupt." + compression);
        RandomTables.GeneratedTable table = RandomTables.generate(seed, types(), 60);
        Path arrow = dir.resolve("t.arrow");
        RustOracle.shared().writeArrowIpc(table, arrow, false, 25, variant, compression);
        byte[] good = Files.readAllBytes(arrow);
        SplittableRandom random = new SplittableRandom(seed);
        Path bad = dir.resolve("bad.arrow");
        Path out = dir.resolve("bad.vortex");
        int failures = 0;
        for (int round = 0; round < 160; round++) {
            byte[] bytes = round < 40 ? Arrays.copyOf(good, random.nextInt(good.length)) : good.clone();
            if (round >= 40) {
                for (int k = 0; k < 4; k++) {
                    bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                }
            }
            Files.write(bad, bytes);
            try {
                ArrowIpc.toVortex(bad, out, WriteOptions.defaults());
                Files.delete(out);
            } catch (VortexException e) {
                failures++;
                assertThat(e.getMessage()).as("round %d", round).contains(bad.toString());
                assertThat(out).doesNotExist();
            }
        }
        assertThat(failures).isGreaterThan(40);
        Files.write(bad, new byte[] {1, 2, 3});
        assertThatThrownBy(() -> ArrowIpc.toVortex(bad, out, WriteOptions.defaults()))
                .isInstanceOf(VortexException.class);
    }
}
