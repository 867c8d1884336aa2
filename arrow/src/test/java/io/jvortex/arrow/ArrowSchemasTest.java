package io.jvortex.arrow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.arrow.ArrowType.TimeUnit;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.testing.oracle.RustOracle;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Arrow schema codec against pyarrow's own serializer and reader, and the Arrow ↔ Vortex type mapping. */
class ArrowSchemasTest {

    /** Every Arrow type the codec knows, as pyarrow builds it. */
    static final String PYARROW_SCHEMA = """
            pa.schema([
              pa.field('n', pa.null()),
              pa.field('b', pa.bool_(), nullable=False),
              pa.field('i8', pa.int8()), pa.field('u64', pa.uint64(), nullable=False),
              pa.field('f16', pa.float16()), pa.field('f64', pa.float64()),
              pa.field('d', pa.decimal128(10, 2)), pa.field('D', pa.decimal256(50, -3)),
              pa.field('s', pa.string()), pa.field('ls', pa.large_string()), pa.field('sv', pa.string_view()),
              pa.field('bin', pa.binary()), pa.field('lb', pa.large_binary()), pa.field('bv', pa.binary_view()),
              pa.field('fsb', pa.binary(7)),
              pa.field('d32', pa.date32()), pa.field('d64', pa.date64()),
              pa.field('t32', pa.time32('s')), pa.field('t64', pa.time64('ns')),
              pa.field('ts', pa.timestamp('ms', tz='America/New_York')), pa.field('tso', pa.timestamp('us', tz='+05:30')),
              pa.field('tsn', pa.timestamp('ns')),
              pa.field('dur', pa.duration('us')), pa.field('iv', pa.month_day_nano_interval()),
              pa.field('l', pa.list_(pa.field('item', pa.int32(), nullable=False))),
              pa.field('ll', pa.large_list(pa.string())),
              pa.field('lv', pa.list_view(pa.int16())), pa.field('llv', pa.large_list_view(pa.int16())),
              pa.field('fsl', pa.list_(pa.float32(), 3), nullable=False),
              pa.field('st', pa.struct([pa.field('x', pa.int64()), pa.field('y', pa.string(), nullable=False)])),
              pa.field('m', pa.map_(pa.string(), pa.int32(), keys_sorted=True)),
              pa.field('dict', pa.dictionary(pa.int16(), pa.string(), ordered=True)),
              pa.field('ree', pa.run_end_encoded(pa.int32(), pa.float64())),
              pa.field('u', pa.dense_union([pa.field('a', pa.int32()), pa.field('b', pa.string())], [3, 7])),
              pa.field('uuid', pa.uuid()),
              pa.field('json', pa.json_()),
              pa.field('meta', pa.int32(), metadata={'k': 'v', 'empty': ''}),
            ], metadata={'origin': 'test', 'ü': 'ñ'})
            """.replace('\n', ' ');

    static ArrowField f(String name, ArrowType type, ArrowField... children) {
        return ArrowField.of(name, true, type, children);
    }

    static Map<String, String> ext(String name) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(ArrowField.EXTENSION_NAME, name);
        m.put(ArrowField.EXTENSION_METADATA, "");
        return m;
    }

    /** What {@link #PYARROW_SCHEMA} is in our model. */
    static ArrowSchema expected() {
        Map<String, String> kv = new LinkedHashMap<>();
        kv.put("k", "v");
        kv.put("empty", "");
        Map<String, String> schemaMeta = new LinkedHashMap<>();
        schemaMeta.put("origin", "test");
        schemaMeta.put("ü", "ñ");
        return new ArrowSchema(List.of(
                f("n", new ArrowType.Null()),
                ArrowField.of("b", false, new ArrowType.Bool()),
                f("i8", new ArrowType.Int(8, true)),
                ArrowField.of("u64", false, new ArrowType.Int(64, false)),
                f("f16", new ArrowType.FloatingPoint(ArrowType.Precision.HALF)),
                f("f64", new ArrowType.FloatingPoint(ArrowType.Precision.DOUBLE)),
                f("d", new ArrowType.Decimal(10, 2, 128)),
                f("D", new ArrowType.Decimal(50, -3, 256)),
                f("s", new ArrowType.Utf8()), f("ls", new ArrowType.LargeUtf8()), f("sv", new ArrowType.Utf8View()),
                f("bin", new ArrowType.Binary()), f("lb", new ArrowType.LargeBinary()),
                f("bv", new ArrowType.BinaryView()),
                f("fsb", new ArrowType.FixedSizeBinary(7)),
                f("d32", new ArrowType.Date(ArrowType.DateUnit.DAY)),
                f("d64", new ArrowType.Date(ArrowType.DateUnit.MILLISECOND)),
                f("t32", new ArrowType.Time(TimeUnit.SECOND, 32)),
                f("t64", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
                f("ts", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "America/New_York")),
                f("tso", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+05:30")),
                f("tsn", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
                f("dur", new ArrowType.Duration(TimeUnit.MICROSECOND)),
                f("iv", new ArrowType.Interval(ArrowType.IntervalUnit.MONTH_DAY_NANO)),
                f("l", new ArrowType.List(), ArrowField.of("item", false, new ArrowType.Int(32, true))),
                f("ll", new ArrowType.LargeList(), f("item", new ArrowType.Utf8())),
                f("lv", new ArrowType.ListView(), f("item", new ArrowType.Int(16, true))),
                f("llv", new ArrowType.LargeListView(), f("item", new ArrowType.Int(16, true))),
                ArrowField.of("fsl", false, new ArrowType.FixedSizeList(3),
                        f("item", new ArrowType.FloatingPoint(ArrowType.Precision.SINGLE))),
                f("st", new ArrowType.Struct(), f("x", new ArrowType.Int(64, true)),
                        ArrowField.of("y", false, new ArrowType.Utf8())),
                f("m", new ArrowType.Map(true), ArrowField.of("entries", false, new ArrowType.Struct(),
                        ArrowField.of("key", false, new ArrowType.Utf8()), f("value", new ArrowType.Int(32, true)))),
                f("dict", new ArrowType.Utf8()).withDictionary(
                        new ArrowField.DictionaryEncoding(0, new ArrowType.Int(16, true), true)),
                f("ree", new ArrowType.RunEndEncoded(), ArrowField.of("run_ends", false, new ArrowType.Int(32, true)),
                        f("values", new ArrowType.FloatingPoint(ArrowType.Precision.DOUBLE))),
                f("u", new ArrowType.Union(ArrowType.UnionMode.DENSE, List.of(3, 7)),
                        f("a", new ArrowType.Int(32, true)), f("b", new ArrowType.Utf8())),
                f("uuid", new ArrowType.FixedSizeBinary(16)).withMetadata(ext("arrow.uuid")),
                f("json", new ArrowType.Utf8()).withMetadata(ext("arrow.json")),
                f("meta", new ArrowType.Int(32, true)).withMetadata(kv)), schemaMeta);
    }

    @Test
    void decodesWhatPyarrowSerializes() {
        RustOracle.ArrowSchemaText py = RustOracle.shared().arrowSchemaEval(PYARROW_SCHEMA);
        ArrowSchema decoded = ArrowSchemas.fromParquetMetadata(py.messageBase64());
        assertThat(decoded.fields()).hasSize(expected().fields().size());
        for (int i = 0; i < decoded.fields().size(); i++) {
            assertThat(decoded.fields().get(i)).as("field %d", i).isEqualTo(expected().fields().get(i));
        }
        assertThat(decoded).isEqualTo(expected());
    }

    @Test
    void pyarrowReadsWhatWeEncode() {
        RustOracle.ArrowSchemaText py = RustOracle.shared().arrowSchemaEval(PYARROW_SCHEMA);
        String ours = ArrowSchemas.toParquetMetadata(expected());
        RustOracle.ArrowSchemaText read = RustOracle.shared().arrowSchemaRead(ours);
        assertThat(read.text()).isEqualTo(py.text());
        // and pyarrow's re-serialization of what it read decodes to the same schema
        assertThat(ArrowSchemas.fromParquetMetadata(read.messageBase64())).isEqualTo(expected());
    }

    @Test
    void flatbufferAndMessageRoundTrip() {
        ArrowSchema s = expected();
        assertThat(ArrowSchemas.fromFlatbuffer(ArrowSchemas.toFlatbuffer(s))).isEqualTo(s);
        byte[] message = ArrowSchemas.toIpcMessage(s);
        assertThat(message.length % 8).isZero();
        assertThat(ArrowSchemas.fromIpcMessage(message)).isEqualTo(s);
        // the pre-0.15 framing: the length without the continuation marker
        byte[] legacy = Arrays.copyOfRange(message, 4, message.length);
        assertThat(ArrowSchemas.fromIpcMessage(legacy)).isEqualTo(s);
        assertThat(ArrowSchemas.fromIpcMessage(ArrowSchemas.toIpcMessage(ArrowSchema.of()))).isEqualTo(ArrowSchema.of());
    }

    @Test
    void arrowToVortexTypes() {
        DType.Struct d = ArrowSchemas.toDType(new ArrowSchema(expected().fields().stream()
                .filter(x -> !x.name().equals("iv")).toList(), Map.of()));
        assertThat(d.nullable()).isFalse();
        Map<String, DType> byName = new LinkedHashMap<>();
        for (int i = 0; i < d.names().size(); i++) {
            byName.put(d.names().get(i), d.fields().get(i));
        }
        assertThat(byName.get("n")).isEqualTo(new DType.Null());
        assertThat(byName.get("b")).isEqualTo(new DType.Bool(false));
        assertThat(byName.get("u64")).isEqualTo(new DType.Primitive(PType.U64, false));
        assertThat(byName.get("f16")).isEqualTo(new DType.Primitive(PType.F16, true));
        assertThat(byName.get("D")).isEqualTo(new DType.Decimal(50, -3, true));
        for (String s : List.of("s", "ls", "sv")) {
            assertThat(byName.get(s)).isEqualTo(new DType.Utf8(true));
        }
        for (String s : List.of("bin", "lb", "bv", "fsb")) {
            assertThat(byName.get(s)).isEqualTo(new DType.Binary(true));
        }
        assertThat(byName.get("d32")).isEqualTo(Extensions.date(io.jvortex.dtype.TimeUnit.DAYS, true));
        assertThat(byName.get("d64")).isEqualTo(Extensions.date(io.jvortex.dtype.TimeUnit.MILLISECONDS, true));
        assertThat(byName.get("t32")).isEqualTo(Extensions.time(io.jvortex.dtype.TimeUnit.SECONDS, true));
        assertThat(byName.get("t64")).isEqualTo(Extensions.time(io.jvortex.dtype.TimeUnit.NANOSECONDS, true));
        assertThat(byName.get("ts")).isEqualTo(Extensions.timestamp(io.jvortex.dtype.TimeUnit.MILLISECONDS,
                "America/New_York", true));
        assertThat(byName.get("tso").display()).isEqualTo("vortex.timestamp(us, tz=+05:30)?");
        assertThat(byName.get("tsn")).isEqualTo(Extensions.timestamp(io.jvortex.dtype.TimeUnit.NANOSECONDS, null,
                true));
        assertThat(byName.get("l")).isEqualTo(new DType.List(new DType.Primitive(PType.I32, false), true));
        for (String s : List.of("lv", "llv")) {
            assertThat(byName.get(s)).isEqualTo(new DType.List(new DType.Primitive(PType.I16, true), true));
        }
        assertThat(byName.get("ll")).isEqualTo(new DType.List(new DType.Utf8(true), true));
        assertThat(byName.get("fsl")).isEqualTo(new DType.FixedSizeList(new DType.Primitive(PType.F32, true), 3,
                false));
        assertThat(byName.get("st")).isEqualTo(new DType.Struct(List.of("x", "y"),
                List.of(new DType.Primitive(PType.I64, true), new DType.Utf8(false)), true));
        assertThat(byName.get("m")).isEqualTo(new DType.Map(new DType.Utf8(false),
                new DType.Primitive(PType.I32, true), true, true));
        assertThat(byName.get("dict")).isEqualTo(new DType.Utf8(true));
        assertThat(byName.get("ree")).isEqualTo(new DType.Primitive(PType.F64, true));
        assertThat(byName.get("uuid")).isEqualTo(new DType.Extension(Extensions.UUID, new DType.FixedSizeList(
                new DType.Primitive(PType.U8, false), 16, true), new byte[0]));
        assertThat(byName.get("json")).isEqualTo(new DType.Extension(ArrowSchemas.VORTEX_JSON, new DType.Utf8(true),
                new byte[0]));
        assertThat(byName).containsKeys(d.names().toArray(String[]::new)).hasSize(expected().fields().size() - 1);

        assertThatThrownBy(() -> ArrowSchemas.toDType(ArrowSchema.of(expected().fields().stream()
                .filter(x -> x.name().equals("iv")).toArray(ArrowField[]::new))))
                .isInstanceOf(VortexException.class).hasMessageContaining("'iv'").hasMessageContaining("interval");
    }

    /** The types the Rust reader hands to pyarrow for a Vortex file (checked against vortex-data 0.91). */
    @Test
    void vortexToArrowTypesAsTheRustReaderGivesThem() {
        DType.Struct d = new DType.Struct(
                List.of("i", "s", "b", "d", "D", "ts", "dt", "t", "l", "fsl", "st", "m", "n", "u", "j", "nn"),
                List.of(new DType.Primitive(PType.I32, true), new DType.Utf8(true), new DType.Binary(true),
                        new DType.Decimal(10, 2, true), new DType.Decimal(50, 2, true),
                        Extensions.timestamp(io.jvortex.dtype.TimeUnit.MILLISECONDS, "America/New_York", true),
                        Extensions.date(io.jvortex.dtype.TimeUnit.DAYS, true),
                        Extensions.time(io.jvortex.dtype.TimeUnit.SECONDS, true),
                        new DType.List(new DType.Primitive(PType.I64, true), true),
                        new DType.FixedSizeList(new DType.Primitive(PType.I64, true), 2, true),
                        new DType.Struct(List.of("x"), List.of(new DType.Primitive(PType.I8, true)), true),
                        new DType.Map(new DType.Utf8(false), new DType.Primitive(PType.I32, true), false, true),
                        new DType.Null(),
                        new DType.Extension(Extensions.UUID, new DType.FixedSizeList(
                                new DType.Primitive(PType.U8, false), 16, true), new byte[0]),
                        new DType.Extension(ArrowSchemas.VORTEX_JSON, new DType.Utf8(true), new byte[0]),
                        new DType.Primitive(PType.I8, false)),
                false);
        ArrowSchema schema = ArrowSchemas.fromDType(d);
        String rustTypes = """
                pa.schema([pa.field('i', pa.int32()), pa.field('s', pa.string_view()),
                  pa.field('b', pa.binary_view()), pa.field('d', pa.decimal128(10, 2)),
                  pa.field('D', pa.decimal256(50, 2)), pa.field('ts', pa.timestamp('ms', tz='America/New_York')),
                  pa.field('dt', pa.date32()), pa.field('t', pa.time32('s')), pa.field('l', pa.list_(pa.int64())),
                  pa.field('fsl', pa.list_(pa.int64(), 2)), pa.field('st', pa.struct([pa.field('x', pa.int8())])),
                  pa.field('m', pa.map_(pa.string_view(), pa.int32())), pa.field('n', pa.null()),
                  pa.field('u', pa.uuid()), pa.field('j', pa.json_(pa.string_view())),
                  pa.field('nn', pa.int8(), nullable=False)])
                """.replace('\n', ' ');
        RustOracle.ArrowSchemaText expectedText = RustOracle.shared().arrowSchemaEval(rustTypes);
        RustOracle.ArrowSchemaText ours = RustOracle.shared().arrowSchemaRead(ArrowSchemas.toParquetMetadata(schema));
        assertThat(ours.text()).isEqualTo(expectedText.text());
        assertThat(ArrowSchemas.toDType(schema)).isEqualTo(d);
    }

    @Test
    void corruptMessagesFailWithAClearError() {
        byte[] message = ArrowSchemas.toIpcMessage(expected());
        for (int len = 0; len < message.length; len++) {
            byte[] cut = Arrays.copyOf(message, len);
            try {
                ArrowSchemas.fromIpcMessage(cut);
            } catch (VortexException e) {
                assertThat(e.getMessage()).contains("Arrow schema");
            }
        }
        // flip each byte in turn: either a schema or a VortexException, never anything else
        for (int i = 8; i < message.length; i++) {
            byte[] bad = message.clone();
            bad[i] ^= (byte) 0xA5;
            try {
                ArrowSchemas.fromIpcMessage(bad);
            } catch (VortexException e) {
                assertThat(e.getMessage()).contains("Arrow schema");
            }
        }
        assertThatThrownBy(() -> ArrowSchemas.fromParquetMetadata("not base64!"))
                .isInstanceOf(VortexException.class).hasMessageContaining("ARROW:schema");
        assertThatThrownBy(() -> ArrowSchemas.fromIpcMessage(Base64.getDecoder().decode("/////wQAAAA=")))
                .isInstanceOf(VortexException.class);
    }
}
