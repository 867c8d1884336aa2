package io.jvortex.parquet;

import io.jvortex.api.Chunk;
import io.jvortex.api.Column;
import io.jvortex.api.DecimalColumn;
import io.jvortex.api.ListColumn;
import io.jvortex.api.LongColumn;
import io.jvortex.api.MapColumn;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.StructColumn;
import io.jvortex.api.VortexReader;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.arrow.ArrowSchemas;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.error.VortexException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntUnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * Converts Vortex files to Parquet with parquet-java's writer and our pure-Java page codecs
 * ({@link ParquetCodecs}), one scan chunk at a time: memory holds one chunk and the row group being
 * encoded, never the whole file.
 *
 * <pre>{@code
 * long rows = VortexToParquet.convert(Path.of("in.vortex"), Path.of("out.parquet"), ParquetWriteOptions.defaults());
 * }</pre>
 *
 * <p>Types map as pyarrow writes the Arrow types the reference reads from Vortex: integers of every
 * width and signedness (INT32/INT64 with their INT annotation), f16 (FLOAT16), f32, f64, bool; utf8 →
 * STRING, binary → BYTE_ARRAY; decimals → DECIMAL over INT32 (precision ≤ 9), INT64 (≤ 18) or the
 * narrowest FIXED_LEN_BYTE_ARRAY; {@code vortex.date} → DATE (millisecond dates floored to days);
 * {@code vortex.time} → TIME (seconds as milliseconds); {@code vortex.timestamp} → TIMESTAMP, adjusted to
 * UTC when it has a time zone (seconds as milliseconds); {@code vortex.uuid} → UUID; {@code vortex.json}
 * → JSON; other extensions → their storage; null → UNKNOWN; structs → groups; lists and fixed-size lists
 * → three-level LIST; maps → MAP; non-nullable → required. Variants, unions and structs without fields
 * have no Parquet form and are refused with the column's name.
 *
 * <p>The footer carries the Arrow schema the reference reader gives for the Vortex file
 * ({@code ARROW:schema}, as pyarrow writes it), so pyarrow reads back the same Arrow types: string and
 * binary views, time zones, seconds, date64, fixed-size lists, {@code arrow.uuid}, {@code arrow.json}.
 */
public final class VortexToParquet {
    /** The id of JSON text extension the reference uses for {@code arrow.json}. */
    static final String JSON = "vortex.json";
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private VortexToParquet() {
    }

    /**
     * The Parquet schema a Vortex schema converts to.
     *
     * @param dtype the Vortex file's dtype (a struct; anything else becomes one column named {@code value})
     * @return the Parquet schema
     * @throws VortexException when a column has no Parquet form
     */
    public static MessageType schema(DType dtype) {
        List<Type> fields = new ArrayList<>();
        if (dtype instanceof DType.Struct s) {
            for (int i = 0; i < s.names().size(); i++) {
                fields.add(type(s.names().get(i), s.fields().get(i), s.names().get(i)));
            }
        } else {
            fields.add(type("value", dtype, "value"));
        }
        if (fields.isEmpty()) {
            throw new VortexException("a Vortex file without columns has no Parquet form");
        }
        return new MessageType("schema", fields);
    }

    /**
     * Converts a Vortex file. The destination appears only when the conversion succeeded: the file is
     * written beside it and moved into place.
     *
     * @param vortex the Vortex file
     * @param parquet the Parquet file to write (replaced if present)
     * @param options how to write it
     * @return the number of rows written
     * @throws VortexException when the Vortex file is malformed or holds a type without Parquet form
     * @throws UncheckedIOException when reading or writing fails
     */
    public static long convert(Path vortex, Path parquet, ParquetWriteOptions options) {
        return convert(vortex, parquet, options, (rows, totalRows) -> { });
    }

    /** Hears how far an export got, after each chunk of rows. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param rows the rows written so far
         * @param totalRows the rows of the Vortex file
         */
        void progress(long rows, long totalRows);
    }

    /**
     * {@link #convert(Path, Path, ParquetWriteOptions)}, telling a listener how far it got.
     *
     * @param vortex the Vortex file
     * @param parquet the Parquet file to write (replaced if present)
     * @param options how to write it
     * @param listener hears the progress
     * @return the number of rows written
     */
    public static long convert(Path vortex, Path parquet, ParquetWriteOptions options, Listener listener) {
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(vortex, "vortex");
        Objects.requireNonNull(parquet, "parquet");
        Objects.requireNonNull(options, "options");
        Path target = parquet.toAbsolutePath();
        // a name of its own per write, created by the writer as a new file: the result gets the
        // permissions any new file gets (a createTempFile file would stay owner-only)
        Path partial = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + Long.toHexString(new java.util.SplittableRandom().nextLong()) + ".partial");
        boolean done = false;
        try (VortexReader reader = VortexReader.open(vortex)) {
            long rows = write(reader, new LocalOutputFile(partial), options, listener);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            done = true;
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + parquet, e);
        } finally {
            if (!done) {
                try {
                    Files.deleteIfExists(partial);
                } catch (IOException ignored) {
                    // the original failure is the one worth reporting
                }
            }
        }
    }

    private static long write(VortexReader reader, OutputFile out, ParquetWriteOptions options, Listener listener)
            throws IOException {
        DType dtype = reader.schema();
        MessageType schema = schema(dtype);
        DType.Struct table = dtype instanceof DType.Struct s ? s
                : new DType.Struct(List.of("value"), List.of(dtype), false);
        // the Arrow types the reference reads from the Vortex file, so that pyarrow reads the same back
        Records records = new Records(schema,
                Map.of(ArrowFields.KEY, ArrowSchemas.toParquetMetadata(ArrowSchemas.fromDType(table))));
        long rows = 0;
        try (ParquetWriter<Integer> writer = new Builder(out, records)
                .withConf(new PlainParquetConfiguration())
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withCodecFactory(new ParquetCodecs())
                .withCompressionCodec(options.codec())
                .withRowGroupSize(options.rowGroupBytes())
                .withRowGroupRowCountLimit(options.rowGroupRows())
                .build();
                ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    records.fields = fields(dtype, chunk);
                    for (int i = 0; i < chunk.rowCount(); i++) {
                        writer.write(i);
                    }
                    rows += chunk.rowCount();
                    records.fields = null;
                    listener.progress(rows, reader.rowCount());
                }
            }
        }
        return rows;
    }

    // ---------------------------------------------------------------------------------------------
    // schema

    private static Type type(String name, DType dtype, String path) {
        Repetition repetition = dtype.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
        return switch (dtype) {
            case DType.Null n -> Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.unknownType())
                    .named(name);
            case DType.Bool b -> Types.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(name);
            case DType.Primitive p -> switch (p.ptype()) {
                case I8, I16, I32, U8, U16, U32 -> Types.primitive(PrimitiveTypeName.INT32, repetition)
                        .as(LogicalTypeAnnotation.intType(p.ptype().byteWidth() * 8, p.ptype().isSigned()))
                        .named(name);
                case I64 -> Types.primitive(PrimitiveTypeName.INT64, repetition).named(name);
                case U64 -> Types.primitive(PrimitiveTypeName.INT64, repetition)
                        .as(LogicalTypeAnnotation.intType(64, false)).named(name);
                case F16 -> Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition).length(2)
                        .as(LogicalTypeAnnotation.float16Type()).named(name);
                case F32 -> Types.primitive(PrimitiveTypeName.FLOAT, repetition).named(name);
                case F64 -> Types.primitive(PrimitiveTypeName.DOUBLE, repetition).named(name);
            };
            case DType.Decimal d -> {
                LogicalTypeAnnotation decimal = LogicalTypeAnnotation.decimalType(d.scale(), d.precision());
                if (d.precision() <= 9) {
                    yield Types.primitive(PrimitiveTypeName.INT32, repetition).as(decimal).named(name);
                }
                if (d.precision() <= 18) {
                    yield Types.primitive(PrimitiveTypeName.INT64, repetition).as(decimal).named(name);
                }
                yield Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
                        .length(decimalBytes(d.precision())).as(decimal).named(name);
            }
            case DType.Utf8 u -> Types.primitive(PrimitiveTypeName.BINARY, repetition)
                    .as(LogicalTypeAnnotation.stringType()).named(name);
            case DType.Binary b -> Types.primitive(PrimitiveTypeName.BINARY, repetition).named(name);
            case DType.Struct s -> {
                if (s.names().isEmpty()) {
                    throw new VortexException("column " + path + ": a struct without fields has no Parquet form");
                }
                Types.GroupBuilder<org.apache.parquet.schema.GroupType> group = Types.buildGroup(repetition);
                for (int i = 0; i < s.names().size(); i++) {
                    group.addField(type(s.names().get(i), s.fields().get(i), path + "." + s.names().get(i)));
                }
                yield group.named(name);
            }
            case DType.List l -> list(name, repetition, l.element(), path);
            case DType.FixedSizeList l -> list(name, repetition, l.element(), path);
            case DType.Map m -> Types.buildGroup(repetition).as(LogicalTypeAnnotation.mapType())
                    .addField(Types.repeatedGroup()
                            .addField(type("key", withNullable(m.key(), false), path + ".key"))
                            .addField(type("value", m.value(), path + ".value"))
                            .named("key_value"))
                    .named(name);
            case DType.Extension e -> extension(name, repetition, e, path);
            case DType.Variant v -> throw new VortexException("column " + path + ": variants have no Parquet form");
            case DType.Union u -> throw new VortexException("column " + path + ": unions have no Parquet form");
        };
    }

    private static Type list(String name, Repetition repetition, DType element, String path) {
        return Types.buildGroup(repetition).as(LogicalTypeAnnotation.listType())
                .addField(Types.repeatedGroup().addField(type("element", element, path + ".element")).named("list"))
                .named(name);
    }

    private static Type extension(String name, Repetition repetition, DType.Extension e, String path) {
        Extensions.Kind kind = Extensions.kind(e).orElse(null);
        return switch (kind) {
            case Extensions.DateKind d -> Types.primitive(PrimitiveTypeName.INT32, repetition)
                    .as(LogicalTypeAnnotation.dateType()).named(name);
            case Extensions.TimeKind t -> {
                LogicalTypeAnnotation.TimeUnit unit = parquetUnit(t.unit());
                yield Types.primitive(unit == LogicalTypeAnnotation.TimeUnit.MILLIS ? PrimitiveTypeName.INT32
                        : PrimitiveTypeName.INT64, repetition).as(LogicalTypeAnnotation.timeType(false, unit)).named(name);
            }
            case Extensions.TimestampKind t -> Types.primitive(PrimitiveTypeName.INT64, repetition)
                    .as(LogicalTypeAnnotation.timestampType(t.timeZone().isPresent(), parquetUnit(t.unit())))
                    .named(name);
            case Extensions.UuidKind u -> Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition).length(16)
                    .as(LogicalTypeAnnotation.uuidType()).named(name);
            case null -> {
                if (e.id().equals(JSON) && e.storage() instanceof DType.Utf8) {
                    yield Types.primitive(PrimitiveTypeName.BINARY, repetition)
                            .as(LogicalTypeAnnotation.jsonType()).named(name);
                }
                yield type(name, e.storage(), path);
            }
        };
    }

    /** Parquet's unit for a Vortex time unit; seconds become milliseconds (Parquet has no seconds). */
    private static LogicalTypeAnnotation.TimeUnit parquetUnit(io.jvortex.dtype.TimeUnit unit) {
        return switch (unit) {
            case NANOSECONDS -> LogicalTypeAnnotation.TimeUnit.NANOS;
            case MICROSECONDS -> LogicalTypeAnnotation.TimeUnit.MICROS;
            default -> LogicalTypeAnnotation.TimeUnit.MILLIS;
        };
    }

    private static DType withNullable(DType dtype, boolean nullable) {
        return switch (dtype) {
            case DType.Bool b -> new DType.Bool(nullable);
            case DType.Primitive p -> new DType.Primitive(p.ptype(), nullable);
            case DType.Decimal d -> new DType.Decimal(d.precision(), d.scale(), nullable);
            case DType.Utf8 u -> new DType.Utf8(nullable);
            case DType.Binary b -> new DType.Binary(nullable);
            default -> dtype; // a map key of another kind keeps its declared repetition
        };
    }

    /** Bytes of the narrowest two's complement holding every unscaled value of a precision. */
    static int decimalBytes(int precision) {
        BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
        return max.bitLength() / 8 + 1;
    }

    // ---------------------------------------------------------------------------------------------
    // values

    /** One column of a chunk as Parquet values. */
    private interface Values {
        /** @return whether the row is null (nothing is written for it) */
        boolean isNull(int row);

        /** Writes the non-null value of a row (its field is started by the caller). */
        void write(RecordConsumer rc, int row);
    }

    private record Field(String name, Values values) {
    }

    private static List<Field> fields(DType dtype, Chunk chunk) {
        Column root = Column.of("value", chunk.rawArray());
        List<Field> fields = new ArrayList<>();
        if (dtype instanceof DType.Struct s) {
            StructColumn struct = root.asStructs();
            for (int i = 0; i < s.names().size(); i++) {
                fields.add(new Field(s.names().get(i), values(struct.field(i), s.names().get(i))));
            }
        } else {
            fields.add(new Field("value", values(root, "value")));
        }
        return fields;
    }

    private static Values values(Column column, String path) {
        return switch (column.dtype()) {
            case DType.Null n -> new Values() {
                @Override
                public boolean isNull(int row) {
                    return true;
                }

                @Override
                public void write(RecordConsumer rc, int row) {
                    throw new IllegalStateException("the null type has no values");
                }
            };
            case DType.Bool b -> {
                var bools = column.asBooleans();
                yield of(column, (rc, row) -> rc.addBoolean(bools.get(row)));
            }
            case DType.Primitive p -> {
                PrimitiveArray array = (PrimitiveArray) column.rawArray();
                yield switch (p.ptype()) {
                    case I8, I16, I32, U8, U16, U32 -> of(column, (rc, row) -> rc.addInteger((int) array.getLong(row)));
                    case I64, U64 -> of(column, (rc, row) -> rc.addLong(array.getLong(row)));
                    case F16 -> of(column, (rc, row) -> {
                        long bits = array.getLong(row);
                        rc.addBinary(Binary.fromConstantByteArray(new byte[] {(byte) bits, (byte) (bits >> 8)}));
                    });
                    case F32 -> of(column, (rc, row) -> rc.addFloat(Float.intBitsToFloat((int) array.getLong(row))));
                    case F64 -> of(column, (rc, row) -> rc.addDouble(Double.longBitsToDouble(array.getLong(row))));
                };
            }
            case DType.Decimal d -> {
                DecimalColumn decimals = column.asDecimals();
                if (d.precision() <= 9) {
                    yield of(column, (rc, row) -> rc.addInteger((int) decimals.getUnscaledLong(row)));
                }
                if (d.precision() <= 18) {
                    yield of(column, (rc, row) -> rc.addLong(decimals.getUnscaledLong(row)));
                }
                int width = decimalBytes(d.precision());
                yield of(column, (rc, row) -> rc.addBinary(Binary.fromConstantByteArray(
                        bigEndian(decimals.getUnscaled(row), width, path))));
            }
            case DType.Utf8 u -> binaries(column);
            case DType.Binary b -> binaries(column);
            case DType.Struct s -> {
                StructColumn struct = column.asStructs();
                List<Field> fields = new ArrayList<>();
                for (int i = 0; i < s.names().size(); i++) {
                    fields.add(new Field(s.names().get(i), values(struct.field(i), path + "." + s.names().get(i))));
                }
                yield of(column, (rc, row) -> {
                    rc.startGroup();
                    writeFields(rc, fields, row);
                    rc.endGroup();
                });
            }
            case DType.List l -> list(column, path);
            case DType.FixedSizeList l -> list(column, path);
            case DType.Map m -> {
                MapColumn map = column.asMaps();
                Values keys = values(map.keys(), path + ".key");
                Values requiredKeys = new Values() {
                    @Override
                    public boolean isNull(int row) {
                        if (keys.isNull(row)) {
                            throw new VortexException("column " + path + ": a null map key has no Parquet form");
                        }
                        return false;
                    }

                    @Override
                    public void write(RecordConsumer rc, int row) {
                        keys.write(rc, row);
                    }
                };
                yield repeated(column, "key_value", List.of(new Field("key", requiredKeys),
                        new Field("value", values(map.values(), path + ".value"))), map::start, map::size);
            }
            case DType.Extension e -> extensionValues(column, e, path);
            case DType.Variant v -> throw new VortexException("column " + path + ": variants have no Parquet form");
            case DType.Union u -> throw new VortexException("column " + path + ": unions have no Parquet form");
        };
    }

    private static Values extensionValues(Column column, DType.Extension e, String path) {
        Extensions.Kind kind = Extensions.kind(e).orElse(null);
        if (kind instanceof Extensions.UuidKind) {
            ListColumn lists = Column.of(column.name(), ((ExtensionArray) column.rawArray()).storage()).asLists();
            LongColumn bytes = lists.elements().asLongs();
            return of(column, (rc, row) -> {
                byte[] uuid = new byte[16];
                int start = lists.start(row);
                for (int k = 0; k < 16; k++) {
                    uuid[k] = (byte) bytes.get(start + k);
                }
                rc.addBinary(Binary.fromConstantByteArray(uuid));
            });
        }
        if (kind == null) {
            return values(Column.of(column.name(), ((ExtensionArray) column.rawArray()).storage()), path);
        }
        LongColumn longs = column.asLongs();
        return switch (kind) {
            case Extensions.DateKind d when d.unit() == io.jvortex.dtype.TimeUnit.MILLISECONDS -> of(column,
                    (rc, row) -> rc.addInteger(Math.toIntExact(Math.floorDiv(longs.get(row), MILLIS_PER_DAY))));
            case Extensions.TimeKind t when t.unit() == io.jvortex.dtype.TimeUnit.SECONDS -> of(column,
                    (rc, row) -> rc.addInteger(Math.toIntExact(longs.get(row) * 1000)));
            case Extensions.TimeKind t when t.unit() == io.jvortex.dtype.TimeUnit.MILLISECONDS -> of(column,
                    (rc, row) -> rc.addInteger((int) longs.get(row)));
            case Extensions.TimestampKind t when t.unit() == io.jvortex.dtype.TimeUnit.SECONDS -> of(column,
                    (rc, row) -> rc.addLong(Math.multiplyExact(longs.get(row), 1000L)));
            case Extensions.DateKind d -> of(column, (rc, row) -> rc.addInteger((int) longs.get(row)));
            default -> of(column, (rc, row) -> rc.addLong(longs.get(row)));
        };
    }

    private static Values list(Column column, String path) {
        ListColumn lists = column.asLists();
        return repeated(column, "list", List.of(new Field("element", values(lists.elements(), path + ".element"))),
                lists::start, lists::size);
    }

    /** A LIST or MAP group: its repeated group holds one entry (element, or key and value) per item. */
    private static Values repeated(Column column, String group, List<Field> entry, IntUnaryOperator starts,
            IntUnaryOperator sizes) {
        return of(column, (rc, row) -> {
            rc.startGroup();
            int size = sizes.applyAsInt(row);
            if (size > 0) {
                rc.startField(group, 0);
                int start = starts.applyAsInt(row);
                for (int k = start; k < start + size; k++) {
                    rc.startGroup();
                    writeFields(rc, entry, k);
                    rc.endGroup();
                }
                rc.endField(group, 0);
            }
            rc.endGroup();
        });
    }

    private static Values binaries(Column column) {
        var bytes = column.asBinaries();
        // a copy: dictionary pages keep the values past this chunk's life
        return of(column, (rc, row) -> rc.addBinary(Binary.fromConstantByteArray(bytes.getBytes(row))));
    }

    private interface Writer {
        void write(RecordConsumer rc, int row);
    }

    private static Values of(Column column, Writer writer) {
        boolean nullable = column.dtype().nullable() && column.nullCount() > 0;
        return new Values() {
            @Override
            public boolean isNull(int row) {
                return nullable && column.isNull(row);
            }

            @Override
            public void write(RecordConsumer rc, int row) {
                writer.write(rc, row);
            }
        };
    }

    private static void writeFields(RecordConsumer rc, List<Field> fields, int row) {
        for (int i = 0; i < fields.size(); i++) {
            Field field = fields.get(i);
            if (!field.values().isNull(row)) {
                rc.startField(field.name(), i);
                field.values().write(rc, row);
                rc.endField(field.name(), i);
            }
        }
    }

    /** Big-endian two's complement in exactly {@code width} bytes. */
    private static byte[] bigEndian(BigInteger value, int width, String path) {
        byte[] minimal = value.toByteArray();
        if (minimal.length > width) {
            throw new VortexException("column " + path + ": decimal " + value + " exceeds its precision");
        }
        byte[] out = new byte[width];
        byte sign = (byte) (value.signum() < 0 ? -1 : 0);
        for (int i = 0; i < width - minimal.length; i++) {
            out[i] = sign;
        }
        System.arraycopy(minimal, 0, out, width - minimal.length, minimal.length);
        return out;
    }

    // ---------------------------------------------------------------------------------------------
    // parquet-java plumbing

    /** Writes row {@code i} of the current chunk's fields. */
    private static final class Records extends WriteSupport<Integer> {
        private final MessageType schema;
        private final Map<String, String> metadata;
        private RecordConsumer consumer;
        List<Field> fields;

        Records(MessageType schema, Map<String, String> metadata) {
            this.schema = schema;
            this.metadata = metadata;
        }

        @Override
        @SuppressWarnings("deprecation") // the Hadoop-typed overload parquet-java still declares abstract
        public WriteContext init(Configuration configuration) {
            return new WriteContext(schema, new HashMap<>(metadata));
        }

        @Override
        public WriteContext init(ParquetConfiguration configuration) {
            return new WriteContext(schema, new HashMap<>(metadata));
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            consumer = recordConsumer;
        }

        @Override
        public void write(Integer row) {
            consumer.startMessage();
            writeFields(consumer, fields, row);
            consumer.endMessage();
        }
    }

    private static final class Builder extends ParquetWriter.Builder<Integer, Builder> {
        private final Records records;

        Builder(OutputFile file, Records records) {
            super(file);
            this.records = records;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        @SuppressWarnings("deprecation") // the Hadoop-typed overload parquet-java still declares abstract
        protected WriteSupport<Integer> getWriteSupport(Configuration conf) {
            return records;
        }

        @Override
        protected WriteSupport<Integer> getWriteSupport(ParquetConfiguration conf) {
            return records;
        }
    }
}
