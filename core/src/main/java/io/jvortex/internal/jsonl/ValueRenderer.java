package io.jvortex.internal.jsonl;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.array.UnionArray;
import io.jvortex.array.VariantArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * Appends one row of one array in the canonical JSON form. A renderer is built once per array (the
 * dispatch on array kind, ptype and extension happens there), then called per row.
 */
@FunctionalInterface
interface ValueRenderer {

    /**
     * @param out where the JSON text goes
     * @param rowIndex a row of the array the renderer was built for
     */
    void append(StringBuilder out, int rowIndex);

    /**
     * Builds the renderer of an array, null rows included.
     *
     * @param array any canonical array
     * @return its renderer
     * @throws io.jvortex.error.VortexException when an extension type has invalid metadata
     */
    static ValueRenderer of(Canonical array) {
        ValueRenderer values = ofValues(array);
        if (array instanceof NullArray || array instanceof OpaqueArray) {
            return values;
        }
        return switch (array.validity()) {
            case Validity.AllValid v -> values;
            case Validity.AllInvalid v -> (out, row) -> out.append("null");
            case Validity.Bitmap b -> (out, row) -> {
                if (b.isValid(row)) {
                    values.append(out, row);
                } else {
                    out.append("null");
                }
            };
        };
    }

    /** The renderer of the non-null values (null rows are handled by {@link #of}). */
    private static ValueRenderer ofValues(Canonical array) {
        return switch (array) {
            case NullArray n -> (out, row) -> out.append("null");
            case OpaqueArray o -> (out, row) -> out.append("null");
            case BoolArray b -> (out, row) -> out.append(b.value(row) ? "true" : "false");
            case PrimitiveArray p -> primitive(p);
            case DecimalArray d -> {
                int scale = d.dtype().scale();
                if (d.valueByteWidth() <= 8) {
                    yield (out, row) -> JsonValues.appendDecimal(out, d.getUnscaledLong(row), scale);
                }
                yield (out, row) -> JsonValues.appendDecimal(out, d.getUnscaled(row), scale);
            }
            case VarBinArray v -> bytes(v.dtype(), v::valueSegment);
            case VarBinViewArray v -> bytes(v.dtype(), v::valueSegment);
            case StructArray s -> struct(s);
            case ListArray l -> {
                ValueRenderer elements = of(l.elements());
                yield (out, row) -> appendList(out, elements, l.start(row), l.size(row));
            }
            case ListViewArray l -> {
                ValueRenderer elements = of(l.elements());
                yield (out, row) -> appendList(out, elements, l.start(row), l.size(row));
            }
            case FixedSizeListArray f -> {
                ValueRenderer elements = of(f.elements());
                int size = f.dtype().size();
                yield (out, row) -> appendList(out, elements, (long) row * size, size);
            }
            case MapArray m -> map(m);
            case VariantArray v -> variant(v);
            case UnionArray u -> union(u);
            case ExtensionArray e -> extension(e);
        };
    }

    private static ValueRenderer primitive(PrimitiveArray p) {
        MemorySegment v = p.values();
        return switch (p.ptype()) {
            case I8, I16, I32, I64, U8, U16, U32 -> (out, row) -> out.append(p.getLong(row));
            case U64 -> (out, row) -> JsonValues.appendUnsignedLong(out,
                    v.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * row));
            case F16 -> (out, row) -> JsonValues.appendFloat16(out, v.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * row));
            case F32 -> (out, row) -> JsonValues.appendFloat32(out, v.get(ValueLayout.JAVA_FLOAT_UNALIGNED, 4L * row));
            case F64 -> (out, row) -> JsonValues.appendFloat64(out,
                    v.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, 8L * row));
        };
    }

    /** Row accessor of the two byte-string forms. */
    @FunctionalInterface
    interface Segments {
        MemorySegment get(int rowIndex);
    }

    private static ValueRenderer bytes(DType dtype, Segments segments) {
        if (dtype instanceof DType.Utf8) {
            return (out, row) -> {
                byte[] b = segments.get(row).toArray(ValueLayout.JAVA_BYTE);
                JsonValues.appendUtf8(out, b, 0, b.length);
            };
        }
        return (out, row) -> {
            byte[] b = segments.get(row).toArray(ValueLayout.JAVA_BYTE);
            JsonValues.appendBinary(out, b, 0, b.length);
        };
    }

    private static ValueRenderer struct(StructArray s) {
        List<String> names = s.dtype().names();
        int n = names.size();
        // the keys never change: render them once
        String[] keys = new String[n];
        ValueRenderer[] fields = new ValueRenderer[n];
        for (int i = 0; i < n; i++) {
            StringBuilder key = new StringBuilder();
            JsonValues.appendKey(key, names.get(i));
            keys[i] = key.toString();
            fields[i] = of(s.fields().get(i));
        }
        return (out, row) -> {
            out.append('{');
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(keys[i]);
                fields[i].append(out, row);
            }
            out.append('}');
        };
    }

    /**
     * A variant renders its stored columns as an object, lossless and uninterpreted:
     * {@code {"metadata":"<hex>","value":"<hex>"|null}} plus {@code "typed_value"} and
     * {@code "shredded"} (rendered by their own types) when the array has them.
     */
    private static ValueRenderer variant(VariantArray v) {
        List<String> keys = new java.util.ArrayList<>();
        List<ValueRenderer> parts = new java.util.ArrayList<>();
        keys.add("\"metadata\":");
        parts.add(of(v.metadata()));
        if (v.value() != null) {
            keys.add(",\"value\":");
            parts.add(of(v.value()));
        }
        if (v.typedValue() != null) {
            keys.add(",\"typed_value\":");
            parts.add(of(v.typedValue()));
        }
        if (v.shredded() != null) {
            keys.add(",\"shredded\":");
            parts.add(of(v.shredded()));
        }
        String[] k = keys.toArray(String[]::new);
        ValueRenderer[] p = parts.toArray(ValueRenderer[]::new);
        return (out, row) -> {
            out.append('{');
            for (int i = 0; i < k.length; i++) {
                out.append(k[i]);
                p[i].append(out, row);
            }
            out.append('}');
        };
    }

    /** A union renders as {@code {"type_id":N,"value":…}}, the value by its variant's type. */
    private static ValueRenderer union(UnionArray u) {
        ValueRenderer[] children = new ValueRenderer[u.children().size()];
        for (int k = 0; k < children.length; k++) {
            children[k] = of(u.children().get(k));
        }
        return (out, row) -> {
            out.append("{\"type_id\":").append(u.typeId(row)).append(",\"value\":");
            children[u.variantIndex(row)].append(out, row);
            out.append('}');
        };
    }

    /** A map renders as an array of {@code [key, value]} pairs in storage order. */
    private static ValueRenderer map(MapArray m) {
        ValueRenderer keys = of(m.keys());
        ValueRenderer values = of(m.values());
        return (out, row) -> {
            long start = m.start(row);
            long size = m.size(row);
            out.append('[');
            for (long i = 0; i < size; i++) {
                int entry = Math.toIntExact(start + i);
                out.append(i > 0 ? ",[" : "[");
                keys.append(out, entry);
                out.append(',');
                values.append(out, entry);
                out.append(']');
            }
            out.append(']');
        };
    }

    private static void appendList(StringBuilder out, ValueRenderer elements, long start, long size) {
        out.append('[');
        for (long i = 0; i < size; i++) {
            if (i > 0) {
                out.append(',');
            }
            elements.append(out, Math.toIntExact(start + i));
        }
        out.append(']');
    }

    private static ValueRenderer extension(ExtensionArray e) {
        Extensions.Kind kind = Extensions.kind(e.dtype()).orElse(null);
        Canonical storage = e.storage();
        boolean uuidStorage = storage instanceof FixedSizeListArray f && f.elements() instanceof PrimitiveArray;
        if (kind == null || storage instanceof OpaqueArray
                || (kind instanceof Extensions.UuidKind ? !uuidStorage : !(storage instanceof PrimitiveArray))) {
            // unknown extensions, and storage this reader could not decode, render as their storage
            return ofValues(storage);
        }
        return switch (kind) {
            case Extensions.DateKind d -> {
                PrimitiveArray p = (PrimitiveArray) storage;
                yield d.unit() == TimeUnit.DAYS
                        ? (out, row) -> JsonValues.appendDateDays(out, p.getLong(row))
                        : (out, row) -> JsonValues.appendDateMillis(out, p.getLong(row));
            }
            case Extensions.TimeKind t -> {
                PrimitiveArray p = (PrimitiveArray) storage;
                java.util.concurrent.TimeUnit unit = toJava(t.unit());
                yield (out, row) -> JsonValues.appendTime(out, p.getLong(row), unit);
            }
            case Extensions.TimestampKind ts -> {
                PrimitiveArray p = (PrimitiveArray) storage;
                java.util.concurrent.TimeUnit unit = toJava(ts.unit());
                boolean zoned = ts.timeZone().isPresent();
                yield (out, row) -> JsonValues.appendTimestamp(out, p.getLong(row), unit, zoned);
            }
            case Extensions.UuidKind u -> {
                FixedSizeListArray f = (FixedSizeListArray) storage;
                MemorySegment bytes = ((PrimitiveArray) f.elements()).values();
                yield (out, row) -> {
                    byte[] b = bytes.asSlice(16L * row, 16).toArray(ValueLayout.JAVA_BYTE);
                    JsonValues.appendUuid(out, b, 0);
                };
            }
        };
    }

    private static java.util.concurrent.TimeUnit toJava(TimeUnit unit) {
        return switch (unit) {
            case NANOSECONDS -> java.util.concurrent.TimeUnit.NANOSECONDS;
            case MICROSECONDS -> java.util.concurrent.TimeUnit.MICROSECONDS;
            case MILLISECONDS -> java.util.concurrent.TimeUnit.MILLISECONDS;
            case SECONDS -> java.util.concurrent.TimeUnit.SECONDS;
            case DAYS -> java.util.concurrent.TimeUnit.DAYS;
        };
    }
}
