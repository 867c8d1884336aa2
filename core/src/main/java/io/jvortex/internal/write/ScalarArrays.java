package io.jvortex.internal.write;

import io.jvortex.spi.ScalarValueWriter;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a canonical array from scalars (zone tables: one row per zone, so a few thousand values at
 * most). Supports the dtypes statistics take: bool, primitive, decimal, utf8, binary, extension over
 * those, and structs of them.
 */
final class ScalarArrays {
    private ScalarArrays() {
    }

    /**
     * @param dtype the array's dtype
     * @param values one scalar per row ({@code null} or null scalars for null rows)
     * @return the array
     */
    static Canonical build(DType dtype, List<Scalar> values) {
        int n = values.size();
        Validity validity = Validity.ALL_VALID;
        if (dtype.nullable()) {
            MemorySegment bits = ColumnArrays.ALLOC.allocate((n + 7L) >>> 3);
            boolean anyNull = false;
            for (int i = 0; i < n; i++) {
                boolean valid = !isNull(values.get(i));
                Validity.Bits.set(bits, i, valid);
                anyNull |= !valid;
            }
            validity = anyNull ? new Validity.Bitmap(bits, 0) : Validity.ALL_VALID;
        } else {
            for (int i = 0; i < n; i++) {
                if (isNull(values.get(i))) {
                    throw new IllegalArgumentException("null in non-nullable " + dtype.display() + " at row " + i);
                }
            }
        }
        return switch (dtype) {
            case DType.Bool b -> {
                MemorySegment bits = ColumnArrays.ALLOC.allocate((n + 7L) >>> 3);
                for (int i = 0; i < n; i++) {
                    if (!isNull(values.get(i)) && (Boolean) values.get(i).value()) {
                        Validity.Bits.set(bits, i, true);
                    }
                }
                yield new BoolArray(b, bits, 0, n, validity);
            }
            case DType.Primitive p -> {
                int w = p.ptype().byteWidth();
                MemorySegment out = ColumnArrays.ALLOC.allocate((long) n * w);
                for (int i = 0; i < n; i++) {
                    if (!isNull(values.get(i))) {
                        putPrimitive(out, i, p.ptype(), values.get(i));
                    }
                }
                yield new PrimitiveArray(p, out, n, validity);
            }
            case DType.Decimal d -> {
                int w = Canonicals.decimalByteWidth(d.precision());
                MemorySegment out = ColumnArrays.ALLOC.allocate((long) n * w);
                for (int i = 0; i < n; i++) {
                    if (!isNull(values.get(i))) {
                        byte[] le = ScalarValueWriter.decimalBytes((BigInteger) values.get(i).value(), d.precision());
                        MemorySegment.copy(MemorySegment.ofArray(le), 0, out, (long) i * w, w);
                    }
                }
                yield new DecimalArray(d, w, out, n, validity);
            }
            case DType.Utf8 u -> bytes(dtype, values, validity);
            case DType.Binary b -> bytes(dtype, values, validity);
            case DType.Extension e -> {
                List<Scalar> storage = new ArrayList<>(n);
                DType st = e.storage().withNullable(dtype.nullable());
                for (Scalar s : values) {
                    storage.add(isNull(s) ? null : new Scalar(st, s.value()));
                }
                yield new ExtensionArray(e, build(st, storage));
            }
            case DType.FixedSizeList f -> {
                List<Scalar> elements = new ArrayList<>(n * f.size());
                for (Scalar v : values) {
                    for (int k = 0; k < f.size(); k++) {
                        elements.add(isNull(v) ? (f.element().nullable() ? null : zero(f.element()))
                                : (Scalar) ((List<?>) v.value()).get(k));
                    }
                }
                yield new io.jvortex.array.FixedSizeListArray(f, build(f.element(), elements), n, validity);
            }
            case DType.Struct s -> {
                List<Canonical> fields = new ArrayList<>();
                for (int f = 0; f < s.fields().size(); f++) {
                    DType ft = s.fields().get(f);
                    List<Scalar> column = new ArrayList<>(n);
                    for (Scalar v : values) {
                        if (isNull(v)) {
                            column.add(ft.nullable() ? null : zero(ft));
                        } else {
                            column.add(((List<?>) v.value()).get(f) instanceof Scalar x ? x : null);
                        }
                    }
                    fields.add(build(ft, column));
                }
                yield new StructArray(s, fields, n, validity);
            }
            default -> throw new IllegalArgumentException("cannot build a statistics array of " + dtype.display());
        };
    }

    private static Scalar zero(DType t) {
        if (t instanceof DType.Bool) {
            return new Scalar(t, false);
        }
        if (t instanceof DType.Primitive p && !p.ptype().isFloat()) {
            return new Scalar(t, 0L);
        }
        throw new IllegalArgumentException("no filler value for " + t.display());
    }

    private static boolean isNull(Scalar s) {
        return s == null || s.isNull();
    }

    private static void putPrimitive(MemorySegment out, int i, PType t, Scalar s) {
        switch (t) {
            case F32 -> out.setAtIndex(ValueLayout.JAVA_FLOAT, i, ((Number) s.value()).floatValue());
            case F64 -> out.setAtIndex(ValueLayout.JAVA_DOUBLE, i, ((Number) s.value()).doubleValue());
            default -> {
                long bits = s.asLong();
                switch (t.byteWidth()) {
                    case 1 -> out.set(ValueLayout.JAVA_BYTE, i, (byte) bits);
                    case 2 -> out.setAtIndex(ValueLayout.JAVA_SHORT, i, (short) bits);
                    case 4 -> out.setAtIndex(ValueLayout.JAVA_INT, i, (int) bits);
                    default -> out.setAtIndex(ValueLayout.JAVA_LONG, i, bits);
                }
            }
        }
    }

    private static VarBinArray bytes(DType dtype, List<Scalar> values, Validity validity) {
        int n = values.size();
        long total = 0;
        for (Scalar s : values) {
            total += isNull(s) ? 0 : ((byte[]) s.value()).length;
        }
        MemorySegment data = ColumnArrays.ALLOC.allocate(total);
        MemorySegment offsets = ColumnArrays.ALLOC.allocate(8L * (n + 1));
        long at = 0;
        for (int i = 0; i < n; i++) {
            offsets.setAtIndex(ValueLayout.JAVA_LONG, i, at);
            if (!isNull(values.get(i))) {
                byte[] b = (byte[]) values.get(i).value();
                MemorySegment.copy(MemorySegment.ofArray(b), 0, data, at, b.length);
                at += b.length;
            }
        }
        offsets.setAtIndex(ValueLayout.JAVA_LONG, n, at);
        return new VarBinArray(dtype, new PrimitiveArray(new DType.Primitive(PType.I64, false), offsets, n + 1,
                Validity.ALL_VALID), data, n, validity);
    }
}
