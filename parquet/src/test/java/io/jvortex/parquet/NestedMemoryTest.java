package io.jvortex.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.VortexReader;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.Field;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A nested row group whose decoded arrays exceed a child JVM's heap (and its direct-memory limit,
 * which holds the arrays' native buffers) converts there, in batches.
 */
class NestedMemoryTest {
    /**
     * The child's heap and direct-memory limit, in MiB. The conversion's live heap peaks at ~53 MiB
     * (after full collections, SerialGC); 64 MiB left so little room that a rare coincidence of
     * allocations in the two compression threads ran out of it.
     */
    static final int HEAP_MIB = 96;
    /** Rows of the single row group: about 3 M strings, some 112 MB of views and string data decoded. */
    static final int ROWS = 400_000;

    @TempDir
    Path dir;

    @Test
    void aNestedRowGroupLargerThanTheHeapConverts() throws IOException, InterruptedException {
        long seed = Seeds.seed("NestedMemoryTest.heap");
        Path parquet = dir.resolve("nested.parquet");
        Path vortex = dir.resolve("nested.vortex");
        long decoded = write(parquet, seed);
        assertThat(decoded).as("string bytes decoded").isGreaterThan((long) HEAP_MIB << 20);
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(parquet),
                new ParquetReadOptions.Builder(new PlainParquetConfiguration()).build())) {
            assertThat(reader.getRowGroups()).as("row groups").hasSize(1);
        }

        String output = ConvertChild.run(dir.resolve("child.log"), List.of("-Xmx" + HEAP_MIB + "m",
                "-XX:MaxDirectMemorySize=" + HEAP_MIB + "m", "-XX:+UseSerialGC"), parquet, vortex);
        assertThat(output).contains("rows=" + ROWS);
        try (VortexReader reader = VortexReader.open(vortex)) {
            assertThat(reader.rowCount()).isEqualTo(ROWS);
        }
    }

    /**
     * Writes one row group of {@link #ROWS} rows: an id, a list of 0 to 15 short strings from a small
     * vocabulary (so the file stays small: dictionary pages) and a list of lists of ints.
     *
     * @return the bytes the strings take decoded: 16 per view, and the bytes of those longer than 12
     */
    private static long write(Path parquet, long seed) {
        TypeSpec utf8 = new TypeSpec.Utf8(true);
        TableSpec spec = TableSpec.of(new Field("id", new TypeSpec.Primitive(PrimitiveKind.I64, false)),
                new Field("tags", new TypeSpec.ListOf(utf8, true)),
                new Field("points", new TypeSpec.ListOf(new TypeSpec.ListOf(
                        new TypeSpec.Primitive(PrimitiveKind.I32, true), true), true)));
        MessageType schema = ParquetFiles.schema(spec);
        SplittableRandom vocabulary = new SplittableRandom(seed);
        List<Binary> words = new ArrayList<>();
        for (String word : NestedBatchesTest.strings(vocabulary, 2000, 0.2)) {
            words.add(Binary.fromString(word == null ? "" : word));
        }
        SplittableRandom random = new SplittableRandom(seed + 1);
        long[] decoded = {0};
        List<Field> columns = spec.columns();
        ParquetFiles.write(schema, parquet, CompressionCodecName.SNAPPY, ROWS, true, ROWS, (rc, row) -> {
            rc.startField("id", 0);
            rc.addLong(row);
            rc.endField("id", 0);
            int tags = random.nextInt(16);
            List<Object> tagList = new ArrayList<>(tags);
            for (int i = 0; i < tags; i++) {
                Binary word = words.get(random.nextInt(words.size()));
                tagList.add(word.toStringUsingUTF8());
                decoded[0] += 16 + (word.length() > 12 ? word.length() : 0);
            }
            rc.startField("tags", 1);
            ParquetFiles.value(rc, columns.get(1).type(), tagList);
            rc.endField("tags", 1);
            if (random.nextBoolean()) {
                List<Object> points = new ArrayList<>();
                for (int i = random.nextInt(3); i > 0; i--) {
                    points.add(List.of((long) random.nextInt(1000), (long) row));
                }
                rc.startField("points", 2);
                ParquetFiles.value(rc, columns.get(2).type(), points);
                rc.endField("points", 2);
            }
        });
        return decoded[0];
    }
}
