package io.jvortex.internal.format;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;

import io.jvortex.error.VortexException;
import io.jvortex.internal.flatbuffers.FbTable;
import java.util.ArrayList;
import java.util.List;

/** Reads the flatbuffer {@code DType} (dtype.fbs) into a {@link DType}. */
public final class DTypeFlatbuffers {
    /** Deepest type nesting accepted. */
    public static final int MAX_DEPTH = TreeLimits.DEFAULT_DEPTH;

    private final int maxDepth;

    private DTypeFlatbuffers(int maxDepth) {
        this.maxDepth = maxDepth;
    }

    /**
     * @param table a {@code DType} table
     * @return the dtype
     * @throws VortexException when the table is malformed or too deep
     */
    public static DType read(FbTable table) {
        return read(table, MAX_DEPTH);
    }

    /**
     * @param table a {@code DType} table
     * @param maxDepth the deepest nesting accepted
     * @return the dtype
     * @throws VortexException when the table is malformed or nested deeper than {@code maxDepth}
     */
    public static DType read(FbTable table, int maxDepth) {
        return new DTypeFlatbuffers(maxDepth).read(table, 0, new io.jvortex.internal.flatbuffers.OffsetSet());
    }

    /**
     * @param seen the absolute offsets of the tables read so far: writers never share a table between
     *     parents, and sharing would let a few bytes describe exponentially many fields
     */
    private DType read(FbTable table, int depth, io.jvortex.internal.flatbuffers.OffsetSet seen) {
        if (table == null) {
            throw new VortexException("missing dtype table");
        }
        if (depth > maxDepth) {
            throw error(table, "dtype nested deeper than " + maxDepth);
        }
        int tag = table.u8(0, 0);
        FbTable t = table.table(1);
        if (t == null) {
            throw error(table, "dtype union tag " + tag + " without a value table");
        }
        if (!seen.add(table.absoluteOffset()) || !seen.add(t.absoluteOffset())) {
            throw error(table, "dtype table at byte " + table.absoluteOffset() + " is reached twice (the dtype must be"
                    + " a tree)");
        }
        return switch (tag) {
            case 1 -> new DType.Null();
            case 2 -> new DType.Bool(t.bool(0, false));
            case 3 -> new DType.Primitive(ptype(t, t.u8(0, 0)), t.bool(1, false));
            case 4 -> decimal(t);
            case 5 -> new DType.Utf8(t.bool(0, false));
            case 6 -> new DType.Binary(t.bool(0, false));
            case 7 -> {
                int n = t.vectorLength(0);
                if (!t.has(0) || !t.has(1) || t.vectorLength(1) != n) {
                    throw error(t, "struct needs parallel names and dtypes, got " + n + " names and "
                            + t.vectorLength(1) + " dtypes");
                }
                List<String> names = new ArrayList<>(n);
                List<DType> fields = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    names.add(t.stringAt(0, i));
                    fields.add(read(t.tableAt(1, i), depth + 1, seen));
                }
                yield new DType.Struct(names, fields, t.bool(2, false));
            }
            case 8 -> new DType.List(read(required(t, 0, "list element type"), depth + 1, seen), t.bool(1, false));
            case 9 -> {
                String id = t.string(0);
                if (id == null) {
                    throw error(t, "extension dtype without id");
                }
                DType storage = read(required(t, 1, "extension storage dtype"), depth + 1, seen);
                if (!t.has(2)) {
                    throw error(t, "extension dtype " + id + " without metadata vector");
                }
                byte[] meta = t.bytes(2).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                DType.Extension ext = new DType.Extension(id, storage, meta);
                Extensions.kind(ext); // validates built-in ids
                yield ext;
            }
            case 10 -> {
                long size = t.u32(1, 0);
                if (size > Integer.MAX_VALUE) {
                    throw error(t, "fixed-size list size " + size + " too large");
                }
                yield new DType.FixedSizeList(read(required(t, 0, "fixed-size list element type"), depth + 1, seen),
                        (int) size, t.bool(2, false));
            }
            case 11 -> new DType.Variant(t.bool(0, false));
            case 12 -> {
                int n = t.vectorLength(1);
                List<String> names = new ArrayList<>(n);
                List<DType> variants = new ArrayList<>(n);
                List<Integer> ids = new ArrayList<>(n);
                if (t.vectorLength(0) != n || t.vectorLength(2) != n) {
                    throw error(t, "union needs parallel names, dtypes and type ids");
                }
                for (int i = 0; i < n; i++) {
                    names.add(t.stringAt(0, i));
                    variants.add(read(t.tableAt(1, i), depth + 1, seen));
                    ids.add(t.i8At(2, i) & 0xFF);
                }
                yield new DType.Union(names, variants, ids, t.bool(3, false));
            }
            case 13 -> new DType.Map(read(required(t, 0, "map key type"), depth + 1, seen),
                    read(required(t, 1, "map value type"), depth + 1, seen), t.bool(2, false), t.bool(3, false));
            default -> throw error(table, "unknown dtype union tag " + tag + ", expected 1..13");
        };
    }

    private static DType decimal(FbTable t) {
        int precision = t.u8(0, 0);
        int scale = t.i8(1, 0);
        try {
            return new DType.Decimal(precision, scale, t.bool(2, false));
        } catch (VortexException e) {
            throw error(t, e.problem());
        }
    }

    private static PType ptype(FbTable t, int id) {
        try {
            return PType.fromId(id);
        } catch (VortexException e) {
            throw error(t, e.problem());
        }
    }

    private static FbTable required(FbTable t, int field, String what) {
        FbTable sub = t.table(field);
        if (sub == null) {
            throw error(t, "missing " + what);
        }
        return sub;
    }

    private static VortexException error(FbTable t, String problem) {
        FbTable.Origin o = t.origin();
        return new VortexException(o.source(), t.absoluteOffset(), o.what(), problem, null);
    }
}
