package io.jvortex.array;

import io.jvortex.dtype.DType;
import io.jvortex.scalar.Scalar;
import java.util.ArrayList;
import java.util.List;

/** Reads one row of a canonical array as a {@link Scalar} (slow path: statistics, zone maps, tools). */
public final class ScalarAt {
    private ScalarAt() {
    }

    /**
     * @param array an array
     * @param row a row index
     * @return the row's value with the array's dtype ({@code null} value for a null row)
     */
    public static Scalar get(Canonical array, int row) {
        if (row < 0 || row >= array.length()) {
            throw new IndexOutOfBoundsException("row " + row + " of " + array.length());
        }
        DType dtype = array.dtype();
        if (!array.isValid(row)) {
            return Scalar.nullOf(dtype.withNullable(true));
        }
        Object value = switch (array) {
            case NullArray n -> null;
            case BoolArray b -> b.value(row);
            case PrimitiveArray p -> switch (p.ptype()) {
                case F16 -> (short) p.getLong(row);
                case F32 -> Float.intBitsToFloat((int) p.getLong(row));
                case F64 -> Double.longBitsToDouble(p.getLong(row));
                default -> p.getLong(row);
            };
            case DecimalArray d -> d.getUnscaled(row);
            case VarBinArray v -> v.value(row);
            case VarBinViewArray v -> v.value(row);
            case StructArray s -> {
                List<Scalar> fields = new ArrayList<>(s.fields().size());
                for (Canonical f : s.fields()) {
                    fields.add(get(f, row));
                }
                yield List.copyOf(fields);
            }
            case ListArray l -> items(l.elements(), l.start(row), l.size(row));
            case ListViewArray l -> items(l.elements(), l.start(row), l.size(row));
            case FixedSizeListArray f -> items(f.elements(), (long) row * f.dtype().size(), f.dtype().size());
            case UnionArray u -> new io.jvortex.scalar.UnionValue(u.typeId(row), get(u.children().get(u.variantIndex(row)),
                    row));
            case VariantArray v -> {
                // the stored columns, not an interpreted value: [metadata, value, typed_value, shredded]
                List<Scalar> parts = new ArrayList<>(4);
                parts.add(get(v.metadata(), row));
                parts.add(v.value() == null ? null : get(v.value(), row));
                parts.add(v.typedValue() == null ? null : get(v.typedValue(), row));
                parts.add(v.shredded() == null ? null : get(v.shredded(), row));
                yield java.util.Collections.unmodifiableList(parts);
            }
            case MapArray m -> items(m.entryStructs(), m.start(row), m.size(row));
            case ExtensionArray e -> get(e.storage(), row).value();
            case OpaqueArray o -> null;
        };
        return new Scalar(dtype, value);
    }

    private static List<Scalar> items(Canonical elements, long start, long size) {
        List<Scalar> out = new ArrayList<>((int) size);
        for (long i = 0; i < size; i++) {
            out.add(get(elements, (int) (start + i)));
        }
        return List.copyOf(out);
    }
}
