package io.jvortex.spark;

import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * What one file's scan reads for the data columns Spark asked for, nested pruning included: a struct
 * column Spark pruned to some of its fields is read as the dotted paths of those fields (so the other
 * fields are never fetched nor decoded) and put back together as a struct vector of the pruned shape.
 *
 * <p>jvortex gives a nested path the validity of the leaf and all its ancestors together (it has no
 * projection of a struct to some of its fields), yet Spark may test a pruned struct itself for null
 * ({@code s IS NULL} next to {@code s.a}). So the null rows of a nullable pruned struct come from a
 * "probe": a leaf field of it that has no null of its own in the file (non-nullable, or no null in
 * any zone of its zone map), whose nulls read through the struct are then exactly the struct's. A
 * nullable struct without such a field (or without zone maps) is read whole and pruned on the vector.
 */
final class ColumnReads {
    /** How one output column is assembled from the paths read. */
    private sealed interface Node permits Leaf, Branch {
    }

    /** A path read as it is, shown as the (possibly pruned) Spark type. */
    private record Leaf(int read, DataType type) implements Node {
    }

    /** A pruned struct: its null rows from a probe path ({@code -1}: none) and one node per field. */
    private record Branch(StructType type, int validity, Node[] children) implements Node {
    }

    private final Map<String, Integer> paths = new LinkedHashMap<>();
    private final Node[] columns;
    private final Predicate<String> noNulls;
    private final DType.Struct schema;
    private final Map<String, Integer> topLevel;

    /**
     * Plans the reads of one file.
     *
     * @param schema the file's schema
     * @param dataRead the data columns Spark reads, nested structs maybe pruned
     * @param noNulls whether the file's zone maps show no null in a column path (the probe test for a
     *     nullable field)
     */
    ColumnReads(DType.Struct schema, StructType dataRead, Predicate<String> noNulls) {
        this.noNulls = noNulls;
        this.schema = schema;
        // top-level names by hash: DType.Struct.indexOf is a linear search, and wide files have
        // thousands of columns (the first of duplicate names wins, as with indexOf)
        this.topLevel = java.util.HashMap.newHashMap(schema.names().size());
        for (int i = schema.names().size() - 1; i >= 0; i--) {
            topLevel.put(schema.names().get(i), i);
        }
        this.columns = new Node[dataRead.fields().length];
        for (int i = 0; i < columns.length; i++) {
            StructField f = dataRead.fields()[i];
            columns[i] = node(f.name(), schema.fields().get(topLevel.get(f.name())), f.dataType(), true);
        }
    }

    /** @return the column paths to scan, in the order of the chunks' fields */
    List<String> paths() {
        return new ArrayList<>(paths.keySet());
    }

    /**
     * The vector of one data column over a chunk.
     *
     * @param rows the chunk's fields, in {@link #paths()} order
     * @param column the index of the column in the data columns read
     * @return the vector, of the column's Spark type
     */
    ColumnVector vector(StructArray rows, int column) {
        return vector(rows, columns[column]);
    }

    private static ColumnVector vector(StructArray rows, Node node) {
        return switch (node) {
            case Leaf l -> VortexVectors.of(rows.fields().get(l.read()), l.type());
            case Branch b -> {
                ColumnVector[] children = new ColumnVector[b.children().length];
                for (int i = 0; i < children.length; i++) {
                    children[i] = vector(rows, b.children()[i]);
                }
                Validity validity = b.validity() < 0 ? Validity.ALL_VALID
                        : rows.fields().get(b.validity()).validity();
                yield new VortexVectors.StructVector(b.type(), children, validity, rows.length());
            }
        };
    }

    private int read(String path) {
        return paths.computeIfAbsent(path, p -> paths.size());
    }

    private Node node(String path, DType dtype, DataType type, boolean topLevel) {
        if (type instanceof StructType pruned && dtype instanceof DType.Struct struct
                && !(topLevel && path.indexOf('.') >= 0)) {
            return branch(path, struct, pruned);
        }
        return new Leaf(read(path), type);
    }

    private Node branch(String path, DType.Struct struct, StructType pruned) {
        if (!prunes(struct, pruned) || !fieldsReadable(path, struct, pruned)) {
            return new Leaf(read(path), pruned);
        }
        String probe = null;
        if (struct.nullable()) {
            probe = probe(path, struct, pruned);
            if (probe == null) {
                return new Leaf(read(path), pruned);
            }
        }
        Node[] children = new Node[pruned.fields().length];
        for (int i = 0; i < children.length; i++) {
            StructField f = pruned.fields()[i];
            int index = fieldIndex(struct, f.name());
            children[i] = node(path + "." + struct.names().get(index), struct.fields().get(index), f.dataType(), false);
        }
        // read after the fields, so a probe that is also a field shares its read
        int validity = probe == null ? -1 : read(probe);
        return new Branch(pruned, validity, children);
    }

    /** Whether the pruned type leaves out anything of the file's struct (at any depth). */
    private static boolean prunes(DType.Struct struct, StructType pruned) {
        return !VortexVectors.matches(struct, pruned);
    }

    /**
     * Whether every field of the pruned struct is in the file's struct with a name free of dots, and its
     * dotted path names no top-level column (which jvortex would read instead).
     */
    private boolean fieldsReadable(String path, DType.Struct struct, StructType pruned) {
        for (int i = 0; i < struct.names().size(); i++) {
            if (topLevel.containsKey(path + "." + struct.names().get(i))) {
                return false;
            }
        }
        for (StructField f : pruned.fields()) {
            int index = fieldIndex(struct, f.name());
            if (index < 0 || struct.names().get(index).indexOf('.') >= 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The index of a field by its name, exact first, then ignoring case (as Spark resolves names).
     *
     * @return the index, or -1
     */
    static int fieldIndex(DType.Struct struct, String name) {
        int exact = struct.indexOf(name);
        if (exact >= 0) {
            return exact;
        }
        for (int i = 0; i < struct.names().size(); i++) {
            if (struct.names().get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The path of a leaf field of a nullable struct that has no null of its own in this file (its
     * nulls read through the struct are then exactly the struct's, or an ancestor's, which hides the
     * struct anyway): a field Spark reads when one qualifies, else the narrowest; null when none does.
     */
    private String probe(String path, DType.Struct struct, StructType pruned) {
        for (StructField f : pruned.fields()) {
            int i = fieldIndex(struct, f.name());
            if (!(struct.fields().get(i) instanceof DType.Struct) && noNulls(path, struct, i)) {
                return path + "." + struct.names().get(i);
            }
        }
        List<Integer> leaves = new ArrayList<>();
        for (int i = 0; i < struct.names().size(); i++) {
            if (!(struct.fields().get(i) instanceof DType.Struct) && struct.names().get(i).indexOf('.') < 0) {
                leaves.add(i);
            }
        }
        leaves.sort((a, b) -> Integer.compare(width(struct.fields().get(a)), width(struct.fields().get(b))));
        for (int i : leaves) {
            if (noNulls(path, struct, i)) {
                return path + "." + struct.names().get(i);
            }
        }
        return null;
    }

    private boolean noNulls(String path, DType.Struct struct, int field) {
        return !struct.fields().get(field).nullable() || noNulls.test(path + "." + struct.names().get(field));
    }

    private static int width(DType t) {
        return switch (t) {
            case DType.Bool b -> 1;
            case DType.Primitive p -> p.ptype().byteWidth();
            case DType.Extension e when e.storage() instanceof DType.Primitive p -> p.ptype().byteWidth();
            case DType.Decimal d -> 16;
            default -> 1_000;
        };
    }

    /**
     * Whether a file's dtype can be read as a Spark type that is the table's type with struct fields
     * maybe left out (Spark's nested schema pruning), at any depth.
     *
     * @param dtype the file's dtype
     * @param type the Spark type asked for
     * @return whether {@link VortexVectors#of} reads it as that type
     */
    static boolean readable(DType dtype, DataType type) {
        if (VortexVectors.matches(dtype, type)) {
            return true;
        }
        return switch (type) {
            case StructType s when dtype instanceof DType.Struct d -> {
                for (StructField f : s.fields()) {
                    int i = fieldIndex(d, f.name());
                    if (i < 0 || !readable(d.fields().get(i), f.dataType())) {
                        yield false;
                    }
                }
                yield true;
            }
            case ArrayType a when dtype instanceof DType.List l -> readable(l.element(), a.elementType());
            case ArrayType a when dtype instanceof DType.FixedSizeList l -> readable(l.element(), a.elementType());
            case MapType m when dtype instanceof DType.Map d -> readable(d.key(), m.keyType())
                    && readable(d.value(), m.valueType());
            default -> false;
        };
    }
}
