package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.WriteOptions;
import io.jvortex.parquet.ParquetToVortex;
import io.jvortex.parquet.ParquetWriteOptions;
import io.jvortex.parquet.VortexToParquet;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.oracle.RustOracle;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Vortex files written by us and by the Rust writer, converted by {@link VortexToParquet}, are read by
 * pyarrow with exactly the values the Rust reader reads from the Vortex file, with every page codec we
 * compress.
 */
class VortexToParquetConformanceTest {
    @TempDir
    Path dir;

    @Test
    void arrowTypesComeBackThroughTheStoredSchema() {
        RustOracle oracle = RustOracle.shared();
        Path source = dir.resolve("source.parquet");
        oracle.writeParquetEval("pa.concat_tables([" + ParquetArrowSchemaConformanceTest.TABLE + "] * 300)", source,
                Map.of());
        Path ours = dir.resolve("ours.vortex");
        Path rust = dir.resolve("rust.vortex");
        ParquetToVortex.convert(source, ours, WriteOptions.defaults());
        oracle.writeFromParquet(source, rust, RustOracle.Strategy.DEFAULT, null);
        for (Path vortex : List.of(ours, rust)) {
            Path parquet = dir.resolve(vortex.getFileName() + ".parquet");
            assertThat(VortexToParquet.convert(vortex, parquet, ParquetWriteOptions.defaults())).isEqualTo(1200);
            assertSameArrowTypes(oracle, vortex, parquet);
            assertThat(oracle.readParquet(parquet)).as("%s", vortex.getFileName()).isEqualTo(oracle.read(vortex));
        }
    }

    /**
     * pyarrow reads the Parquet file with the Arrow types the Rust reader gives for the Vortex file, up to the
     * names of list items and map entries, which pyarrow takes from the Parquet layout even with a stored
     * Arrow schema (its own round trip of {@code list<item>} gives {@code list<element>}, of a map column
     * {@code m} entries named {@code m}).
     */
    private static void assertSameArrowTypes(RustOracle oracle, Path vortex, Path parquet) {
        assertThat(pyarrowNames(ParquetArrowSchemaConformanceTest.sameEncodingChoice(oracle.parquetArrowSchema(parquet))))
                .as("Arrow schema of %s", parquet.getFileName())
                .isEqualTo(ParquetArrowSchemaConformanceTest.sameEncodingChoice(oracle.vortexScanArrowSchema(vortex)));
    }

    private static String pyarrowNames(String arrowSchema) {
        return arrowSchema.replace("<element: ", "<item: ").replace("child 0, element: ", "child 0, item: ")
                .replaceAll(" \\('[^']*'\\)>", ">")
                .replaceAll("child 0, [^:]+: struct<key: ", "child 0, entries: struct<key: ");
    }

    @ParameterizedTest
    @EnumSource(value = CompressionCodecName.class, names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD"})
    void pyarrowReadsTheConversionAsRustReadsTheVortexFile(CompressionCodecName codec) {
        long seed = Seeds.seed("VortexToParquetConformanceTest." + codec);
        RandomTables.GeneratedTable table = RandomTables.generate(seed, ParquetConvertConformanceTest.types(), 2500);
        RustOracle oracle = RustOracle.shared();
        Path ours = dir.resolve("ours.vortex");
        // ours: pyarrow's Parquet converted by our writer (the foundation's array builders have no maps)
        Path source = dir.resolve("source.parquet");
        oracle.writeParquet(table, source, Map.of("row_group_size", 900));
        ParquetToVortex.convert(source, ours, WriteOptions.defaults());
        Path rust = dir.resolve("rust.vortex");
        oracle.write(table, rust, RustOracle.Strategy.DEFAULT, null);
        // small row groups: several per file
        ParquetWriteOptions options = ParquetWriteOptions.defaults().withCodec(codec).withRowGroups(1 << 20, 700);
        for (Path vortex : List.of(ours, rust)) {
            Path parquet = dir.resolve(vortex.getFileName() + ".parquet");
            long rows = VortexToParquet.convert(vortex, parquet, options);

            List<String> expected = oracle.read(vortex);
            List<String> got = oracle.readParquet(parquet);
            assertThat(rows).isEqualTo(table.rowCount());
            assertSameArrowTypes(oracle, vortex, parquet);
            assertThat(got).hasSize(expected.size());
            for (int i = 0; i < got.size(); i++) {
                assertThat(got.get(i)).as("row %d of %s (seed %d, %s)", i, vortex.getFileName(), seed, codec)
                        .isEqualTo(expected.get(i));
            }
        }
    }
}
