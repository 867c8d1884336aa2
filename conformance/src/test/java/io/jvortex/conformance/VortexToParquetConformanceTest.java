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
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
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

    @ParameterizedTest
    @EnumSource(value = CompressionCodecName.class, names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD"})
    void pyarrowReadsTheConversionAsRustReadsTheVortexFile(CompressionCodecName codec) {
        long seed = Seeds.seed("VortexToParquetConformanceTest." + codec);
        RandomTables.GeneratedTable table = RandomTables.generate(seed, ParquetConvertConformanceTest.types(), 2500);
        RustOracle oracle = RustOracle.shared();
        Path ours = dir.resolve("ours.vortex");
        // ours: pyarrow's Parquet converted by our writer (the foundation's array builders have no maps)
        Path source = dir.resolve("source.parquet");
        oracle.writeParquet(table, source, java.util.Map.of("row_group_size", 900));
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
            assertThat(got).hasSize(expected.size());
            for (int i = 0; i < got.size(); i++) {
                assertThat(got.get(i)).as("row %d of %s (seed %d, %s)", i, vortex.getFileName(), seed, codec)
                        .isEqualTo(expected.get(i));
            }
        }
    }
}
