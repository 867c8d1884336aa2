package io.jvortex.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.ParquetReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class VortexToParquetTest {
    @TempDir
    Path dir;

    /** Parquet → Vortex → Parquet → Vortex keeps every value and dtype, with every codec. */
    @ParameterizedTest
    @EnumSource(value = CompressionCodecName.class, names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD"})
    void roundTripKeepsEveryValue(CompressionCodecName codec) throws IOException {
        long seed = Seeds.seed("VortexToParquetTest.roundTrip." + codec);
        RandomTables.GeneratedTable table = RandomTables.generate(seed, ParquetToVortexTest.everyType(), 2500);
        Path source = dir.resolve("source.parquet");
        Path vortex = dir.resolve("t.vortex");
        ParquetFiles.write(table, source, CompressionCodecName.SNAPPY, 900, true);
        ParquetToVortex.convert(source, vortex, WriteOptions.defaults());

        Path parquet = dir.resolve("t.parquet");
        long rows = VortexToParquet.convert(vortex, parquet,
                ParquetWriteOptions.defaults().withCodec(codec).withRowGroups(64 << 20, 1000));
        Path again = dir.resolve("again.vortex");
        ParquetToVortex.convert(parquet, again, WriteOptions.defaults());

        assertThat(rows).isEqualTo(table.rowCount());
        try (VortexReader a = VortexReader.open(vortex); VortexReader b = VortexReader.open(again)) {
            assertThat(b.schema()).isEqualTo(a.schema());
        }
        List<String> expected = ParquetToVortexTest.readJsonl(vortex);
        List<String> got = ParquetToVortexTest.readJsonl(again);
        assertThat(got).hasSize(expected.size());
        for (int i = 0; i < got.size(); i++) {
            assertThat(got.get(i)).as("row %d (seed %d)", i, seed).isEqualTo(expected.get(i));
        }
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(parquet),
                new ParquetReadOptions.Builder(new PlainParquetConfiguration()).withCodecFactory(new ParquetCodecs())
                        .build())) {
            assertThat(reader.getRowGroups()).hasSize(3); // 1000-row row groups
            assertThat(reader.getRowGroups().getFirst().getColumns().getFirst().getCodec()).isEqualTo(codec);
            assertThat(reader.getFileMetaData().getKeyValueMetaData()).containsKey("ARROW:schema");
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("source.parquet", "t.vortex", "t.parquet", "again.vortex");
        }
    }

    @Test
    void columnsWithoutParquetFormAreNamedAndLeaveNothing() throws IOException {
        Path vortex = dir.resolve("variant.vortex");
        DType.Struct dtype = new DType.Struct(List.of("id", "v"), List.of(new DType.Primitive(PType.I32, false),
                new DType.Struct(List.of(), List.of(), true)), false);
        try (Arena arena = Arena.ofConfined()) {
            var ids = arena.allocate(ValueLayout.JAVA_INT, 3);
            try (VortexWriter writer = VortexWriter.create(vortex, dtype, WriteOptions.defaults())) {
                writer.write(new StructArray(dtype, List.of(
                        new PrimitiveArray((DType.Primitive) dtype.fields().get(0), ids, 3, Validity.ALL_VALID),
                        new StructArray((DType.Struct) dtype.fields().get(1), List.of(), 3, Validity.ALL_VALID)),
                        3, Validity.ALL_VALID));
            }
        }
        Path parquet = dir.resolve("out.parquet");
        assertThatThrownBy(() -> VortexToParquet.convert(vortex, parquet, ParquetWriteOptions.defaults()))
                .isInstanceOf(VortexException.class).hasMessageContaining("column v");
        assertThat(Files.exists(parquet)).isFalse();
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("variant.vortex");
        }
    }

    @Test
    void notVortexIsABadFileAndLeavesNothing() throws IOException {
        Path bogus = Files.writeString(dir.resolve("bogus.vortex"), "not a vortex file");
        assertThatThrownBy(() -> VortexToParquet.convert(bogus, dir.resolve("out.parquet"),
                ParquetWriteOptions.defaults())).isInstanceOf(VortexException.class);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("bogus.vortex");
        }
    }

    @Test
    void optionsNameTheirCodecs() {
        assertThat(ParquetWriteOptions.defaults().codec()).isEqualTo(CompressionCodecName.ZSTD);
        assertThat(ParquetWriteOptions.defaults().withCodec("Snappy").codec()).isEqualTo(CompressionCodecName.SNAPPY);
        assertThat(ParquetWriteOptions.defaults().withCodec("none").codec())
                .isEqualTo(CompressionCodecName.UNCOMPRESSED);
        assertThatThrownBy(() -> ParquetWriteOptions.defaults().withCodec("brotli"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("brotli");
        assertThatThrownBy(() -> ParquetWriteOptions.defaults().withCodec(CompressionCodecName.LZ4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("LZ4");
        assertThatThrownBy(() -> ParquetWriteOptions.defaults().withRowGroups(0, 10))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void declaredNonNullableColumnWithNullsIsRefusedByName() {
        // an ARROW:schema that says "not null" over an optional Parquet column holding nulls
        DType.Struct parquet = new DType.Struct(List.of("a"), List.of(new DType.Primitive(PType.I64, true)), false);
        DType.Struct declared = new DType.Struct(List.of("a"), List.of(new DType.Primitive(PType.I64, false)), false);
        String arrow = io.jvortex.arrow.ArrowSchemas.toParquetMetadata(io.jvortex.arrow.ArrowSchemas.fromDType(declared));
        assertThat(ArrowFields.target(parquet, Map.of(ArrowFields.KEY, arrow))).isEqualTo(declared);
        assertThat(ArrowFields.target(parquet, Map.of(ArrowFields.KEY, "bm90IGFuIGFycm93IHNjaGVtYQ==")))
                .isEqualTo(parquet);
        try (Arena arena = Arena.ofConfined()) {
            var values = arena.allocate(ValueLayout.JAVA_LONG, 2);
            var bits = arena.allocate(8);
            bits.set(ValueLayout.JAVA_BYTE, 0, (byte) 1); // row 1 is null
            StructArray batch = new StructArray(parquet, List.of(new PrimitiveArray(
                    (DType.Primitive) parquet.fields().get(0), values, 2, new Validity.Bitmap(bits, 0))), 2,
                    Validity.ALL_VALID);
            assertThatThrownBy(() -> ArrowFields.adapt(batch, declared, arena))
                    .isInstanceOf(VortexException.class).hasMessageContaining("column a");
        }
    }
}
