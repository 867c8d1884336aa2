package io.jvortex.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.VortexReader;
import io.jvortex.api.WriteOptions;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ParquetToVortex.Listener}: told after every row group, up to all rows and all stored bytes. */
class ParquetProgressTest {
    @TempDir
    Path dir;

    record Call(long rows, long totalRows, long bytes, long totalBytes) {
    }

    @Test
    void toldAfterEachRowGroupUpToAllRowsAndBytes() {
        int rows = 1_000;
        RandomTables.GeneratedTable table = RandomTables.generate(Seeds.seed("ParquetProgressTest"),
                List.of(new TypeSpec.Utf8(true), new TypeSpec.ListOf(new TypeSpec.Bool(true), true)), rows);
        Path parquet = dir.resolve("in.parquet");
        ParquetFiles.write(table, parquet, CompressionCodecName.ZSTD, 100, true);
        List<Call> calls = new ArrayList<>();
        Path vortex = dir.resolve("out.vortex");
        long written = ParquetToVortex.convert(parquet, vortex, WriteOptions.defaults(),
                (done, total, bytes, totalBytes) -> calls.add(new Call(done, total, bytes, totalBytes)));
        assertThat(written).isEqualTo(rows);
        assertThat(calls).hasSize(rows / 100);
        for (int i = 0; i < calls.size(); i++) {
            Call c = calls.get(i);
            assertThat(c.rows()).isEqualTo(100L * (i + 1));
            assertThat(c.totalRows()).isEqualTo(rows);
            assertThat(c.bytes()).isPositive().isLessThanOrEqualTo(c.totalBytes());
            if (i > 0) {
                assertThat(c.bytes()).isGreaterThan(calls.get(i - 1).bytes());
            }
        }
        assertThat(calls.getLast().bytes()).isEqualTo(calls.getLast().totalBytes());
        try (VortexReader reader = VortexReader.open(vortex)) {
            assertThat(reader.rowCount()).isEqualTo(rows);
        }
    }
}
