package io.jvortex.parquet;

import io.airlift.compress.Compressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * Writes Parquet files with parquet-java for the tests: generated tables (their {@link TypeSpec}s in
 * the Parquet types pyarrow would write for them), or hand-made records through a
 * {@link RecordConsumer}. Pages are compressed by an implementation independent of ours (aircompressor
 * for Snappy and Zstandard, {@link java.util.zip} for gzip).
 */
final class ParquetFiles {
    private ParquetFiles() {
    }

    /** The Parquet schema of a generated table. */
    static MessageType schema(TableSpec spec) {
        Types.MessageTypeBuilder builder = Types.buildMessage();
        for (TypeSpec.Field column : spec.columns()) {
            builder.addField(type(column.name(), column.type()));
        }
        return builder.named("schema");
    }

    static Type type(String name, TypeSpec spec) {
        Repetition rep = spec.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
        return switch (spec) {
            case TypeSpec.Null n -> Types.primitive(PrimitiveTypeName.INT32, Repetition.OPTIONAL)
                    .as(LogicalTypeAnnotation.unknownType()).named(name);
            case TypeSpec.Bool b -> Types.primitive(PrimitiveTypeName.BOOLEAN, rep).named(name);
            case TypeSpec.Primitive p -> switch (p.kind()) {
                case I8, I16, U8, U16, U32 -> Types.primitive(PrimitiveTypeName.INT32, rep)
                        .as(LogicalTypeAnnotation.intType(p.kind().bitWidth(), p.kind().signed())).named(name);
                case I32 -> Types.primitive(PrimitiveTypeName.INT32, rep).named(name);
                case I64 -> Types.primitive(PrimitiveTypeName.INT64, rep).named(name);
                case U64 -> Types.primitive(PrimitiveTypeName.INT64, rep)
                        .as(LogicalTypeAnnotation.intType(64, false)).named(name);
                case F16 -> Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep).length(2)
                        .as(LogicalTypeAnnotation.float16Type()).named(name);
                case F32 -> Types.primitive(PrimitiveTypeName.FLOAT, rep).named(name);
                case F64 -> Types.primitive(PrimitiveTypeName.DOUBLE, rep).named(name);
            };
            case TypeSpec.Decimal d -> {
                var annotation = LogicalTypeAnnotation.decimalType(d.scale(), d.precision());
                if (d.precision() <= 9) {
                    yield Types.primitive(PrimitiveTypeName.INT32, rep).as(annotation).named(name);
                }
                if (d.precision() <= 18) {
                    yield Types.primitive(PrimitiveTypeName.INT64, rep).as(annotation).named(name);
                }
                yield Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep).length(decimalBytes(d.precision()))
                        .as(annotation).named(name);
            }
            case TypeSpec.Utf8 u -> Types.primitive(PrimitiveTypeName.BINARY, rep)
                    .as(LogicalTypeAnnotation.stringType()).named(name);
            case TypeSpec.Binary b -> Types.primitive(PrimitiveTypeName.BINARY, rep).named(name);
            case TypeSpec.Date d -> {
                if (d.unit() != TypeSpec.DateUnit.DAYS) {
                    throw new IllegalArgumentException("Parquet dates are days");
                }
                yield Types.primitive(PrimitiveTypeName.INT32, rep).as(LogicalTypeAnnotation.dateType()).named(name);
            }
            case TypeSpec.Time t -> switch (t.unit()) {
                case MILLISECONDS -> Types.primitive(PrimitiveTypeName.INT32, rep)
                        .as(LogicalTypeAnnotation.timeType(false, LogicalTypeAnnotation.TimeUnit.MILLIS)).named(name);
                case MICROSECONDS, NANOSECONDS -> Types.primitive(PrimitiveTypeName.INT64, rep)
                        .as(LogicalTypeAnnotation.timeType(false, unit(t.unit()))).named(name);
                default -> throw new IllegalArgumentException("Parquet has no time in " + t.unit());
            };
            case TypeSpec.Timestamp ts -> {
                if (ts.timeZone() != null && !ts.timeZone().equals("UTC")) {
                    throw new IllegalArgumentException("Parquet timestamps are UTC or local");
                }
                yield Types.primitive(PrimitiveTypeName.INT64, rep)
                        .as(LogicalTypeAnnotation.timestampType(ts.timeZone() != null, unit(ts.unit()))).named(name);
            }
            case TypeSpec.Struct s -> {
                Types.GroupBuilder<org.apache.parquet.schema.GroupType> group = Types.buildGroup(rep);
                for (TypeSpec.Field field : s.fields()) {
                    group.addField(type(field.name(), field.type()));
                }
                yield group.named(name);
            }
            case TypeSpec.ListOf l -> Types.buildGroup(rep).as(LogicalTypeAnnotation.listType())
                    .addField(Types.repeatedGroup().addField(type("element", l.element())).named("list"))
                    .named(name);
            case TypeSpec.MapOf m -> Types.buildGroup(rep).as(LogicalTypeAnnotation.mapType())
                    .addField(Types.repeatedGroup().addField(type("key", m.key())).addField(type("value", m.value()))
                            .named("key_value"))
                    .named(name);
            default -> throw new IllegalArgumentException("no Parquet type for " + spec.typeName());
        };
    }

    private static LogicalTypeAnnotation.TimeUnit unit(TimeUnit unit) {
        return switch (unit) {
            case MILLISECONDS -> LogicalTypeAnnotation.TimeUnit.MILLIS;
            case MICROSECONDS -> LogicalTypeAnnotation.TimeUnit.MICROS;
            case NANOSECONDS -> LogicalTypeAnnotation.TimeUnit.NANOS;
            default -> throw new IllegalArgumentException("no Parquet unit " + unit);
        };
    }

    /** The fewest bytes holding every unscaled value of a precision. */
    static int decimalBytes(int precision) {
        return VortexToParquet.decimalBytes(precision);
    }

    /**
     * Writes a generated table.
     *
     * @param table the table
     * @param file the Parquet file
     * @param codec the page codec
     * @param rowGroupRows rows per row group
     * @param dictionary whether to dictionary-encode
     */
    static void write(GeneratedTable table, Path file, CompressionCodecName codec, int rowGroupRows, boolean dictionary) {
        write(table, file, codec, rowGroupRows, dictionary, Pages.DEFAULT);
    }

    /**
     * How parquet-java lays out pages.
     *
     * @param version the writer version (1.0: data pages v1; 2.0: data pages v2, RLE booleans)
     * @param rowsPerPage the most rows per page, or 0 for a third of a row group
     * @param dictionaryBytes the largest dictionary page: past it the writer falls back to PLAIN
     * @param byteStreamSplit whether numbers without a dictionary are written BYTE_STREAM_SPLIT
     */
    record Pages(org.apache.parquet.column.ParquetProperties.WriterVersion version, int rowsPerPage,
                 int dictionaryBytes, boolean byteStreamSplit) {
        static final Pages DEFAULT = new Pages(org.apache.parquet.column.ParquetProperties.WriterVersion.PARQUET_1_0,
                0, org.apache.parquet.column.ParquetProperties.DEFAULT_DICTIONARY_PAGE_SIZE, false);
    }

    /** Writes a generated table with the given page layout. */
    static void write(GeneratedTable table, Path file, CompressionCodecName codec, int rowGroupRows, boolean dictionary,
            Pages pages) {
        MessageType schema = schema(table.spec());
        List<TypeSpec.Field> columns = table.spec().columns();
        write(schema, file, codec, rowGroupRows, dictionary, pages, table.rowCount(), (rc, row) -> {
            List<Object> values = table.row(row);
            for (int i = 0; i < columns.size(); i++) {
                Object value = values.get(i);
                if (value != null) {
                    rc.startField(columns.get(i).name(), i);
                    value(rc, columns.get(i).type(), value);
                    rc.endField(columns.get(i).name(), i);
                }
            }
        });
    }

    /**
     * Writes records through a consumer.
     *
     * @param schema the schema
     * @param file the Parquet file
     * @param codec the page codec
     * @param rowGroupRows rows per row group
     * @param dictionary whether to dictionary-encode
     * @param rows how many records
     * @param record writes the fields of record {@code i} (between startMessage and endMessage)
     */
    static void write(MessageType schema, Path file, CompressionCodecName codec, int rowGroupRows, boolean dictionary,
            int rows, BiConsumer<RecordConsumer, Integer> record) {
        write(schema, file, codec, rowGroupRows, dictionary, Pages.DEFAULT, rows, record);
    }

    private static void write(MessageType schema, Path file, CompressionCodecName codec, int rowGroupRows,
            boolean dictionary, Pages pages, int rows, BiConsumer<RecordConsumer, Integer> record) {
        try (ParquetWriter<Integer> writer = new Builder(new LocalOutputFile(file), schema, record)
                .withConf(new PlainParquetConfiguration())
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withCodecFactory(new Compressors())
                .withCompressionCodec(codec)
                .withRowGroupRowCountLimit(rowGroupRows)
                .withPageRowCountLimit(pages.rowsPerPage() > 0 ? pages.rowsPerPage() : Math.max(1, rowGroupRows / 3))
                .withDictionaryEncoding(dictionary)
                .withDictionaryPageSize(pages.dictionaryBytes())
                .withWriterVersion(pages.version())
                .withByteStreamSplitEncoding(pages.byteStreamSplit())
                .build()) {
            for (int i = 0; i < rows; i++) {
                writer.write(i);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void value(RecordConsumer rc, TypeSpec type, Object value) {
        switch (type) {
            case TypeSpec.Null n -> throw new IllegalArgumentException("the null type has no values");
            case TypeSpec.Bool b -> rc.addBoolean((Boolean) value);
            case TypeSpec.Primitive p -> {
                switch (p.kind()) {
                    case I8, I16, I32, U8, U16, U32 -> rc.addInteger((int) (long) (Long) value);
                    case I64, U64 -> rc.addLong((Long) value);
                    case F16 -> {
                        short bits = (Short) value;
                        rc.addBinary(Binary.fromConstantByteArray(new byte[] {(byte) bits, (byte) (bits >> 8)}));
                    }
                    case F32 -> rc.addFloat((Float) value);
                    case F64 -> rc.addDouble((Double) value);
                }
            }
            case TypeSpec.Decimal d -> {
                BigInteger unscaled = (BigInteger) value;
                if (d.precision() <= 9) {
                    rc.addInteger(unscaled.intValueExact());
                } else if (d.precision() <= 18) {
                    rc.addLong(unscaled.longValueExact());
                } else {
                    rc.addBinary(Binary.fromConstantByteArray(bigEndian(unscaled, decimalBytes(d.precision()))));
                }
            }
            case TypeSpec.Utf8 u -> rc.addBinary(Binary.fromString((String) value));
            case TypeSpec.Binary b -> rc.addBinary(Binary.fromConstantByteArray((byte[]) value));
            case TypeSpec.Date d -> rc.addInteger((int) (long) (Long) value);
            case TypeSpec.Time t -> {
                if (t.unit() == TimeUnit.MILLISECONDS) {
                    rc.addInteger((int) (long) (Long) value);
                } else {
                    rc.addLong((Long) value);
                }
            }
            case TypeSpec.Timestamp ts -> rc.addLong((Long) value);
            case TypeSpec.Struct s -> {
                List<?> fields = (List<?>) value;
                rc.startGroup();
                for (int i = 0; i < s.fields().size(); i++) {
                    if (fields.get(i) != null) {
                        String name = s.fields().get(i).name();
                        rc.startField(name, i);
                        value(rc, s.fields().get(i).type(), fields.get(i));
                        rc.endField(name, i);
                    }
                }
                rc.endGroup();
            }
            case TypeSpec.ListOf l -> {
                List<?> elements = (List<?>) value;
                rc.startGroup();
                if (!elements.isEmpty()) {
                    rc.startField("list", 0);
                    for (Object element : elements) {
                        rc.startGroup();
                        if (element != null) {
                            rc.startField("element", 0);
                            value(rc, l.element(), element);
                            rc.endField("element", 0);
                        }
                        rc.endGroup();
                    }
                    rc.endField("list", 0);
                }
                rc.endGroup();
            }
            case TypeSpec.MapOf m -> {
                List<?> entries = (List<?>) value;
                rc.startGroup();
                if (!entries.isEmpty()) {
                    rc.startField("key_value", 0);
                    for (Object entry : entries) {
                        List<?> pair = (List<?>) entry;
                        rc.startGroup();
                        rc.startField("key", 0);
                        value(rc, m.key(), pair.get(0));
                        rc.endField("key", 0);
                        if (pair.get(1) != null) {
                            rc.startField("value", 1);
                            value(rc, m.value(), pair.get(1));
                            rc.endField("value", 1);
                        }
                        rc.endGroup();
                    }
                    rc.endField("key_value", 0);
                }
                rc.endGroup();
            }
            default -> throw new IllegalArgumentException("no Parquet value for " + type.typeName());
        }
    }

    /** Big-endian two's complement in exactly {@code width} bytes. */
    static byte[] bigEndian(BigInteger value, int width) {
        byte[] minimal = value.toByteArray();
        if (minimal.length > width) {
            throw new IllegalArgumentException(value + " needs more than " + width + " bytes");
        }
        byte[] out = new byte[width];
        Arrays.fill(out, 0, width - minimal.length, (byte) (value.signum() < 0 ? -1 : 0));
        System.arraycopy(minimal, 0, out, width - minimal.length, minimal.length);
        return out;
    }

    @SuppressWarnings("deprecation") // parquet-java still requires the Hadoop-typed overloads
    private static final class Builder extends ParquetWriter.Builder<Integer, Builder> {
        private final MessageType schema;
        private final BiConsumer<RecordConsumer, Integer> record;

        Builder(LocalOutputFile file, MessageType schema, BiConsumer<RecordConsumer, Integer> record) {
            super(file);
            this.schema = schema;
            this.record = record;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Integer> getWriteSupport(Configuration conf) {
            return getWriteSupport((ParquetConfiguration) null);
        }

        @Override
        protected WriteSupport<Integer> getWriteSupport(ParquetConfiguration conf) {
            return new WriteSupport<>() {
                private RecordConsumer consumer;

                @Override
                public WriteContext init(Configuration configuration) {
                    return new WriteContext(schema, new HashMap<>());
                }

                @Override
                public WriteContext init(ParquetConfiguration configuration) {
                    return new WriteContext(schema, new HashMap<>());
                }

                @Override
                public void prepareForWrite(RecordConsumer recordConsumer) {
                    consumer = recordConsumer;
                }

                @Override
                public void write(Integer row) {
                    consumer.startMessage();
                    record.accept(consumer, row);
                    consumer.endMessage();
                }
            };
        }
    }

    /** Page compressors independent of {@link ParquetCodecs}. */
    @SuppressWarnings("deprecation") // BytesInput.toByteArray, the simple way to get the page bytes
    private static final class Compressors implements CompressionCodecFactory {
        @Override
        public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
            return new BytesInputCompressor() {
                @Override
                public BytesInput compress(BytesInput bytes) throws IOException {
                    byte[] input = bytes.toByteArray();
                    return BytesInput.from(switch (codecName) {
                        case UNCOMPRESSED -> input;
                        case GZIP -> {
                            ByteArrayOutputStream out = new ByteArrayOutputStream();
                            try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
                                gzip.write(input);
                            }
                            yield out.toByteArray();
                        }
                        case SNAPPY -> airlift(new SnappyCompressor(), input);
                        case ZSTD -> airlift(new ZstdCompressor(), input);
                        default -> throw new IllegalArgumentException(codecName.toString());
                    });
                }

                @Override
                public CompressionCodecName getCodecName() {
                    return codecName;
                }

                @Override
                public void release() {
                }
            };
        }

        private static byte[] airlift(Compressor compressor, byte[] input) {
            byte[] out = new byte[compressor.maxCompressedLength(input.length)];
            int n = compressor.compress(input, 0, input.length, out, 0, out.length);
            return Arrays.copyOf(out, n);
        }

        @Override
        public BytesInputDecompressor getDecompressor(CompressionCodecName codecName) {
            return new ParquetCodecs().getDecompressor(codecName);
        }

        @Override
        public void release() {
        }
    }
}
