package io.jvortex.testing;

import io.jvortex.internal.jsonl.JsonValues;
import java.math.BigInteger;
import java.util.List;

/**
 * Renders Java-held values (see {@link TypeSpec} for which class holds which kind) in the canonical
 * JSONL form of {@link JsonValues}.
 */
public final class CanonicalRows {

    private CanonicalRows() {}

    /**
     * Renders one row of a table as a compact JSON object, keys in schema order.
     *
     * @param spec the table
     * @param row one value per column
     * @return the JSON line (without line terminator)
     */
    public static String row(TableSpec spec, List<?> row) {
        StringBuilder out = new StringBuilder(64);
        appendValue(out, spec.rootType(), row);
        return out.toString();
    }

    /**
     * Appends one value of a type.
     *
     * @param out the builder to append to
     * @param type the value's type
     * @param value the value, or null
     * @throws IllegalArgumentException when the value's class does not fit the type
     */
    public static void appendValue(StringBuilder out, TypeSpec type, Object value) {
        if (value == null) {
            JsonValues.appendNull(out);
            return;
        }
        try {
            switch (type) {
                case TypeSpec.Null _ -> throw new IllegalArgumentException("the null type holds only nulls");
                case TypeSpec.Bool _ -> JsonValues.appendBool(out, (Boolean) value);
                case TypeSpec.Primitive p -> {
                    switch (p.kind()) {
                        case F16 -> JsonValues.appendFloat16(out, (Short) value);
                        case F32 -> JsonValues.appendFloat32(out, (Float) value);
                        case F64 -> JsonValues.appendFloat64(out, (Double) value);
                        case U64 -> JsonValues.appendUnsignedLong(out, (Long) value);
                        case I8, I16, I32, I64, U8, U16, U32 -> JsonValues.appendLong(out, (Long) value);
                    }
                }
                case TypeSpec.Decimal d -> JsonValues.appendDecimal(out, (BigInteger) value, d.scale());
                case TypeSpec.Utf8 _ -> JsonValues.appendString(out, (String) value);
                case TypeSpec.Binary _ -> {
                    byte[] bytes = (byte[]) value;
                    JsonValues.appendBinary(out, bytes, 0, bytes.length);
                }
                case TypeSpec.Uuid _ -> JsonValues.appendUuid(out, (byte[]) value, 0);
                case TypeSpec.Variant _ -> {
                    List<?> parts = (List<?>) value;
                    byte[] metadata = (byte[]) parts.get(0);
                    byte[] variant = (byte[]) parts.get(1);
                    out.append("{\"metadata\":");
                    JsonValues.appendBinary(out, metadata, 0, metadata.length);
                    out.append(",\"value\":");
                    JsonValues.appendBinary(out, variant, 0, variant.length);
                    out.append('}');
                }
                case TypeSpec.Date d -> {
                    if (d.unit() == TypeSpec.DateUnit.DAYS) {
                        JsonValues.appendDateDays(out, (Long) value);
                    } else {
                        JsonValues.appendDateMillis(out, (Long) value);
                    }
                }
                case TypeSpec.Time t -> JsonValues.appendTime(out, (Long) value, t.unit());
                case TypeSpec.Timestamp t ->
                        JsonValues.appendTimestamp(out, (Long) value, t.unit(), t.timeZone() != null);
                case TypeSpec.Struct s -> {
                    List<?> fields = (List<?>) value;
                    if (fields.size() != s.fields().size()) {
                        throw new IllegalArgumentException(
                                "struct of " + s.fields().size() + " fields, got " + fields.size() + " values");
                    }
                    out.append('{');
                    for (int i = 0; i < fields.size(); i++) {
                        if (i > 0) {
                            out.append(',');
                        }
                        TypeSpec.Field field = s.fields().get(i);
                        JsonValues.appendKey(out, field.name());
                        appendValue(out, field.type(), fields.get(i));
                    }
                    out.append('}');
                }
                case TypeSpec.ListOf l -> appendArray(out, l.element(), (List<?>) value);
                case TypeSpec.MapOf m -> {
                    List<?> entries = (List<?>) value;
                    out.append('[');
                    for (int i = 0; i < entries.size(); i++) {
                        List<?> entry = (List<?>) entries.get(i);
                        if (entry.size() != 2) {
                            throw new IllegalArgumentException("map entry of " + entry.size() + " values");
                        }
                        out.append(i > 0 ? ",[" : "[");
                        appendValue(out, m.key(), entry.get(0));
                        out.append(',');
                        appendValue(out, m.value(), entry.get(1));
                        out.append(']');
                    }
                    out.append(']');
                }
                case TypeSpec.FixedSizeList f -> {
                    List<?> elements = (List<?>) value;
                    if (elements.size() != f.size()) {
                        throw new IllegalArgumentException(
                                "fixed-size list of " + f.size() + ", got " + elements.size() + " elements");
                    }
                    appendArray(out, f.element(), elements);
                }
            }
        } catch (ClassCastException e) {
            throw new IllegalArgumentException(
                    "a " + type.typeName() + " value cannot be a " + value.getClass().getSimpleName(), e);
        }
    }

    private static void appendArray(StringBuilder out, TypeSpec element, List<?> values) {
        out.append('[');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            appendValue(out, element, values.get(i));
        }
        out.append(']');
    }
}
