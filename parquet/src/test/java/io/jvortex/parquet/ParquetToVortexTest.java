package io.jvortex.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.error.VortexException;
import io.jvortex.api.VortexReader;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.Field;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ParquetToVortexTest {
    @TempDir
    Path dir;

    /** Every type {@link ParquetFiles} can write, flat and nested, nullable and not. */
    static List<TypeSpec> everyType() {
        List<TypeSpec> types = new ArrayList<>();
        types.add(new TypeSpec.Bool(true));
        types.add(new TypeSpec.Bool(false));
        for (PrimitiveKind kind : PrimitiveKind.values()) {
            types.add(new TypeSpec.Primitive(kind, true));
        }
        types.add(new TypeSpec.Primitive(PrimitiveKind.I64, false));
        types.add(new TypeSpec.Primitive(PrimitiveKind.U8, false));
        types.add(new TypeSpec.Decimal(2, 1, true));
        types.add(new TypeSpec.Decimal(9, 2, false));
        types.add(new TypeSpec.Decimal(18, 4, true));
        types.add(new TypeSpec.Decimal(30, 10, true));
        types.add(new TypeSpec.Decimal(60, 5, true));
        types.add(new TypeSpec.Utf8(true));
        types.add(new TypeSpec.Utf8(false));
        types.add(new TypeSpec.Binary(true));
        types.add(new TypeSpec.Date(TypeSpec.DateUnit.DAYS, true));
        types.add(new TypeSpec.Time(java.util.concurrent.TimeUnit.MILLISECONDS, true));
        types.add(new TypeSpec.Time(java.util.concurrent.TimeUnit.MICROSECONDS, false));
        types.add(new TypeSpec.Time(java.util.concurrent.TimeUnit.NANOSECONDS, true));
        types.add(new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.MILLISECONDS, "UTC", true));
        types.add(new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.MICROSECONDS, null, true));
        types.add(new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.NANOSECONDS, "UTC", false));
        types.add(new TypeSpec.Null());
        TypeSpec i32 = new TypeSpec.Primitive(PrimitiveKind.I32, true);
        TypeSpec utf8 = new TypeSpec.Utf8(true);
        types.add(new TypeSpec.Struct(List.of(new Field("a", i32), new Field("b", utf8),
                new Field("c", new TypeSpec.ListOf(new TypeSpec.Primitive(PrimitiveKind.I64, true), true))), true));
        types.add(new TypeSpec.Struct(List.of(new Field("x", new TypeSpec.Primitive(PrimitiveKind.F64, false))), false));
        types.add(new TypeSpec.ListOf(utf8, true));
        types.add(new TypeSpec.ListOf(new TypeSpec.Primitive(PrimitiveKind.I16, false), false));
        types.add(new TypeSpec.ListOf(new TypeSpec.ListOf(i32, true), true));
        types.add(new TypeSpec.ListOf(new TypeSpec.Struct(List.of(new Field("p", new TypeSpec.Bool(true)),
                new Field("q", new TypeSpec.Decimal(12, 3, true))), true), true));
        types.add(new TypeSpec.MapOf(new TypeSpec.Utf8(false), new TypeSpec.Primitive(PrimitiveKind.I64, true), true));
        types.add(new TypeSpec.MapOf(new TypeSpec.Primitive(PrimitiveKind.I32, false),
                new TypeSpec.ListOf(utf8, true), true));
        types.add(new TypeSpec.Struct(List.of(new Field("m", new TypeSpec.MapOf(new TypeSpec.Utf8(false),
                new TypeSpec.Struct(List.of(new Field("v", i32)), true), true))), true));
        return types;
    }

    @ParameterizedTest
    @EnumSource(value = CompressionCodecName.class, names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD"})
    void everyTypeConvertsValueExact(CompressionCodecName codec) {
        long seed = Seeds.seed("ParquetToVortexTest.everyType." + codec);
        RandomTables.GeneratedTable table = RandomTables.generate(seed, everyType(), 2000);
        Path parquet = dir.resolve("t.parquet");
        Path vortex = dir.resolve("t.vortex");
        ParquetFiles.write(table, parquet, codec, 800, codec.ordinal() % 2 == 0);

        long rows = ParquetToVortex.convert(parquet, vortex, WriteOptions.defaults());

        assertThat(rows).isEqualTo(table.rowCount());
        try (VortexReader reader = VortexReader.open(vortex)) {
            assertThat(reader.schema()).isEqualTo(ParquetToVortex.schema(ParquetFiles.schema(table.spec())));
        }
        List<String> got = readJsonl(vortex);
        assertThat(got).hasSize(table.rowCount());
        for (int i = 0; i < got.size(); i++) {
            assertThat(got.get(i)).as("row %d (seed %d)", i, seed).isEqualTo(table.rows().get(i));
        }
    }

    /** A flat row group larger than a batch is read in slices of {@link ParquetToVortex#BATCH_ROWS} rows. */
    @Test
    void largeFlatRowGroupsConvertInSlices() {
        long seed = Seeds.seed("ParquetToVortexTest.slices");
        List<TypeSpec> flat = List.of(new TypeSpec.Bool(true), new TypeSpec.Primitive(PrimitiveKind.U8, true),
                new TypeSpec.Primitive(PrimitiveKind.I64, false), new TypeSpec.Primitive(PrimitiveKind.F16, true),
                new TypeSpec.Decimal(30, 10, true), new TypeSpec.Utf8(true), new TypeSpec.Binary(false),
                new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.MICROSECONDS, "UTC", true), new TypeSpec.Null());
        int rows = ParquetToVortex.BATCH_ROWS + 1234;
        RandomTables.GeneratedTable table = RandomTables.generate(seed, flat, rows);
        Path parquet = dir.resolve("big.parquet");
        Path vortex = dir.resolve("big.vortex");
        ParquetFiles.write(table, parquet, CompressionCodecName.SNAPPY, rows, true);

        assertThat(ParquetToVortex.convert(parquet, vortex, WriteOptions.defaults())).isEqualTo(rows);

        List<String> got = readJsonl(vortex);
        assertThat(got).hasSize(rows);
        for (int i = 0; i < rows; i++) {
            assertThat(got.get(i)).as("row %d (seed %d)", i, seed).isEqualTo(table.rows().get(i));
        }
    }

    @Test
    @SuppressWarnings("deprecation") // the builder refuses the combination; the OriginalType constructor does not
    void unsupportedTypesNameTheColumnAndTheParquetType() {
        MessageType schema = new MessageType("schema", Types.optionalGroup()
                .addField(new org.apache.parquet.schema.PrimitiveType(Repetition.REQUIRED, PrimitiveTypeName.INT64,
                        "narrow", org.apache.parquet.schema.OriginalType.INT_16))
                .named("outer"));
        assertThatThrownBy(() -> ParquetToVortex.schema(schema)).isInstanceOf(VortexException.class)
                .hasMessageContaining("outer.narrow").hasMessageContaining("int64")
                .hasMessageContaining("INTEGER(16,true)");
    }

    @Test
    void schemaFollowsPyarrowsReadingOfLogicalTypes() {
        TableSpec spec = new TableSpec(List.of(
                new Field("i8", new TypeSpec.Primitive(PrimitiveKind.I8, false)),
                new Field("u32", new TypeSpec.Primitive(PrimitiveKind.U32, true)),
                new Field("d", new TypeSpec.Decimal(30, 10, true)),
                new Field("ts", new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.MICROSECONDS, "UTC", true)),
                new Field("local", new TypeSpec.Timestamp(java.util.concurrent.TimeUnit.NANOSECONDS, null, false)),
                new Field("t", new TypeSpec.Time(java.util.concurrent.TimeUnit.MILLISECONDS, true)),
                new Field("l", new TypeSpec.ListOf(new TypeSpec.Utf8(false), true))));
        DType.Struct schema = ParquetToVortex.schema(ParquetFiles.schema(spec));
        assertThat(schema.nullable()).isFalse();
        assertThat(schema.fields()).containsExactly(
                new DType.Primitive(PType.I8, false),
                new DType.Primitive(PType.U32, true),
                new DType.Decimal(30, 10, true),
                Extensions.timestamp(TimeUnit.MICROSECONDS, "UTC", true),
                Extensions.timestamp(TimeUnit.NANOSECONDS, null, false),
                Extensions.time(TimeUnit.MILLISECONDS, true),
                new DType.List(new DType.Utf8(false), true));
    }

    /** Physical and legacy forms that generated tables do not produce. */
    @Test
    void legacyAndRawForms() {
        MessageType schema = Types.buildMessage()
                .addField(Types.primitive(PrimitiveTypeName.INT96, Repetition.OPTIONAL).named("int96"))
                .addField(Types.optionalGroup().as(LogicalTypeAnnotation.listType())
                        .addField(Types.repeated(PrimitiveTypeName.INT32).named("element")).named("two_level"))
                .addField(Types.optionalGroup().as(LogicalTypeAnnotation.listType())
                        .addField(Types.repeatedGroup().addField(Types.required(PrimitiveTypeName.INT64).named("a"))
                                .named("array")).named("array_list"))
                .addField(Types.repeated(PrimitiveTypeName.INT32).named("repeated"))
                .addField(Types.primitive(PrimitiveTypeName.BINARY, Repetition.OPTIONAL)
                        .as(LogicalTypeAnnotation.decimalType(2, 20)).named("bin_decimal"))
                .addField(Types.primitive(PrimitiveTypeName.BINARY, Repetition.REQUIRED)
                        .as(LogicalTypeAnnotation.enumType()).named("enum"))
                .addField(Types.primitive(PrimitiveTypeName.BINARY, Repetition.REQUIRED)
                        .as(LogicalTypeAnnotation.jsonType()).named("json"))
                .addField(Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, Repetition.OPTIONAL).length(16)
                        .as(LogicalTypeAnnotation.uuidType()).named("uuid"))
                .named("legacy");
        long seed = Seeds.seed("ParquetToVortexTest.legacy");
        SplittableRandom random = new SplittableRandom(seed);
        int rows = 700;
        long[] nanos = new long[rows];
        int[][] lists = new int[rows][];
        BigInteger[] decimals = new BigInteger[rows];
        for (int i = 0; i < rows; i++) {
            nanos[i] = random.nextLong(-4_000_000_000_000_000_000L, 4_000_000_000_000_000_000L);
            lists[i] = random.ints(random.nextInt(4), -1000, 1000).toArray();
            decimals[i] = i % 5 == 0 ? null
                    : BigInteger.valueOf(random.nextLong()).multiply(BigInteger.valueOf(random.nextInt(1, 5)));
        }
        Path parquet = dir.resolve("legacy.parquet");
        ParquetFiles.write(schema, parquet, CompressionCodecName.SNAPPY, 300, true, rows, (rc, row) -> {
            if (row % 7 != 0) {
                rc.startField("int96", 0);
                long day = Math.floorDiv(nanos[row], 86_400_000_000_000L);
                long ofDay = Math.floorMod(nanos[row], 86_400_000_000_000L);
                ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
                b.putLong(ofDay).putInt((int) (day + 2_440_588L));
                rc.addBinary(Binary.fromConstantByteArray(b.array()));
                rc.endField("int96", 0);
            }
            for (String field : List.of("two_level", "array_list")) {
                int index = field.equals("two_level") ? 1 : 2;
                if (row % 11 == 0) {
                    continue;
                }
                rc.startField(field, index);
                rc.startGroup();
                if (lists[row].length > 0) {
                    rc.startField(index == 1 ? "element" : "array", 0);
                    for (int v : lists[row]) {
                        if (index == 1) {
                            rc.addInteger(v);
                        } else {
                            rc.startGroup();
                            rc.startField("a", 0);
                            rc.addLong(v * 3L);
                            rc.endField("a", 0);
                            rc.endGroup();
                        }
                    }
                    rc.endField(index == 1 ? "element" : "array", 0);
                }
                rc.endGroup();
                rc.endField(field, index);
            }
            if (lists[row].length > 0) {
                rc.startField("repeated", 3);
                for (int v : lists[row]) {
                    rc.addInteger(-v);
                }
                rc.endField("repeated", 3);
            }
            if (decimals[row] != null) {
                rc.startField("bin_decimal", 4);
                rc.addBinary(Binary.fromConstantByteArray(decimals[row].toByteArray()));
                rc.endField("bin_decimal", 4);
            }
            rc.startField("enum", 5);
            rc.addBinary(Binary.fromString("E" + (row % 3)));
            rc.endField("enum", 5);
            rc.startField("json", 6);
            rc.addBinary(Binary.fromString("{\"r\":" + row + "}"));
            rc.endField("json", 6);
            if (row % 2 == 0) {
                rc.startField("uuid", 7);
                byte[] uuid = new byte[16];
                uuid[15] = (byte) (int) row;
                uuid[0] = (byte) (row >> 8);
                rc.addBinary(Binary.fromConstantByteArray(uuid));
                rc.endField("uuid", 7);
            }
        });
        Path vortex = dir.resolve("legacy.vortex");
        ParquetToVortex.convert(parquet, vortex, WriteOptions.defaults());

        DType.Struct dtype;
        List<Canonical> columns;
        try (VortexReader reader = VortexReader.open(vortex)) {
            dtype = (DType.Struct) reader.schema();
        }
        assertThat(dtype.fields()).containsExactly(
                Extensions.timestamp(TimeUnit.NANOSECONDS, null, true),
                new DType.List(new DType.Primitive(PType.I32, false), true),
                new DType.List(new DType.Struct(List.of("a"), List.of(new DType.Primitive(PType.I64, false)), false), true),
                new DType.List(new DType.Primitive(PType.I32, false), false),
                new DType.Decimal(20, 2, true),
                new DType.Binary(false),
                new DType.Utf8(false),
                ParquetSchema.uuid(true));
        List<String> lines = readJsonl(vortex);
        assertThat(lines).hasSize(rows);
        int row = 0;
        try (VortexReader reader = VortexReader.open(vortex); ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    StructArray array = (StructArray) chunk.rawArray();
                    PrimitiveArray int96 = (PrimitiveArray) ((ExtensionArray) array.fields().get(0)).storage();
                    for (int i = 0; i < array.length(); i++, row++) {
                        assertThat(int96.validity().isValid(i)).isEqualTo(row % 7 != 0);
                        if (row % 7 != 0) {
                            assertThat(int96.getLong(i)).as("int96 row %d", row).isEqualTo(nanos[row]);
                        }
                    }
                }
            }
        }
        for (int r = 0; r < rows; r++) {
            StringBuilder two = new StringBuilder("[");
            StringBuilder structs = new StringBuilder("[");
            StringBuilder negated = new StringBuilder("[");
            for (int k = 0; k < lists[r].length; k++) {
                String sep = k == 0 ? "" : ",";
                two.append(sep).append(lists[r][k]);
                structs.append(sep).append("{\"a\":").append(lists[r][k] * 3L).append('}');
                negated.append(sep).append(-lists[r][k]);
            }
            String line = lines.get(r);
            assertThat(line).as("row %d", r)
                    .contains("\"two_level\":" + (r % 11 == 0 ? "null" : two + "]"))
                    .contains("\"array_list\":" + (r % 11 == 0 ? "null" : structs + "]"))
                    .contains("\"repeated\":" + negated + "]")
                    .contains("\"bin_decimal\":" + (decimals[r] == null ? "null"
                            : "\"" + new java.math.BigDecimal(decimals[r], 2).toPlainString() + "\""))
                    .contains("\"json\":\"{\\\"r\\\":" + r + "}\"");
        }
    }

    @Test
    void codecsBeyondTheFourAreRefusedByName() {
        for (CompressionCodecName codec : CompressionCodecName.values()) {
            if (ParquetCodecs.SUPPORTED.contains(codec)) {
                assertThat(new ParquetCodecs().getDecompressor(codec)).isNotNull();
            } else {
                assertThatThrownBy(() -> new ParquetCodecs().getDecompressor(codec))
                        .isInstanceOf(VortexException.class).hasMessageContaining(codec.name());
            }
        }
        assertThat(ParquetCodecs.SUPPORTED).containsExactlyInAnyOrder(CompressionCodecName.UNCOMPRESSED,
                CompressionCodecName.SNAPPY, CompressionCodecName.GZIP, CompressionCodecName.ZSTD);
    }

    @Test
    void notParquetIsABadFileAndLeavesNoDestination() throws IOException {
        Path bogus = dir.resolve("bogus.parquet");
        Files.writeString(bogus, "this is not a parquet file, PAR1", StandardCharsets.UTF_8);
        Path out = dir.resolve("out.vortex");
        assertThatThrownBy(() -> ParquetToVortex.convert(bogus, out, WriteOptions.defaults()))
                .isInstanceOf(VortexException.class);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("bogus.parquet");
        }
    }

    @Test
    void emptyFileKeepsItsSchema() {
        RandomTables.GeneratedTable table = RandomTables.generate(Seeds.seed("ParquetToVortexTest.empty"),
                List.of(new TypeSpec.Utf8(true), new TypeSpec.ListOf(new TypeSpec.Bool(true), true)), 0);
        Path parquet = dir.resolve("empty.parquet");
        ParquetFiles.write(table, parquet, CompressionCodecName.ZSTD, 10, true);
        Path vortex = dir.resolve("empty.vortex");
        assertThat(ParquetToVortex.convert(parquet, vortex, WriteOptions.defaults())).isZero();
        try (VortexReader reader = VortexReader.open(vortex)) {
            assertThat(reader.rowCount()).isZero();
            assertThat(reader.schema()).isEqualTo(ParquetToVortex.schema(ParquetFiles.schema(table.spec())));
        }
    }

    @Test
    void zeroColumnsWithRowsKeepTheirRowCount() {
        Path parquet = dir.resolve("nocolumns.parquet");
        // parquet-java's writers refuse an empty schema: the footer is written by hand (row groups of 10, 0, 15)
        var root = new org.apache.parquet.format.SchemaElement("schema");
        root.setNum_children(0);
        List<org.apache.parquet.format.RowGroup> groups = new ArrayList<>();
        for (int rows : new int[] {10, 0, 15}) {
            groups.add(new org.apache.parquet.format.RowGroup(new ArrayList<>(), 0, rows));
        }
        var footer = new org.apache.parquet.format.FileMetaData(2, List.of(root), 25, groups);
        try (var out = new java.io.ByteArrayOutputStream()) {
            out.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
            var meta = new java.io.ByteArrayOutputStream();
            org.apache.parquet.format.Util.writeFileMetaData(footer, meta);
            out.writeBytes(meta.toByteArray());
            out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(meta.size()).array());
            out.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
            Files.write(parquet, out.toByteArray());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Path vortex = dir.resolve("nocolumns.vortex");
        assertThat(ParquetToVortex.convert(parquet, vortex, WriteOptions.defaults())).isEqualTo(25);
        try (VortexReader reader = VortexReader.open(vortex)) {
            assertThat(reader.rowCount()).isEqualTo(25);
            assertThat(reader.schema()).isEqualTo(new DType.Struct(List.of(), List.of(), false));
        }
    }

    static List<String> readJsonl(Path file) {
        StringWriter text = new StringWriter();
        JsonlWriter jsonl = new JsonlWriter(text);
        try (VortexReader reader = VortexReader.open(file); ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    jsonl.write(chunk.rawArray());
                }
            }
        }
        jsonl.flush();
        return text.toString().lines().toList();
    }
}
