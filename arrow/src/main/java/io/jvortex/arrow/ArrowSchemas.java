package io.jvortex.arrow;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.error.VortexException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Arrow schema codec: {@link ArrowSchema} to and from the Arrow IPC {@code Schema} flatbuffer, and as a
 * whole encapsulated IPC {@code Message} (continuation marker, length, flatbuffer), which is what Parquet's
 * {@code ARROW:schema} key holds in base64. And the mapping between Arrow and Vortex types, as the Rust
 * reference maps them:
 *
 * <ul>
 *   <li>Arrow → Vortex ({@link #toDType(ArrowSchema)}): utf8/large_utf8/utf8_view → utf8, the binaries →
 *       binary, list/large_list/list_view/large_list_view → list, dictionary and run-end encoded → their
 *       values' type, date/time/timestamp → {@code vortex.date/time/timestamp} (time zone kept),
 *       {@code arrow.uuid} → {@code vortex.uuid}, {@code arrow.json} → {@code vortex.json}.
 *   <li>Vortex → Arrow ({@link #fromDType(DType.Struct)}): what the Rust reader hands to pyarrow: strings and
 *       binaries as views, decimal128 up to precision 38 and decimal256 above, list items named {@code item},
 *       map entries {@code entries{key, value}}, {@code vortex.uuid} as {@code arrow.uuid} over
 *       {@code fixed_size_binary(16)}, {@code vortex.json} as {@code arrow.json} over {@code utf8_view}.
 * </ul>
 */
public final class ArrowSchemas {
    /** Metadata version V5, the current one. */
    static final short METADATA_V5 = 4;
    /** The continuation marker before each encapsulated message. */
    static final int CONTINUATION = 0xFFFFFFFF;
    /** The extension id of JSON strings (not in core's built-in list). */
    public static final String VORTEX_JSON = "vortex.json";

    private static final int MAX_DEPTH = 64;

    private ArrowSchemas() {
    }

    // ------------------------------------------------------------------------------------------------
    // Encoding

    /**
     * @param schema the schema
     * @return the bytes of a flatbuffer whose root is an Arrow {@code Schema} table
     */
    public static byte[] toFlatbuffer(ArrowSchema schema) {
        return FbWriter.finish(schemaTable(schema));
    }

    /**
     * @param schema the schema
     * @return an encapsulated IPC schema message: {@code 0xFFFFFFFF}, the little-endian flatbuffer length, the
     *     {@code Message} flatbuffer (padded to 8 bytes); no body
     */
    public static byte[] toIpcMessage(ArrowSchema schema) {
        return frame(FbWriter.finish(message(1, schemaTable(schema), 0)));
    }

    /**
     * @param schema the schema
     * @return the base64 text of {@link #toIpcMessage}, the value of Parquet's {@code ARROW:schema} key
     */
    public static String toParquetMetadata(ArrowSchema schema) {
        return Base64.getEncoder().encodeToString(toIpcMessage(schema));
    }

    static FbWriter.Table message(int headerType, FbWriter.Table header, long bodyLength) {
        return new FbWriter.Table().i16(0, METADATA_V5).i8(1, headerType).ref(2, header).i64(3, bodyLength);
    }

    static byte[] frame(byte[] flatbuffer) {
        byte[] out = new byte[8 + flatbuffer.length];
        putInt(out, 0, CONTINUATION);
        putInt(out, 4, flatbuffer.length);
        System.arraycopy(flatbuffer, 0, out, 8, flatbuffer.length);
        return out;
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) (v >>> 16);
        b[at + 3] = (byte) (v >>> 24);
    }

    static FbWriter.Table schemaTable(ArrowSchema schema) {
        List<FbWriter.Table> fields = new ArrayList<>();
        for (ArrowField f : schema.fields()) {
            fields.add(fieldTable(f));
        }
        return new FbWriter.Table().i16(0, 0).ref(1, new FbWriter.TableVector(fields))
                .ref(2, keyValues(schema.metadata()));
    }

    private static FbWriter.TableVector keyValues(Map<String, String> metadata) {
        if (metadata.isEmpty()) {
            return null;
        }
        List<FbWriter.Table> kvs = new ArrayList<>();
        metadata.forEach((k, v) -> kvs.add(new FbWriter.Table().ref(0, k).ref(1, v)));
        return new FbWriter.TableVector(kvs);
    }

    private static FbWriter.Table fieldTable(ArrowField f) {
        List<FbWriter.Table> children = new ArrayList<>();
        for (ArrowField c : f.children()) {
            children.add(fieldTable(c));
        }
        FbWriter.Table t = new FbWriter.Table().ref(0, f.name()).bool(1, f.nullable()).i8(2, f.type().typeTag())
                .ref(3, typeTable(f.type())).ref(5, new FbWriter.TableVector(children)).ref(6, keyValues(f.metadata()));
        if (f.dictionary() != null) {
            ArrowField.DictionaryEncoding d = f.dictionary();
            t.ref(4, new FbWriter.Table().i64(0, d.id()).ref(1, intTable(d.indexType())).bool(2, d.ordered()));
        }
        return t;
    }

    private static FbWriter.Table intTable(ArrowType.Int i) {
        return new FbWriter.Table().i32(0, i.bitWidth()).bool(1, i.signed());
    }

    private static FbWriter.Table typeTable(ArrowType type) {
        FbWriter.Table t = new FbWriter.Table();
        return switch (type) {
            case ArrowType.Int i -> intTable(i);
            case ArrowType.FloatingPoint fp -> t.i16(0, fp.precision().ordinal());
            case ArrowType.Decimal d -> t.i32(0, d.precision()).i32(1, d.scale()).i32(2, d.bitWidth());
            case ArrowType.Date d -> t.i16(0, d.unit().ordinal());
            case ArrowType.Time tm -> t.i16(0, tm.unit().ordinal()).i32(1, tm.bitWidth());
            case ArrowType.Timestamp ts -> t.i16(0, ts.unit().ordinal()).ref(1, ts.timezone());
            case ArrowType.Interval iv -> t.i16(0, iv.unit().ordinal());
            case ArrowType.Duration du -> t.i16(0, du.unit().ordinal());
            case ArrowType.FixedSizeBinary fb -> t.i32(0, fb.byteWidth());
            case ArrowType.FixedSizeList fl -> t.i32(0, fl.listSize());
            case ArrowType.Map m -> t.bool(0, m.keysSorted());
            case ArrowType.Union u -> {
                t.i16(0, u.mode().ordinal());
                if (u.typeIds() != null) {
                    byte[] ids = new byte[4 * u.typeIds().size()];
                    for (int i = 0; i < u.typeIds().size(); i++) {
                        putInt(ids, 4 * i, u.typeIds().get(i));
                    }
                    t.ref(1, new FbWriter.StructVector(u.typeIds().size(), 4, ids));
                }
                yield t;
            }
            default -> t;
        };
    }

    // ------------------------------------------------------------------------------------------------
    // Decoding

    /**
     * @param flatbuffer the bytes of a flatbuffer whose root is an Arrow {@code Schema} table
     * @return the schema
     * @throws VortexException when the bytes are not a valid schema
     */
    public static ArrowSchema fromFlatbuffer(byte[] flatbuffer) {
        FbReader r = new FbReader(flatbuffer, 0, flatbuffer.length, "Arrow schema");
        return readSchema(r, r.root());
    }

    /**
     * Decodes an encapsulated IPC schema message: with the continuation marker (format 0.15+) or without
     * (the older framing, the length first).
     *
     * @param message the message bytes
     * @return the schema
     * @throws VortexException when the bytes are not a schema message
     */
    public static ArrowSchema fromIpcMessage(byte[] message) {
        FbReader r = messageReader(message, 0, message.length, "Arrow schema message");
        FbReader.Tbl m = r.root();
        int headerType = m.u8(1, 0);
        if (headerType != 1) {
            throw r.error(0, "message header is type " + headerType + ", not a Schema (1)");
        }
        FbReader.Tbl header = m.table(2);
        if (header == null) {
            throw r.error(0, "schema message has no header");
        }
        return readSchema(r, header);
    }

    /**
     * @param base64 the value of Parquet's {@code ARROW:schema} key
     * @return the schema
     * @throws VortexException when the text is not base64 of a schema message
     */
    public static ArrowSchema fromParquetMetadata(String base64) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64.strip());
        } catch (IllegalArgumentException e) {
            throw new VortexException("ARROW:schema is not base64: " + e.getMessage());
        }
        return fromIpcMessage(bytes);
    }

    /** A reader of the flatbuffer of the encapsulated message at {@code [offset, offset + length)}. */
    static FbReader messageReader(byte[] bytes, int offset, int length, String what) {
        if (length < 4) {
            throw new VortexException(what + ": " + length + " bytes is too short for a message");
        }
        int at = offset;
        int len = getInt(bytes, at);
        at += 4;
        if (len == CONTINUATION) {
            if (length < 8) {
                throw new VortexException(what + ": " + length + " bytes is too short for a message");
            }
            len = getInt(bytes, at);
            at += 4;
        }
        if (len < 0 || len > offset + length - at) {
            throw new VortexException(what + ": message declares " + len + " metadata bytes but "
                    + (offset + length - at) + " follow");
        }
        return new FbReader(bytes, at, len, what);
    }

    static int getInt(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }

    static ArrowSchema readSchema(FbReader r, FbReader.Tbl s) {
        if (s.i16(0, 0) != 0) {
            throw r.error(0, "big-endian Arrow data is not supported");
        }
        int n = s.vectorLength(1, 4);
        List<ArrowField> fields = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            fields.add(readField(r, s.tableElement(1, i), 0));
        }
        return new ArrowSchema(fields, readKeyValues(s, 2));
    }

    private static Map<String, String> readKeyValues(FbReader.Tbl t, int slot) {
        int n = t.vectorLength(slot, 4);
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            FbReader.Tbl kv = t.tableElement(slot, i);
            String k = kv.string(0);
            String v = kv.string(1);
            out.put(k == null ? "" : k, v == null ? "" : v);
        }
        return out;
    }

    private static ArrowField readField(FbReader r, FbReader.Tbl f, int depth) {
        if (depth > MAX_DEPTH) {
            throw r.error(f.offset(), "fields nested deeper than " + MAX_DEPTH);
        }
        String name = f.string(0);
        name = name == null ? "" : name;
        int tag = f.u8(2, 0);
        FbReader.Tbl t = f.table(3);
        if (t == null && tag != 0) {
            throw r.error(f.offset(), "field '" + name + "' has type tag " + tag + " but no type table");
        }
        ArrowType type;
        try {
            type = readType(r, tag, t, name);
        } catch (IllegalArgumentException e) {
            throw r.error(f.offset(), "field '" + name + "': " + e.getMessage());
        }
        int n = f.vectorLength(5, 4);
        List<ArrowField> children = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            children.add(readField(r, f.tableElement(5, i), depth + 1));
        }
        ArrowField.DictionaryEncoding dict = null;
        FbReader.Tbl d = f.table(4);
        if (d != null) {
            FbReader.Tbl it = d.table(1);
            ArrowType.Int index;
            if (it == null) {
                index = new ArrowType.Int(32, true);
            } else {
                try {
                    index = new ArrowType.Int(it.i32(0, 0), it.bool(1, false));
                } catch (IllegalArgumentException e) {
                    throw r.error(f.offset(), "field '" + name + "' dictionary index: " + e.getMessage());
                }
            }
            dict = new ArrowField.DictionaryEncoding(d.i64(0, 0), index, d.bool(2, false));
        }
        checkChildren(r, f, name, type, children.size());
        return new ArrowField(name, f.bool(1, false), type, children, dict, readKeyValues(f, 6));
    }

    private static void checkChildren(FbReader r, FbReader.Tbl f, String name, ArrowType type, int n) {
        int want = switch (type) {
            case ArrowType.List l -> 1;
            case ArrowType.LargeList l -> 1;
            case ArrowType.ListView l -> 1;
            case ArrowType.LargeListView l -> 1;
            case ArrowType.FixedSizeList l -> 1;
            case ArrowType.Map m -> 1;
            case ArrowType.RunEndEncoded e -> 2;
            case ArrowType.Struct s -> n;
            case ArrowType.Union u -> n;
            default -> 0;
        };
        if (n != want) {
            throw r.error(f.offset(), "field '" + name + "' of type " + type + " has " + n + " children, expected "
                    + want);
        }
    }

    private static <E extends Enum<E>> E unit(E[] values, int v, String what) {
        if (v < 0 || v >= values.length) {
            throw new IllegalArgumentException("unknown " + what + " " + v);
        }
        return values[v];
    }

    private static ArrowType readType(FbReader r, int tag, FbReader.Tbl t, String name) {
        return switch (tag) {
            case 1 -> new ArrowType.Null();
            case 2 -> new ArrowType.Int(t.i32(0, 0), t.bool(1, false));
            case 3 -> new ArrowType.FloatingPoint(unit(ArrowType.Precision.values(), t.i16(0, 0), "float precision"));
            case 4 -> new ArrowType.Binary();
            case 5 -> new ArrowType.Utf8();
            case 6 -> new ArrowType.Bool();
            case 7 -> new ArrowType.Decimal(t.i32(0, 0), t.i32(1, 0), t.i32(2, 128));
            case 8 -> new ArrowType.Date(unit(ArrowType.DateUnit.values(), t.i16(0, 1), "date unit"));
            case 9 -> new ArrowType.Time(unit(ArrowType.TimeUnit.values(), t.i16(0, 1), "time unit"), t.i32(1, 32));
            case 10 -> new ArrowType.Timestamp(unit(ArrowType.TimeUnit.values(), t.i16(0, 0), "time unit"),
                    t.string(1));
            case 11 -> new ArrowType.Interval(unit(ArrowType.IntervalUnit.values(), t.i16(0, 0), "interval unit"));
            case 12 -> new ArrowType.List();
            case 13 -> new ArrowType.Struct();
            case 14 -> {
                List<Integer> ids = null;
                if (t.has(1)) {
                    int n = t.vectorLength(1, 4);
                    ids = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        ids.add(r.i32(t.vectorElement(1, i, 4)));
                    }
                }
                yield new ArrowType.Union(unit(ArrowType.UnionMode.values(), t.i16(0, 0), "union mode"), ids);
            }
            case 15 -> new ArrowType.FixedSizeBinary(nonNegative(t.i32(0, 0), "fixed-size binary width"));
            case 16 -> new ArrowType.FixedSizeList(nonNegative(t.i32(0, 0), "fixed-size list size"));
            case 17 -> new ArrowType.Map(t.bool(0, false));
            case 18 -> new ArrowType.Duration(unit(ArrowType.TimeUnit.values(), t.i16(0, 1), "time unit"));
            case 19 -> new ArrowType.LargeBinary();
            case 20 -> new ArrowType.LargeUtf8();
            case 21 -> new ArrowType.LargeList();
            case 22 -> new ArrowType.RunEndEncoded();
            case 23 -> new ArrowType.BinaryView();
            case 24 -> new ArrowType.Utf8View();
            case 25 -> new ArrowType.ListView();
            case 26 -> new ArrowType.LargeListView();
            default -> throw new IllegalArgumentException("unknown Arrow type tag " + tag);
        };
    }

    private static int nonNegative(int v, String what) {
        if (v < 0) {
            throw new IllegalArgumentException(what + " must be >= 0, got " + v);
        }
        return v;
    }

    // ------------------------------------------------------------------------------------------------
    // Arrow -> Vortex

    /**
     * @param schema an Arrow schema
     * @return the non-nullable Vortex struct of its fields (field nullability follows each Arrow field)
     * @throws VortexException naming the field for a type Vortex cannot hold (intervals)
     */
    public static DType.Struct toDType(ArrowSchema schema) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (ArrowField f : schema.fields()) {
            names.add(f.name());
            types.add(toDType(f));
        }
        return new DType.Struct(names, types, false);
    }

    /**
     * @param field an Arrow field
     * @return its Vortex type
     * @throws VortexException naming the field for a type Vortex cannot hold (intervals)
     */
    public static DType toDType(ArrowField field) {
        return toDType(field, field.name());
    }

    private static DType toDType(ArrowField f, String path) {
        boolean n = f.nullable();
        DType storage = switch (f.type()) {
            case ArrowType.Null x -> new DType.Null();
            case ArrowType.Bool x -> new DType.Bool(n);
            case ArrowType.Int i -> new DType.Primitive(intPType(i), n);
            case ArrowType.FloatingPoint fp -> new DType.Primitive(switch (fp.precision()) {
                case HALF -> PType.F16;
                case SINGLE -> PType.F32;
                case DOUBLE -> PType.F64;
            }, n);
            case ArrowType.Decimal d -> new DType.Decimal(d.precision(), d.scale(), n);
            case ArrowType.Utf8 x -> new DType.Utf8(n);
            case ArrowType.LargeUtf8 x -> new DType.Utf8(n);
            case ArrowType.Utf8View x -> new DType.Utf8(n);
            case ArrowType.Binary x -> new DType.Binary(n);
            case ArrowType.LargeBinary x -> new DType.Binary(n);
            case ArrowType.BinaryView x -> new DType.Binary(n);
            case ArrowType.FixedSizeBinary x -> new DType.Binary(n);
            case ArrowType.Date d -> Extensions.date(d.unit() == ArrowType.DateUnit.DAY ? TimeUnit.DAYS
                    : TimeUnit.MILLISECONDS, n);
            case ArrowType.Time t -> Extensions.time(timeUnit(t.unit()), n);
            case ArrowType.Timestamp ts -> Extensions.timestamp(timeUnit(ts.unit()), ts.timezone(), n);
            case ArrowType.Duration d -> new DType.Primitive(PType.I64, n);
            case ArrowType.Interval iv -> throw new VortexException("Arrow field '" + path + "': interval ("
                    + iv.unit() + ") has no Vortex type");
            case ArrowType.List x -> new DType.List(toDType(child(f, 0), path + ".item"), n);
            case ArrowType.LargeList x -> new DType.List(toDType(child(f, 0), path + ".item"), n);
            case ArrowType.ListView x -> new DType.List(toDType(child(f, 0), path + ".item"), n);
            case ArrowType.LargeListView x -> new DType.List(toDType(child(f, 0), path + ".item"), n);
            case ArrowType.FixedSizeList fl -> new DType.FixedSizeList(toDType(child(f, 0), path + ".item"),
                    fl.listSize(), n);
            case ArrowType.Struct x -> {
                List<String> names = new ArrayList<>();
                List<DType> types = new ArrayList<>();
                for (ArrowField c : f.children()) {
                    names.add(c.name());
                    types.add(toDType(c, path + "." + c.name()));
                }
                yield new DType.Struct(names, types, n);
            }
            case ArrowType.Map m -> {
                ArrowField entries = child(f, 0);
                if (entries.children().size() != 2) {
                    throw new VortexException("Arrow field '" + path + "': map entries must have 2 children, got "
                            + entries.children().size());
                }
                yield new DType.Map(toDType(entries.children().get(0), path + ".key"),
                        toDType(entries.children().get(1), path + ".value"), m.keysSorted(), n);
            }
            case ArrowType.Union u -> {
                List<String> names = new ArrayList<>();
                List<DType> types = new ArrayList<>();
                List<Integer> ids = new ArrayList<>();
                for (int i = 0; i < f.children().size(); i++) {
                    ArrowField c = f.children().get(i);
                    names.add(c.name());
                    types.add(toDType(c, path + "." + c.name()));
                    ids.add(u.typeIds() == null ? i : u.typeIds().get(i));
                }
                yield new DType.Union(names, types, ids, n);
            }
            case ArrowType.RunEndEncoded x -> toDType(child(f, 1), path).withNullable(n);
        };
        String ext = f.extensionName();
        if ("arrow.uuid".equals(ext) && f.type() instanceof ArrowType.FixedSizeBinary fb && fb.byteWidth() == 16) {
            return new DType.Extension(Extensions.UUID, new DType.FixedSizeList(
                    new DType.Primitive(PType.U8, false), 16, n), new byte[0]);
        }
        if ("arrow.json".equals(ext) && storage instanceof DType.Utf8) {
            return new DType.Extension(VORTEX_JSON, storage, new byte[0]);
        }
        return storage;
    }

    private static ArrowField child(ArrowField f, int i) {
        if (f.children().size() <= i) {
            throw new VortexException("Arrow field '" + f.name() + "' of type " + f.type() + " lacks child " + i);
        }
        return f.children().get(i);
    }

    private static PType intPType(ArrowType.Int i) {
        return switch (i.bitWidth()) {
            case 8 -> i.signed() ? PType.I8 : PType.U8;
            case 16 -> i.signed() ? PType.I16 : PType.U16;
            case 32 -> i.signed() ? PType.I32 : PType.U32;
            default -> i.signed() ? PType.I64 : PType.U64;
        };
    }

    private static TimeUnit timeUnit(ArrowType.TimeUnit u) {
        return switch (u) {
            case SECOND -> TimeUnit.SECONDS;
            case MILLISECOND -> TimeUnit.MILLISECONDS;
            case MICROSECOND -> TimeUnit.MICROSECONDS;
            case NANOSECOND -> TimeUnit.NANOSECONDS;
        };
    }

    private static ArrowType.TimeUnit arrowUnit(TimeUnit u) {
        return switch (u) {
            case SECONDS -> ArrowType.TimeUnit.SECOND;
            case MILLISECONDS -> ArrowType.TimeUnit.MILLISECOND;
            case MICROSECONDS -> ArrowType.TimeUnit.MICROSECOND;
            case NANOSECONDS -> ArrowType.TimeUnit.NANOSECOND;
            case DAYS -> throw new VortexException("days is not an Arrow time unit");
        };
    }

    // ------------------------------------------------------------------------------------------------
    // Vortex -> Arrow

    /**
     * @param struct the Vortex type of a table
     * @return the Arrow schema the Rust reader gives for it: one field per struct field
     * @throws VortexException naming the field for a type Arrow cannot hold (variant)
     */
    public static ArrowSchema fromDType(DType.Struct struct) {
        List<ArrowField> fields = new ArrayList<>();
        for (int i = 0; i < struct.names().size(); i++) {
            fields.add(field(struct.names().get(i), struct.fields().get(i)));
        }
        return new ArrowSchema(fields, Map.of());
    }

    /**
     * @param name the field name
     * @param dtype its Vortex type
     * @return the Arrow field the Rust reader gives for it
     * @throws VortexException naming the field for a type Arrow cannot hold (variant)
     */
    public static ArrowField field(String name, DType dtype) {
        boolean n = dtype.nullable();
        return switch (dtype) {
            case DType.Null x -> ArrowField.of(name, true, new ArrowType.Null());
            case DType.Bool x -> ArrowField.of(name, n, new ArrowType.Bool());
            case DType.Primitive p -> ArrowField.of(name, n, arrowPrimitive(p.ptype()));
            case DType.Decimal d -> ArrowField.of(name, n, new ArrowType.Decimal(d.precision(), d.scale(),
                    d.precision() <= 38 ? 128 : 256));
            case DType.Utf8 x -> ArrowField.of(name, n, new ArrowType.Utf8View());
            case DType.Binary x -> ArrowField.of(name, n, new ArrowType.BinaryView());
            case DType.Struct s -> {
                List<ArrowField> children = new ArrayList<>();
                for (int i = 0; i < s.names().size(); i++) {
                    children.add(field(s.names().get(i), s.fields().get(i)));
                }
                yield new ArrowField(name, n, new ArrowType.Struct(), children, null, Map.of());
            }
            case DType.List l -> ArrowField.of(name, n, new ArrowType.List(), field("item", l.element()));
            case DType.FixedSizeList l -> ArrowField.of(name, n, new ArrowType.FixedSizeList(l.size()),
                    field("item", l.element()));
            case DType.Map m -> ArrowField.of(name, n, new ArrowType.Map(m.keysSorted()),
                    ArrowField.of("entries", false, new ArrowType.Struct(), field("key", m.key()),
                            field("value", m.value())));
            case DType.Union u -> {
                List<ArrowField> children = new ArrayList<>();
                for (int i = 0; i < u.variants().size(); i++) {
                    children.add(field(i < u.names().size() ? u.names().get(i) : "", u.variants().get(i)));
                }
                yield new ArrowField(name, n, new ArrowType.Union(ArrowType.UnionMode.SPARSE, u.typeIds()), children,
                        null, Map.of());
            }
            case DType.Extension e -> extensionField(name, e);
            case DType.Variant v -> throw new VortexException("column '" + name + "': variant has no Arrow type");
        };
    }

    private static ArrowField extensionField(String name, DType.Extension e) {
        boolean n = e.nullable();
        if (VORTEX_JSON.equals(e.id())) {
            return ArrowField.of(name, n, new ArrowType.Utf8View()).withMetadata(extensionMetadata("arrow.json"));
        }
        Optional<Extensions.Kind> kind = Extensions.kind(e);
        if (kind.isEmpty()) {
            return field(name, e.storage());
        }
        return switch (kind.get()) {
            case Extensions.DateKind d -> ArrowField.of(name, n, new ArrowType.Date(
                    d.unit() == TimeUnit.DAYS ? ArrowType.DateUnit.DAY : ArrowType.DateUnit.MILLISECOND));
            case Extensions.TimeKind t -> ArrowField.of(name, n, new ArrowType.Time(arrowUnit(t.unit()),
                    t.unit() == TimeUnit.SECONDS || t.unit() == TimeUnit.MILLISECONDS ? 32 : 64));
            case Extensions.TimestampKind ts -> ArrowField.of(name, n, new ArrowType.Timestamp(arrowUnit(ts.unit()),
                    ts.timeZone().orElse(null)));
            case Extensions.UuidKind u -> ArrowField.of(name, n, new ArrowType.FixedSizeBinary(16))
                    .withMetadata(extensionMetadata("arrow.uuid"));
        };
    }

    private static Map<String, String> extensionMetadata(String extensionName) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(ArrowField.EXTENSION_NAME, extensionName);
        m.put(ArrowField.EXTENSION_METADATA, "");
        return m;
    }

    private static ArrowType arrowPrimitive(PType p) {
        return switch (p) {
            case U8 -> new ArrowType.Int(8, false);
            case U16 -> new ArrowType.Int(16, false);
            case U32 -> new ArrowType.Int(32, false);
            case U64 -> new ArrowType.Int(64, false);
            case I8 -> new ArrowType.Int(8, true);
            case I16 -> new ArrowType.Int(16, true);
            case I32 -> new ArrowType.Int(32, true);
            case I64 -> new ArrowType.Int(64, true);
            case F16 -> new ArrowType.FloatingPoint(ArrowType.Precision.HALF);
            case F32 -> new ArrowType.FloatingPoint(ArrowType.Precision.SINGLE);
            case F64 -> new ArrowType.FloatingPoint(ArrowType.Precision.DOUBLE);
        };
    }
}
