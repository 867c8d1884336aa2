package io.jvortex.parquet;

import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Take;
import io.jvortex.array.Validities;
import io.jvortex.array.Validity;
import io.jvortex.arrow.ArrowField;
import io.jvortex.arrow.ArrowSchema;
import io.jvortex.arrow.ArrowSchemas;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Arrow schema pyarrow stores in a Parquet footer ({@code ARROW:schema}) applied to what the Parquet
 * types alone give: the types the reference writes when pyarrow reads the file and hands it the table.
 * What pyarrow restores is applied, per top-level column: time zones, fixed-size lists stored as lists,
 * {@code arrow.json} over strings, map key order, and nullability (a column declared non-nullable must
 * hold no nulls); large, view and dictionary types read as the same Vortex types anyway. Seconds, date64
 * and time32[s] stay as Parquet stores them (milliseconds, days), as pyarrow reads them. A column whose
 * Arrow type cannot be reached this way keeps its Parquet reading.
 */
final class ArrowFields {
    /** The footer key pyarrow and arrow-rs store the Arrow schema under. */
    static final String KEY = "ARROW:schema";
    private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ArrowFields() {
    }

    /**
     * The file's dtype once its Arrow schema is applied.
     *
     * @param parquet the dtype the Parquet types give
     * @param metadata the footer's key-value metadata (may be null)
     * @return the dtype to write: each column the Arrow type's when reachable, else the Parquet one
     */
    static DType.Struct target(DType.Struct parquet, Map<String, String> metadata) {
        String encoded = metadata == null ? null : metadata.get(KEY);
        if (encoded == null) {
            return parquet;
        }
        ArrowSchema arrow;
        try {
            arrow = ArrowSchemas.fromParquetMetadata(encoded);
        } catch (RuntimeException e) {
            return parquet; // an unreadable hint: the Parquet types stand on their own
        }
        if (arrow.fields().size() != parquet.names().size()) {
            return parquet;
        }
        List<DType> fields = new ArrayList<>(parquet.fields());
        for (int i = 0; i < fields.size(); i++) {
            ArrowField field = arrow.fields().get(i);
            if (!field.name().equals(parquet.names().get(i))) {
                return parquet;
            }
            DType wanted;
            try {
                wanted = ArrowSchemas.toDType(field);
            } catch (RuntimeException e) {
                continue;
            }
            if (reachable(parquet.fields().get(i), wanted)) {
                fields.set(i, wanted);
            }
        }
        return new DType.Struct(parquet.names(), fields, false);
    }

    /** Whether {@link #adapt} turns arrays of one dtype into the other. */
    static boolean reachable(DType from, DType to) {
        if (from.equals(to)) {
            return true;
        }
        return switch (to) {
            case DType.Extension e when VortexToParquet.JSON.equals(e.id()) -> reachable(from, e.storage());
            case DType.Extension e -> from instanceof DType.Extension f && temporal(f, e);
            case DType.Struct s -> from instanceof DType.Struct f && f.names().equals(s.names())
                    && allReachable(f.fields(), s.fields());
            case DType.List l -> from instanceof DType.List f && reachable(f.element(), l.element());
            case DType.FixedSizeList l -> from instanceof DType.List f && reachable(f.element(), l.element());
            case DType.Map m -> from instanceof DType.Map f && reachable(f.key(), m.key())
                    && reachable(f.value(), m.value());
            default -> from.withNullable(to.nullable()).equals(to);
        };
    }

    private static boolean allReachable(List<DType> from, List<DType> to) {
        for (int i = 0; i < from.size(); i++) {
            if (!reachable(from.get(i), to.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether an extension reaches another: equal up to nullability, or timestamps of one unit whose time
     * zone differs (pyarrow restores the zone, not seconds, date64 or time32[s], which stay as Parquet
     * stores them).
     */
    private static boolean temporal(DType.Extension from, DType.Extension to) {
        if (from.withNullable(to.nullable()).equals(to)) {
            return true;
        }
        try {
            return Extensions.kind(from).orElse(null) instanceof Extensions.TimestampKind a
                    && Extensions.kind(to).orElse(null) instanceof Extensions.TimestampKind b && a.unit() == b.unit();
        } catch (VortexException e) {
            return false;
        }
    }

    /**
     * A batch of the Parquet dtype as the target dtype.
     *
     * @param batch rows as the Parquet types give them
     * @param target from {@link #target}
     * @param arena where new buffers go
     * @return the same rows with the target dtype
     * @throws VortexException when a column declared non-nullable holds nulls
     */
    static StructArray adapt(StructArray batch, DType.Struct target, Arena arena) {
        if (batch.dtype().equals(target)) {
            return batch;
        }
        return (StructArray) adapt(batch, target, arena, "");
    }

    private static Canonical adapt(Canonical array, DType to, Arena arena, String path) {
        if (array.dtype().equals(to)) {
            return array;
        }
        int n = array.length();
        return switch (to) {
            case DType.Extension e when VortexToParquet.JSON.equals(e.id()) ->
                    new ExtensionArray(e, adapt(array, e.storage(), arena, path));
            case DType.Extension e -> new ExtensionArray(e, Validities.withValidity(
                    ((ExtensionArray) array).storage(), validity(array, to, path), e.nullable()));
            case DType.Struct s -> {
                StructArray from = (StructArray) array;
                List<Canonical> fields = new ArrayList<>(s.fields().size());
                for (int i = 0; i < s.fields().size(); i++) {
                    fields.add(adapt(from.fields().get(i), s.fields().get(i), arena, path + "." + s.names().get(i)));
                }
                yield new StructArray(s, fields, n, validity(array, to, path));
            }
            case DType.List l -> {
                ListArray from = (ListArray) array;
                yield new ListArray(l, adapt(from.elements(), l.element(), arena, path + ".item"), from.offsets(), n,
                        validity(array, to, path));
            }
            case DType.FixedSizeList l -> fixedSizeList((ListArray) array, l, arena, path);
            case DType.Map m -> {
                MapArray from = (MapArray) array;
                ListViewArray entries = from.entries();
                Canonical structs = adapt(entries.elements(), m.entry(), arena, path + ".entries");
                yield new MapArray(m, new ListViewArray(m.entries(), structs, entries.offsets(), entries.sizes(), n,
                        validity(array, to, path)));
            }
            default -> Validities.withValidity(array, validity(array, to, path), to.nullable());
        };
    }

    /** A list array whose valid rows all hold {@code size} elements as a fixed-size list; null rows get fillers. */
    private static FixedSizeListArray fixedSizeList(ListArray from, DType.FixedSizeList to, Arena arena, String path) {
        int n = from.length();
        int size = to.size();
        Validity validity = validity(from, to, path);
        boolean contiguous = true;
        for (int i = 0; i < n; i++) {
            boolean valid = from.validity().isValid(i);
            if (valid && from.size(i) != size) {
                throw new VortexException("Parquet column " + path.substring(1) + ": a list of " + from.size(i)
                        + " elements where the Arrow schema declares fixed_size_list[" + size + "]");
            }
            if (from.start(i) != (long) i * size || from.size(i) != size) {
                contiguous = false;
            }
        }
        Canonical elements = from.elements();
        if (!contiguous) {
            // null rows hold no elements in Parquet: gather, with null placeholders for those rows
            long total = (long) n * size;
            if (total > Integer.MAX_VALUE - 64) {
                throw new VortexException("Parquet column " + path.substring(1) + ": " + total
                        + " fixed-size list elements in one row group");
            }
            MemorySegment indices = arena.allocate(Math.max(8L, 4 * total), 8);
            MemorySegment bits = arena.allocate(Math.max(8L, (total + 63) / 64 * 8), 8);
            for (int i = 0; i < n; i++) {
                if (from.validity().isValid(i)) {
                    long start = from.start(i);
                    for (int k = 0; k < size; k++) {
                        long at = (long) i * size + k;
                        indices.set(INT_LE, 4 * at, (int) (start + k));
                        Validity.Bits.set(bits, at, true);
                    }
                }
            }
            PrimitiveArray gather = new PrimitiveArray(new DType.Primitive(PType.I32, true),
                    indices.asSlice(0, 4 * total), (int) total, new Validity.Bitmap(bits, 0));
            Canonical taken = Take.take(elements, gather, arena::allocate);
            DType element = to.element();
            elements = element.nullable() ? taken
                    : Validities.withValidity(taken, Validity.ALL_VALID, false); // placeholders under null rows
        }
        return new FixedSizeListArray(to, adapt(elements, to.element(), arena, path + ".item"), n, validity);
    }

    private static Validity validity(Canonical array, DType to, String path) {
        if (to.nullable()) {
            return array.validity();
        }
        if (array.validity().nullCount(array.length()) > 0) {
            throw new VortexException("Parquet column " + (path.isEmpty() ? "(root)" : path.substring(1))
                    + " holds nulls where the Arrow schema declares it non-nullable");
        }
        return Validity.ALL_VALID;
    }
}
