package io.jvortex.testing;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The logical type of a generated column, as the oracle's schema JSON describes it.
 *
 * <p>Schema JSON (read by {@code oracle.py}): every type is an object with {@code "type"} and
 * {@code "nullable"}, plus the parameters of its kind:
 *
 * <pre>{@code
 * {"type":"null","nullable":true}
 * {"type":"bool","nullable":true}
 * {"type":"i8"|"i16"|"i32"|"i64"|"u8"|"u16"|"u32"|"u64"|"f16"|"f32"|"f64","nullable":false}
 * {"type":"decimal","nullable":true,"precision":40,"scale":-2}
 * {"type":"utf8","nullable":true}   {"type":"binary","nullable":true}   {"type":"uuid","nullable":true}
 * {"type":"struct","nullable":false,"fields":[{"name":"a","type":{...}}]}
 * {"type":"list","nullable":true,"element":{...}}
 * {"type":"fixed_size_list","nullable":true,"size":3,"element":{...}}
 * {"type":"map","nullable":true,"key":{...non-nullable...},"value":{...}}
 * {"type":"variant","nullable":true}
 * {"type":"date","nullable":true,"unit":"days"|"ms"}
 * {"type":"time","nullable":true,"unit":"s"|"ms"|"us"|"ns"}
 * {"type":"timestamp","nullable":true,"unit":"s"|"ms"|"us"|"ns","tz":"UTC"|null}
 * }</pre>
 *
 * <p>The Arrow types the oracle builds (and so the Vortex dtypes the Rust writer stores): integers and
 * floats as such; decimal → {@code decimal128} up to precision 38, else {@code decimal256}; utf8 →
 * {@code string}; binary → {@code binary}; list → {@code list<item>}; fixed_size_list →
 * {@code fixed_size_list<item>[size]}; map →
 * {@code map<key not null, value>} (Vortex {@code vortex.map}, admitted from edition core2026.08.2); date days → {@code date32}, ms → {@code date64}; time s/ms →
 * {@code time32}, us/ns → {@code time64}; timestamp → {@code timestamp[unit, tz]}; uuid →
 * {@code arrow.uuid} (Vortex {@code vortex.uuid}, admitted from edition core2026.08.3 only); variant →
 * {@code arrow.parquet.variant} over {@code struct<metadata binary not null, value binary>}, unshredded
 * (Vortex {@code vortex.variant} over {@code vortex.parquet.variant}, admitted from core2026.08.3).
 *
 * <p>Values of each kind, as {@link CanonicalRows} and {@link RandomTables} hold them: null →
 * {@code null}; bool → {@link Boolean}; integers → {@link Long} (u64 as its bits); f16 → {@link Short}
 * (binary16 bits); f32 → {@link Float}; f64 → {@link Double}; decimal → {@link BigInteger} (unscaled);
 * utf8 → {@link String}; binary and uuid → {@code byte[]}; struct, list and fixed-size list →
 * {@link List} (fields in order, or elements); map → {@link List} of two-element {@link List}s
 * {@code [key, value]} in storage order; variant → a two-element {@link List} of {@code byte[]}
 * {@code [metadata, value]} (Parquet variant binary, rendered {@code {"metadata":hex,"value":hex}}); date, time, timestamp → {@link Long} in the type's
 * unit.
 */
public sealed interface TypeSpec {

    /**
     * Whether the type admits nulls ({@link Null} always does).
     *
     * @return the nullability
     */
    boolean nullable();

    /**
     * The schema name of the kind ({@code "i32"}, {@code "fixed_size_list"}, …).
     *
     * @return the name
     */
    String typeName();

    /**
     * The same type with another nullability ({@link Null} stays nullable).
     *
     * @param nullable the new nullability
     * @return the type
     */
    TypeSpec withNullable(boolean nullable);

    /**
     * This type as schema JSON.
     *
     * @return the compact JSON text
     */
    default String toJson() {
        return Json.toJson(toJsonValue());
    }

    /**
     * This type as a JSON value tree (maps and lists) for {@link Json#write}.
     *
     * @return the tree
     */
    default Map<String, Object> toJsonValue() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("type", typeName());
        json.put("nullable", nullable());
        switch (this) {
            case Null _, Bool _, Primitive _, Utf8 _, Binary _, Uuid _, Variant _ -> { }
            case Decimal d -> {
                json.put("precision", d.precision());
                json.put("scale", d.scale());
            }
            case Struct s -> {
                List<Object> fields = new ArrayList<>();
                for (Field field : s.fields()) {
                    Map<String, Object> member = new LinkedHashMap<>();
                    member.put("name", field.name());
                    member.put("type", field.type().toJsonValue());
                    fields.add(member);
                }
                json.put("fields", fields);
            }
            case ListOf l -> json.put("element", l.element().toJsonValue());
            case MapOf m -> {
                json.put("key", m.key().toJsonValue());
                json.put("value", m.value().toJsonValue());
            }
            case FixedSizeList f -> {
                json.put("size", f.size());
                json.put("element", f.element().toJsonValue());
            }
            case Date d -> json.put("unit", d.unit() == DateUnit.DAYS ? "days" : "ms");
            case Time t -> json.put("unit", unitName(t.unit()));
            case Timestamp t -> {
                json.put("unit", unitName(t.unit()));
                json.put("tz", t.timeZone());
            }
        }
        return json;
    }

    /**
     * Reads a type from schema JSON.
     *
     * @param json the JSON text
     * @return the type
     * @throws IllegalArgumentException when the JSON is not a valid type
     */
    static TypeSpec fromJson(String json) {
        return fromJsonValue(Json.parseObject(json));
    }

    /**
     * Reads a type from a parsed schema JSON object.
     *
     * @param json the object
     * @return the type
     * @throws IllegalArgumentException when the object is not a valid type
     */
    @SuppressWarnings("unchecked")
    static TypeSpec fromJsonValue(Map<String, Object> json) {
        String name = (String) json.get("type");
        boolean nullable = !Boolean.FALSE.equals(json.get("nullable"));
        if (name == null) {
            throw new IllegalArgumentException("a type needs a \"type\": " + json);
        }
        for (PrimitiveKind kind : PrimitiveKind.values()) {
            if (kind.typeName().equals(name)) {
                return new Primitive(kind, nullable);
            }
        }
        return switch (name) {
            case "null" -> new Null();
            case "bool" -> new Bool(nullable);
            case "utf8" -> new Utf8(nullable);
            case "binary" -> new Binary(nullable);
            case "uuid" -> new Uuid(nullable);
            case "variant" -> new Variant(nullable);
            case "decimal" -> new Decimal(intMember(json, "precision"), intMember(json, "scale"), nullable);
            case "struct" -> {
                List<Field> fields = new ArrayList<>();
                for (Object member : (List<Object>) json.get("fields")) {
                    Map<String, Object> field = (Map<String, Object>) member;
                    fields.add(new Field((String) field.get("name"),
                            fromJsonValue((Map<String, Object>) field.get("type"))));
                }
                yield new Struct(fields, nullable);
            }
            case "list" -> new ListOf(fromJsonValue((Map<String, Object>) json.get("element")), nullable);
            case "map" -> new MapOf(fromJsonValue((Map<String, Object>) json.get("key")),
                    fromJsonValue((Map<String, Object>) json.get("value")), nullable);
            case "fixed_size_list" -> new FixedSizeList(
                    fromJsonValue((Map<String, Object>) json.get("element")), intMember(json, "size"), nullable);
            case "date" -> new Date(switch (String.valueOf(json.get("unit"))) {
                case "days" -> DateUnit.DAYS;
                case "ms" -> DateUnit.MILLISECONDS;
                default -> throw new IllegalArgumentException("date unit must be days or ms: " + json);
            }, nullable);
            case "time" -> new Time(unitOf(json), nullable);
            case "timestamp" -> new Timestamp(unitOf(json), (String) json.get("tz"), nullable);
            default -> throw new IllegalArgumentException("unknown type \"" + name + "\"");
        };
    }

    private static int intMember(Map<String, Object> json, String name) {
        Object value = json.get(name);
        if (!(value instanceof Long number)) {
            throw new IllegalArgumentException("\"" + name + "\" must be an integer: " + json);
        }
        return Math.toIntExact(number);
    }

    private static TimeUnit unitOf(Map<String, Object> json) {
        return switch (String.valueOf(json.get("unit"))) {
            case "s" -> TimeUnit.SECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            case "us" -> TimeUnit.MICROSECONDS;
            case "ns" -> TimeUnit.NANOSECONDS;
            default -> throw new IllegalArgumentException("unit must be s, ms, us or ns: " + json);
        };
    }

    /**
     * The schema name of a time unit.
     *
     * @param unit seconds, milliseconds, microseconds or nanoseconds
     * @return {@code s}, {@code ms}, {@code us} or {@code ns}
     */
    static String unitName(TimeUnit unit) {
        return switch (unit) {
            case SECONDS -> "s";
            case MILLISECONDS -> "ms";
            case MICROSECONDS -> "us";
            case NANOSECONDS -> "ns";
            case MINUTES, HOURS, DAYS -> throw new IllegalArgumentException("no schema unit for " + unit);
        };
    }

    private static TimeUnit requireClockUnit(TimeUnit unit) {
        unitName(Objects.requireNonNull(unit, "unit"));
        return unit;
    }

    // ---------------------------------------------------------------------------------------------
    // factories

    /** @return a nullable i32 */
    static TypeSpec i32() {
        return new Primitive(PrimitiveKind.I32, true);
    }

    /** @return a nullable i64 */
    static TypeSpec i64() {
        return new Primitive(PrimitiveKind.I64, true);
    }

    /** @return a nullable f64 */
    static TypeSpec f64() {
        return new Primitive(PrimitiveKind.F64, true);
    }

    /** @return a nullable utf8 */
    static TypeSpec utf8() {
        return new Utf8(true);
    }

    /**
     * @param kind the primitive kind
     * @return a nullable primitive of that kind
     */
    static TypeSpec primitive(PrimitiveKind kind) {
        return new Primitive(kind, true);
    }

    // ---------------------------------------------------------------------------------------------
    // kinds

    /** Integer and floating-point kinds, with their schema names. */
    enum PrimitiveKind {
        /** Signed 8-bit. */
        I8("i8", 8, true, false),
        /** Signed 16-bit. */
        I16("i16", 16, true, false),
        /** Signed 32-bit. */
        I32("i32", 32, true, false),
        /** Signed 64-bit. */
        I64("i64", 64, true, false),
        /** Unsigned 8-bit. */
        U8("u8", 8, false, false),
        /** Unsigned 16-bit. */
        U16("u16", 16, false, false),
        /** Unsigned 32-bit. */
        U32("u32", 32, false, false),
        /** Unsigned 64-bit (held as the bits of a {@code long}). */
        U64("u64", 64, false, false),
        /** IEEE-754 binary16 (held as its bits in a {@code short}). */
        F16("f16", 16, true, true),
        /** IEEE-754 binary32. */
        F32("f32", 32, true, true),
        /** IEEE-754 binary64. */
        F64("f64", 64, true, true);

        private final String typeName;
        private final int bitWidth;
        private final boolean signed;
        private final boolean floatingPoint;

        PrimitiveKind(String typeName, int bitWidth, boolean signed, boolean floatingPoint) {
            this.typeName = typeName;
            this.bitWidth = bitWidth;
            this.signed = signed;
            this.floatingPoint = floatingPoint;
        }

        /** @return the schema name */
        public String typeName() {
            return typeName;
        }

        /** @return the width in bits */
        public int bitWidth() {
            return bitWidth;
        }

        /** @return whether integers of this kind are signed (true for floats) */
        public boolean signed() {
            return signed;
        }

        /** @return whether this is a floating-point kind */
        public boolean floatingPoint() {
            return floatingPoint;
        }
    }

    /** Units of a date. */
    enum DateUnit {
        /** Days since 1970-01-01 in an i32 (Arrow date32). */
        DAYS,
        /** Milliseconds since 1970-01-01 in an i64, whole days only (Arrow date64). */
        MILLISECONDS
    }

    /**
     * A named member of a struct.
     *
     * @param name the field name
     * @param type its type
     */
    record Field(String name, TypeSpec type) {
        /** Checks the members. */
        public Field {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }
    }

    /** The null type: every value is null. */
    record Null() implements TypeSpec {
        @Override
        public boolean nullable() {
            return true;
        }

        @Override
        public String typeName() {
            return "null";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return this;
        }
    }

    /**
     * Booleans.
     *
     * @param nullable whether nulls are admitted
     */
    record Bool(boolean nullable) implements TypeSpec {
        @Override
        public String typeName() {
            return "bool";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Bool(nullable);
        }
    }

    /**
     * Integers and floats.
     *
     * @param kind the kind
     * @param nullable whether nulls are admitted
     */
    record Primitive(PrimitiveKind kind, boolean nullable) implements TypeSpec {
        /** Checks the members. */
        public Primitive {
            Objects.requireNonNull(kind, "kind");
        }

        @Override
        public String typeName() {
            return kind.typeName();
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Primitive(kind, nullable);
        }
    }

    /**
     * Decimals: value = unscaled × 10^-scale.
     *
     * @param precision significant digits, 1…76
     * @param scale fraction digits, may be negative, at most {@code precision}
     * @param nullable whether nulls are admitted
     */
    record Decimal(int precision, int scale, boolean nullable) implements TypeSpec {
        /** Checks the members. */
        public Decimal {
            if (precision < 1 || precision > 76) {
                throw new IllegalArgumentException("precision must be 1..76, got " + precision);
            }
            if (scale > precision || scale < -128) {
                throw new IllegalArgumentException("scale must be -128.." + precision + ", got " + scale);
            }
        }

        @Override
        public String typeName() {
            return "decimal";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Decimal(precision, scale, nullable);
        }
    }

    /**
     * UTF-8 strings.
     *
     * @param nullable whether nulls are admitted
     */
    record Utf8(boolean nullable) implements TypeSpec {
        @Override
        public String typeName() {
            return "utf8";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Utf8(nullable);
        }
    }

    /**
     * Byte strings.
     *
     * @param nullable whether nulls are admitted
     */
    record Binary(boolean nullable) implements TypeSpec {
        @Override
        public String typeName() {
            return "binary";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Binary(nullable);
        }
    }

    /**
     * Structs.
     *
     * @param fields the members in order
     * @param nullable whether nulls are admitted
     */
    record Struct(List<Field> fields, boolean nullable) implements TypeSpec {
        /** Copies the fields. */
        public Struct {
            fields = List.copyOf(fields);
        }

        @Override
        public String typeName() {
            return "struct";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Struct(fields, nullable);
        }
    }

    /**
     * Variable-length lists.
     *
     * @param element the element type
     * @param nullable whether nulls are admitted
     */
    record ListOf(TypeSpec element, boolean nullable) implements TypeSpec {
        /** Checks the members. */
        public ListOf {
            Objects.requireNonNull(element, "element");
        }

        @Override
        public String typeName() {
            return "list";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new ListOf(element, nullable);
        }
    }

    /**
     * Maps: per row, a sequence of (key, value) entries kept in storage order.
     *
     * @param key the key type, never nullable
     * @param value the value type
     * @param nullable whether nulls are admitted
     */
    record MapOf(TypeSpec key, TypeSpec value, boolean nullable) implements TypeSpec {
        /** Checks the members. */
        public MapOf {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            if (key.nullable()) {
                throw new IllegalArgumentException("map keys cannot be nullable: " + key.typeName());
            }
        }

        @Override
        public String typeName() {
            return "map";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new MapOf(key, value, nullable);
        }
    }

    /**
     * Fixed-size lists.
     *
     * @param element the element type
     * @param size elements per list, at least 0
     * @param nullable whether nulls are admitted
     */
    record FixedSizeList(TypeSpec element, int size, boolean nullable) implements TypeSpec {
        /** Checks the members. */
        public FixedSizeList {
            Objects.requireNonNull(element, "element");
            if (size < 0) {
                throw new IllegalArgumentException("size must be >= 0, got " + size);
            }
        }

        @Override
        public String typeName() {
            return "fixed_size_list";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new FixedSizeList(element, size, nullable);
        }
    }

    /** Dates ({@code vortex.date}). @param unit days or milliseconds @param nullable whether nulls are admitted */
    record Date(DateUnit unit, boolean nullable) implements TypeSpec {
        /** Checks the members. */
        public Date {
            Objects.requireNonNull(unit, "unit");
        }

        @Override
        public String typeName() {
            return "date";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Date(unit, nullable);
        }
    }

    /**
     * Times of day ({@code vortex.time}).
     *
     * @param unit seconds, milliseconds, microseconds or nanoseconds since midnight
     * @param nullable whether nulls are admitted
     */
    record Time(TimeUnit unit, boolean nullable) implements TypeSpec {
        /** Checks the members. */
        public Time {
            requireClockUnit(unit);
        }

        @Override
        public String typeName() {
            return "time";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Time(unit, nullable);
        }
    }

    /**
     * Instants ({@code vortex.timestamp}).
     *
     * @param unit seconds, milliseconds, microseconds or nanoseconds since the epoch
     * @param timeZone the zone name, or null for none
     * @param nullable whether nulls are admitted
     */
    record Timestamp(TimeUnit unit, String timeZone, boolean nullable) implements TypeSpec {
        /** Checks the members. */
        public Timestamp {
            requireClockUnit(unit);
        }

        @Override
        public String typeName() {
            return "timestamp";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Timestamp(unit, timeZone, nullable);
        }
    }

    /** UUIDs ({@code vortex.uuid}, 16 bytes). @param nullable whether nulls are admitted */
    record Uuid(boolean nullable) implements TypeSpec {
        @Override
        public String typeName() {
            return "uuid";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Uuid(nullable);
        }
    }

    /**
     * Unshredded Parquet variants (metadata and value binaries per row).
     *
     * @param nullable whether nulls are admitted
     */
    record Variant(boolean nullable) implements TypeSpec {
        @Override
        public String typeName() {
            return "variant";
        }

        @Override
        public TypeSpec withNullable(boolean nullable) {
            return new Variant(nullable);
        }
    }
}
