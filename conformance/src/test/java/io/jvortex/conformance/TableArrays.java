package io.jvortex.conformance;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.testing.TypeSpec;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Builds canonical arrays from generated column values (the value classes of {@link TypeSpec}), so
 * tables the harness generates can be written by the Java writer. {@code views} picks the physical
 * form of strings and lists: views ({@code VarBinViewArray}, {@code ListViewArray}) or offsets
 * ({@code VarBinArray}, {@code ListArray}). Rows with no non-null value get an all-invalid validity;
 * rows under a null parent get a filler value when the child type is not nullable.
 */
final class TableArrays {
    private final boolean views;

    TableArrays(boolean views) {
        this.views = views;
    }

    static DType dtype(TypeSpec type) {
        boolean n = type.nullable();
        return switch (type) {
            case TypeSpec.Null x -> new DType.Null();
            case TypeSpec.Bool x -> new DType.Bool(n);
            case TypeSpec.Primitive p -> new DType.Primitive(PType.valueOf(p.kind().name()), n);
            case TypeSpec.Decimal d -> new DType.Decimal(d.precision(), d.scale(), n);
            case TypeSpec.Utf8 x -> new DType.Utf8(n);
            case TypeSpec.Binary x -> new DType.Binary(n);
            case TypeSpec.Uuid x -> new DType.Extension("vortex.uuid",
                    new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 16, n), new byte[0]);
            case TypeSpec.Struct s -> new DType.Struct(s.fields().stream().map(TypeSpec.Field::name).toList(),
                    s.fields().stream().map(f -> dtype(f.type())).toList(), n);
            case TypeSpec.ListOf l -> new DType.List(dtype(l.element()), n);
            case TypeSpec.FixedSizeList f -> new DType.FixedSizeList(dtype(f.element()), f.size(), n);
            case TypeSpec.MapOf m -> throw new IllegalArgumentException("the writer foundation does not write maps yet");
            case TypeSpec.Variant v -> throw new IllegalArgumentException("the writer foundation does not write variants");
            case TypeSpec.Date d -> d.unit() == TypeSpec.DateUnit.DAYS
                    ? new DType.Extension("vortex.date", new DType.Primitive(PType.I32, n), new byte[] {4})
                    : new DType.Extension("vortex.date", new DType.Primitive(PType.I64, n), new byte[] {2});
            case TypeSpec.Time t -> new DType.Extension("vortex.time", new DType.Primitive(
                    t.unit() == TimeUnit.SECONDS || t.unit() == TimeUnit.MILLISECONDS ? PType.I32 : PType.I64, n),
                    new byte[] {(byte) unit(t.unit())});
            case TypeSpec.Timestamp t -> {
                byte[] tz = t.timeZone() == null ? new byte[0] : t.timeZone().getBytes(StandardCharsets.UTF_8);
                byte[] meta = new byte[3 + tz.length];
                meta[0] = (byte) unit(t.unit());
                meta[1] = (byte) tz.length;
                meta[2] = (byte) (tz.length >>> 8);
                System.arraycopy(tz, 0, meta, 3, tz.length);
                yield new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, n), meta);
            }
        };
    }

    private static int unit(TimeUnit unit) {
        return switch (unit) {
            case NANOSECONDS -> 0;
            case MICROSECONDS -> 1;
            case MILLISECONDS -> 2;
            case SECONDS -> 3;
            default -> throw new IllegalArgumentException(unit.toString());
        };
    }

    Canonical array(TypeSpec type, List<Object> values) {
        DType dtype = dtype(type);
        int len = values.size();
        Validity validity = validity(values);
        return switch (type) {
            case TypeSpec.Null x -> new NullArray(len);
            case TypeSpec.Bool x -> {
                MemorySegment bits = MemorySegment.ofArray(new byte[(len + 7) / 8]);
                for (int i = 0; i < len; i++) {
                    Validity.Bits.set(bits, i, Boolean.TRUE.equals(values.get(i)));
                }
                yield new BoolArray((DType.Bool) dtype, bits, 0, len, validity);
            }
            case TypeSpec.Primitive p -> primitive((DType.Primitive) dtype, values, validity);
            case TypeSpec.Date d -> ext(dtype, values, validity);
            case TypeSpec.Time t -> ext(dtype, values, validity);
            case TypeSpec.Timestamp t -> ext(dtype, values, validity);
            case TypeSpec.Decimal d -> {
                int w = Canonicals.decimalByteWidth(d.precision());
                MemorySegment out = MemorySegment.ofArray(new byte[len * w]);
                for (int i = 0; i < len; i++) {
                    BigInteger v = values.get(i) == null ? BigInteger.ZERO : (BigInteger) values.get(i);
                    byte[] be = v.toByteArray();
                    for (int k = 0; k < w; k++) {
                        byte b = k < be.length ? be[be.length - 1 - k] : (byte) (v.signum() < 0 ? -1 : 0);
                        out.set(ValueLayout.JAVA_BYTE, (long) i * w + k, b);
                    }
                }
                yield new DecimalArray((DType.Decimal) dtype, w, out, len, validity);
            }
            case TypeSpec.Utf8 x -> strings(dtype, values, validity);
            case TypeSpec.Binary x -> strings(dtype, values, validity);
            case TypeSpec.Uuid x -> {
                DType.Extension e = (DType.Extension) dtype;
                List<Object> bytes = new ArrayList<>();
                for (Object v : values) {
                    byte[] b = v == null ? new byte[16] : (byte[]) v;
                    for (byte x1 : b) {
                        bytes.add((long) (x1 & 0xFF));
                    }
                }
                PrimitiveArray elements = primitive(new DType.Primitive(PType.U8, false), bytes, Validity.ALL_VALID);
                yield new ExtensionArray(e, new FixedSizeListArray((DType.FixedSizeList) e.storage(), elements, len,
                        validity));
            }
            case TypeSpec.Struct s -> {
                List<Canonical> fields = new ArrayList<>();
                for (int f = 0; f < s.fields().size(); f++) {
                    TypeSpec ft = s.fields().get(f).type();
                    List<Object> column = new ArrayList<>(len);
                    for (Object row : values) {
                        column.add(row == null ? filler(ft) : ((List<?>) row).get(f));
                    }
                    fields.add(array(ft, column));
                }
                yield new StructArray((DType.Struct) dtype, fields, len, validity);
            }
            case TypeSpec.ListOf l -> {
                List<Object> elements = new ArrayList<>();
                long[] offsets = new long[len + 1];
                for (int i = 0; i < len; i++) {
                    if (values.get(i) != null) {
                        elements.addAll((List<?>) values.get(i));
                    }
                    offsets[i + 1] = elements.size();
                }
                Canonical el = array(l.element(), elements);
                if (views) {
                    long[] starts = new long[len];
                    long[] sizes = new long[len];
                    for (int i = 0; i < len; i++) {
                        starts[i] = offsets[i];
                        sizes[i] = offsets[i + 1] - offsets[i];
                    }
                    yield new ListViewArray((DType.List) dtype, el, longs(PType.U32, starts), longs(PType.U32, sizes),
                            len, validity);
                }
                yield new ListArray((DType.List) dtype, el, longs(PType.I64, offsets), len, validity);
            }
            case TypeSpec.FixedSizeList f -> {
                List<Object> elements = new ArrayList<>();
                for (Object v : values) {
                    if (v == null) {
                        for (int k = 0; k < f.size(); k++) {
                            elements.add(filler(f.element()));
                        }
                    } else {
                        elements.addAll((List<?>) v);
                    }
                }
                yield new FixedSizeListArray((DType.FixedSizeList) dtype, array(f.element(), elements), len, validity);
            }
            case TypeSpec.MapOf m -> throw new IllegalArgumentException("the writer foundation does not write maps yet");
            case TypeSpec.Variant v -> throw new IllegalArgumentException("the writer foundation does not write variants");
        };
    }

    /** A value for a row under a null parent: null where allowed, else a zero of the type. */
    private static Object filler(TypeSpec type) {
        if (type.nullable()) {
            return null;
        }
        return switch (type) {
            case TypeSpec.Null x -> null;
            case TypeSpec.Bool x -> false;
            case TypeSpec.Primitive p -> switch (p.kind()) {
                case F16 -> (short) 0;
                case F32 -> 0.0f;
                case F64 -> 0.0;
                default -> 0L;
            };
            case TypeSpec.Decimal d -> BigInteger.ZERO;
            case TypeSpec.Utf8 x -> "";
            case TypeSpec.Binary x -> new byte[0];
            case TypeSpec.Uuid x -> new byte[16];
            case TypeSpec.Struct s -> s.fields().stream().map(f -> filler(f.type())).toList();
            case TypeSpec.ListOf l -> List.of();
            case TypeSpec.FixedSizeList f -> java.util.Collections.nCopies(f.size(), filler(f.element()));
            case TypeSpec.MapOf m -> List.of();
            case TypeSpec.Variant v -> null;
            case TypeSpec.Date d -> 0L;
            case TypeSpec.Time t -> 0L;
            case TypeSpec.Timestamp t -> 0L;
        };
    }

    private static Validity validity(List<Object> values) {
        int nulls = 0;
        for (Object v : values) {
            nulls += v == null ? 1 : 0;
        }
        if (nulls == 0) {
            return Validity.ALL_VALID;
        }
        if (nulls == values.size()) {
            return Validity.ALL_INVALID;
        }
        MemorySegment bits = MemorySegment.ofArray(new byte[(values.size() + 7) / 8]);
        for (int i = 0; i < values.size(); i++) {
            Validity.Bits.set(bits, i, values.get(i) != null);
        }
        return new Validity.Bitmap(bits, 0);
    }

    private static ExtensionArray ext(DType dtype, List<Object> values, Validity validity) {
        DType.Extension e = (DType.Extension) dtype;
        return new ExtensionArray(e, primitive((DType.Primitive) e.storage(), values, validity));
    }

    private static PrimitiveArray longs(PType ptype, long[] values) {
        List<Object> boxed = new ArrayList<>();
        for (long v : values) {
            boxed.add(v);
        }
        return primitive(new DType.Primitive(ptype, false), boxed, Validity.ALL_VALID);
    }

    private static PrimitiveArray primitive(DType.Primitive dtype, List<Object> values, Validity validity) {
        int w = dtype.ptype().byteWidth();
        MemorySegment out = MemorySegment.ofArray(new byte[values.size() * w]);
        for (int i = 0; i < values.size(); i++) {
            Object v = values.get(i);
            long bits = switch (v) {
                case null -> 0;
                case Long l -> l;
                case Short s -> s;
                case Float f -> Float.floatToRawIntBits(f);
                case Double d -> Double.doubleToRawLongBits(d);
                default -> throw new IllegalArgumentException(v.getClass().toString());
            };
            switch (w) {
                case 1 -> out.set(ValueLayout.JAVA_BYTE, i, (byte) bits);
                case 2 -> out.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i, (short) bits);
                case 4 -> out.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, (int) bits);
                default -> out.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, bits);
            }
        }
        return new PrimitiveArray(dtype, out, values.size(), validity);
    }

    private Canonical strings(DType dtype, List<Object> values, Validity validity) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        List<Object> offsets = new ArrayList<>();
        offsets.add(0L);
        for (Object v : values) {
            byte[] b = v == null ? new byte[0] : v instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) v;
            bytes.writeBytes(b);
            offsets.add((long) bytes.size());
        }
        VarBinArray varBin = new VarBinArray(dtype, primitive(new DType.Primitive(PType.I64, false), offsets,
                Validity.ALL_VALID), MemorySegment.ofArray(bytes.toByteArray()), values.size(), validity);
        return views ? Canonicals.toViews(varBin, n -> MemorySegment.ofArray(new byte[(int) n])) : varBin;
    }
}
