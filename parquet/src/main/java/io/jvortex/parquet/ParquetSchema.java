package io.jvortex.parquet;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The Parquet schema as a tree of Vortex-typed nodes, each knowing the definition and repetition
 * levels that decide its rows.
 *
 * <p>Types follow pyarrow's reading of Parquet logical types (without an embedded Arrow schema),
 * then the Arrow → Vortex mapping of the reference. Levels: a node has a row ("slot") at a level
 * entry whose definition level is at least {@code slotDef} and whose repetition level is at most
 * {@code slotRep}; the row is non-null when the definition level is at least {@code presentDef}.
 * As in Arrow, the fields of a struct have a row for each of the struct's rows, null ones included
 * (so their {@code slotDef} is the struct's), while a list's or map's elements exist only in
 * non-empty lists (their {@code slotDef} is one above the list's {@code presentDef}). A non-nullable
 * node under a null parent holds a zero or empty value there.
 */
final class ParquetSchema {
    private ParquetSchema() {
    }

    /** How a leaf column's values are read and stored. */
    enum Kind {
        /** BOOLEAN → bool. */
        BOOL,
        /** INT32 → a primitive (or date/time storage) of {@code width} bytes. */
        INT32,
        /** INT64 → a primitive (or time/timestamp storage) of {@code width} bytes. */
        INT64,
        /** FLOAT → f32. */
        FLOAT,
        /** DOUBLE → f64. */
        DOUBLE,
        /** FIXED_LEN_BYTE_ARRAY(2) FLOAT16 → f16. */
        FLOAT16,
        /** INT96 (legacy timestamps) → timestamp ns. */
        INT96,
        /** BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY → utf8 or binary. */
        BYTES,
        /** INT32-backed decimal. */
        DECIMAL_INT32,
        /** INT64-backed decimal. */
        DECIMAL_INT64,
        /** BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY big-endian two's complement decimal. */
        DECIMAL_BYTES,
        /** UNKNOWN (always null) → null. */
        NULL,
        /** FIXED_LEN_BYTE_ARRAY(16) UUID → {@code vortex.uuid} over fixed_size_list(u8)[16]. */
        UUID
    }

    /** A node of the converted schema. */
    sealed interface Node {
        /** @return the Vortex dtype */
        DType dtype();

        /** @return the definition level at which this node has a row */
        int slotDef();

        /** @return the definition level at which that row is non-null */
        int presentDef();

        /** @return the largest repetition level that starts a new row of this node */
        int slotRep();

        /** @return the leaf whose levels decide this node's rows (its first) */
        Leaf firstLeaf();
    }

    /**
     * A leaf column.
     *
     * @param column index among the file's leaf columns
     * @param descriptor the column
     * @param kind how its values are read
     * @param dtype the Vortex dtype (an extension for dates and times)
     * @param width bytes per value of the stored primitive or decimal
     * @param slotDef see {@link Node}
     * @param presentDef see {@link Node}; the column's maximum definition level
     * @param slotRep see {@link Node}
     * @param keepLevels whether an enclosing struct, list or map needs this column's levels
     */
    record Leaf(int column, ColumnDescriptor descriptor, Kind kind, DType dtype, int width, int slotDef,
                int presentDef, int slotRep, boolean keepLevels) implements Node {
        @Override
        public Leaf firstLeaf() {
            return this;
        }
    }

    /**
     * A group without LIST or MAP annotation.
     *
     * @param dtype the struct dtype
     * @param children the fields
     * @param slotDef see {@link Node}
     * @param presentDef see {@link Node}
     * @param slotRep see {@link Node}
     */
    record Struct(DType.Struct dtype, List<Node> children, int slotDef, int presentDef, int slotRep)
            implements Node {
        @Override
        public Leaf firstLeaf() {
            return children.getFirst().firstLeaf();
        }
    }

    /**
     * A LIST group, or a repeated field outside one.
     *
     * @param dtype the list dtype
     * @param element the element node (its slots are the list's elements)
     * @param slotDef see {@link Node}
     * @param presentDef see {@link Node}
     * @param slotRep see {@link Node}
     */
    record ListNode(DType.List dtype, Node element, int slotDef, int presentDef, int slotRep) implements Node {
        @Override
        public Leaf firstLeaf() {
            return element.firstLeaf();
        }
    }

    /**
     * A MAP group.
     *
     * @param dtype the map dtype
     * @param key the key node
     * @param value the value node
     * @param slotDef see {@link Node}
     * @param presentDef see {@link Node}
     * @param slotRep see {@link Node}
     */
    record MapNode(DType.Map dtype, Node key, Node value, int slotDef, int presentDef, int slotRep)
            implements Node {
        @Override
        public Leaf firstLeaf() {
            return key.firstLeaf();
        }
    }

    /**
     * Converts a file schema.
     *
     * @param schema the Parquet schema
     * @return the root: a non-nullable struct of the top-level fields
     * @throws VortexException when a type has no Vortex equivalent
     */
    static Struct convert(MessageType schema) {
        Builder builder = new Builder(schema);
        List<Node> fields = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (Type field : schema.getFields()) {
            Node node = builder.field(field, 0, 0, 0, false, field.getName());
            fields.add(node);
            names.add(field.getName());
            types.add(node.dtype());
        }
        if (builder.nextColumn != schema.getColumns().size()) {
            throw new IllegalStateException("mapped " + builder.nextColumn + " of " + schema.getColumns().size()
                    + " leaf columns");
        }
        return new Struct(new DType.Struct(names, types, false), fields, 0, 0, 0);
    }

    private static final class Builder {
        private final List<ColumnDescriptor> columns;
        private int nextColumn;

        Builder(MessageType schema) {
            this.columns = schema.getColumns();
        }

        /**
         * A field with its own repetition.
         *
         * @param slotDef the definition level at which the enclosing struct (or list element) has a row;
         *     a struct's fields have a row wherever the struct has one, null or not
         * @param parentDef the definition level at which the enclosing node is non-null
         */
        Node field(Type type, int slotDef, int parentDef, int slotRep, boolean nested, String path) {
            return switch (type.getRepetition()) {
                case REQUIRED -> node(type, slotDef, parentDef, slotRep, false, nested, path);
                case OPTIONAL -> node(type, slotDef, parentDef + 1, slotRep, true, nested, path);
                case REPEATED -> {
                    // an unannotated repeated field is a non-null list of non-null elements
                    Node element = node(type, parentDef + 1, parentDef + 1, slotRep + 1, false, true, path);
                    yield new ListNode(new DType.List(element.dtype(), false), element, slotDef, parentDef, slotRep);
                }
            };
        }

        /** The type itself (ignoring its repetition), with the levels already decided. */
        Node node(Type type, int slotDef, int presentDef, int slotRep, boolean nullable, boolean nested,
                String path) {
            if (type.isPrimitive()) {
                return leaf(type.asPrimitiveType(), slotDef, presentDef, slotRep, nested, nullable, path);
            }
            GroupType group = type.asGroupType();
            LogicalTypeAnnotation annotation = group.getLogicalTypeAnnotation();
            if (annotation instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
                return list(group, slotDef, presentDef, slotRep, nullable, path);
            }
            if (annotation instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
                    || annotation instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
                return map(group, slotDef, presentDef, slotRep, nullable, path);
            }
            return struct(group, slotDef, presentDef, slotRep, nullable, path);
        }

        private Struct struct(GroupType group, int slotDef, int presentDef, int slotRep, boolean nullable,
                String path) {
            if (group.getFieldCount() == 0) {
                throw new VortexException("Parquet group " + path + " has no fields");
            }
            List<Node> children = new ArrayList<>();
            List<String> names = new ArrayList<>();
            List<DType> types = new ArrayList<>();
            for (Type field : group.getFields()) {
                Node child = field(field, slotDef, presentDef, slotRep, true, path + "." + field.getName());
                children.add(child);
                names.add(field.getName());
                types.add(child.dtype());
            }
            return new Struct(new DType.Struct(names, types, nullable), children, slotDef, presentDef, slotRep);
        }

        private ListNode list(GroupType group, int slotDef, int presentDef, int slotRep, boolean nullable,
                String path) {
            if (group.getFieldCount() != 1 || !group.getType(0).isRepetition(Type.Repetition.REPEATED)) {
                throw new VortexException("Parquet LIST " + path + " must hold exactly one repeated field");
            }
            Type repeated = group.getType(0);
            int elementDef = presentDef + 1;
            int elementRep = slotRep + 1;
            Node element;
            // the backward-compatibility rules of the Parquet format for two-level lists
            if (repeated.isPrimitive()) {
                element = node(repeated, elementDef, elementDef, elementRep, false, true, path + ".element");
            } else {
                GroupType repeatedGroup = repeated.asGroupType();
                boolean twoLevel = repeatedGroup.getFieldCount() != 1 || repeated.getName().equals("array")
                        || repeated.getName().equals(group.getName() + "_tuple");
                if (twoLevel) {
                    element = struct(repeatedGroup, elementDef, elementDef, elementRep, false, path + ".element");
                } else {
                    element = field(repeatedGroup.getType(0), elementDef, elementDef, elementRep, true,
                            path + ".element");
                }
            }
            return new ListNode(new DType.List(element.dtype(), nullable), element, slotDef, presentDef, slotRep);
        }

        private MapNode map(GroupType group, int slotDef, int presentDef, int slotRep, boolean nullable,
                String path) {
            if (group.getFieldCount() != 1 || !group.getType(0).isRepetition(Type.Repetition.REPEATED)
                    || group.getType(0).isPrimitive() || group.getType(0).asGroupType().getFieldCount() != 2) {
                throw new VortexException("Parquet MAP " + path
                        + " must hold one repeated group of a key and a value");
            }
            GroupType entries = group.getType(0).asGroupType();
            int entryDef = presentDef + 1;
            int entryRep = slotRep + 1;
            Node key = field(entries.getType(0), entryDef, entryDef, entryRep, true, path + ".key");
            Node value = field(entries.getType(1), entryDef, entryDef, entryRep, true, path + ".value");
            if (key.dtype().nullable()) {
                throw new VortexException("Parquet MAP " + path + " has an optional key");
            }
            return new MapNode(new DType.Map(key.dtype(), value.dtype(), false, nullable), key, value, slotDef,
                    presentDef, slotRep);
        }

        private Leaf leaf(PrimitiveType type, int slotDef, int presentDef, int slotRep, boolean nested,
                boolean nullable, String path) {
            int index = nextColumn++;
            ColumnDescriptor descriptor = columns.get(index);
            if (descriptor.getMaxDefinitionLevel() != presentDef || descriptor.getMaxRepetitionLevel() != slotRep) {
                throw new IllegalStateException("levels of " + path + ": computed def " + presentDef + " rep "
                        + slotRep + ", parquet-java says def " + descriptor.getMaxDefinitionLevel() + " rep "
                        + descriptor.getMaxRepetitionLevel());
            }
            if (presentDef > 255 || slotRep > 255) {
                throw new VortexException("Parquet column " + path + " is nested deeper than 255 levels");
            }
            LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
            Kind kind;
            DType dtype;
            int width;
            if (annotation instanceof LogicalTypeAnnotation.UnknownLogicalTypeAnnotation) {
                return new Leaf(index, descriptor, Kind.NULL, new DType.Null(), 0, slotDef, presentDef, slotRep,
                        nested);
            }
            if (annotation instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation decimal) {
                int precision = decimal.getPrecision();
                if (precision < 1 || precision > DType.Decimal.MAX_PRECISION) {
                    throw new VortexException("Parquet column " + path + ": decimal precision " + precision
                            + " is outside 1.." + DType.Decimal.MAX_PRECISION);
                }
                dtype = new DType.Decimal(precision, decimal.getScale(), nullable);
                width = decimalWidth(precision);
                kind = switch (type.getPrimitiveTypeName()) {
                    case INT32 -> Kind.DECIMAL_INT32;
                    case INT64 -> Kind.DECIMAL_INT64;
                    case BINARY, FIXED_LEN_BYTE_ARRAY -> Kind.DECIMAL_BYTES;
                    default -> throw unsupported(path, type);
                };
                return new Leaf(index, descriptor, kind, dtype, width, slotDef, presentDef, slotRep, nested);
            }
            switch (type.getPrimitiveTypeName()) {
                case BOOLEAN -> {
                    kind = Kind.BOOL;
                    dtype = new DType.Bool(nullable);
                    width = 0;
                }
                case INT32 -> {
                    kind = Kind.INT32;
                    if (annotation == null) {
                        dtype = new DType.Primitive(PType.I32, nullable);
                    } else if (annotation instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i
                            && i.getBitWidth() <= 32) {
                        dtype = new DType.Primitive(intType(i.getBitWidth(), i.isSigned(), path, type), nullable);
                    } else if (annotation instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
                        dtype = Extensions.date(TimeUnit.DAYS, nullable);
                    } else if (annotation instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation t
                            && t.getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS) {
                        dtype = Extensions.time(TimeUnit.MILLISECONDS, nullable);
                    } else {
                        throw unsupported(path, type);
                    }
                    width = storage(dtype).byteWidth();
                }
                case INT64 -> {
                    kind = Kind.INT64;
                    if (annotation == null) {
                        dtype = new DType.Primitive(PType.I64, nullable);
                    } else if (annotation instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i
                            && i.getBitWidth() == 64) {
                        dtype = new DType.Primitive(intType(i.getBitWidth(), i.isSigned(), path, type), nullable);
                    } else if (annotation instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation t
                            && t.getUnit() != LogicalTypeAnnotation.TimeUnit.MILLIS) {
                        dtype = Extensions.time(unit(t.getUnit()), nullable);
                    } else if (annotation instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t) {
                        dtype = Extensions.timestamp(unit(t.getUnit()), t.isAdjustedToUTC() ? "UTC" : null, nullable);
                    } else {
                        throw unsupported(path, type);
                    }
                    width = storage(dtype).byteWidth();
                }
                case FLOAT -> {
                    kind = Kind.FLOAT;
                    dtype = new DType.Primitive(PType.F32, nullable);
                    width = 4;
                }
                case DOUBLE -> {
                    kind = Kind.DOUBLE;
                    dtype = new DType.Primitive(PType.F64, nullable);
                    width = 8;
                }
                case INT96 -> {
                    kind = Kind.INT96;
                    dtype = Extensions.timestamp(TimeUnit.NANOSECONDS, null, nullable);
                    width = 8;
                }
                case FIXED_LEN_BYTE_ARRAY -> {
                    if (annotation instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
                        if (type.getTypeLength() != 2) {
                            throw new VortexException("Parquet column " + path + ": FLOAT16 of "
                                    + type.getTypeLength() + " bytes");
                        }
                        kind = Kind.FLOAT16;
                        dtype = new DType.Primitive(PType.F16, nullable);
                        width = 2;
                    } else if (annotation instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
                        if (type.getTypeLength() != 16) {
                            throw new VortexException("Parquet column " + path + ": UUID of "
                                    + type.getTypeLength() + " bytes");
                        }
                        kind = Kind.UUID;
                        dtype = uuid(nullable);
                        width = 16;
                    } else if (annotation == null
                            || annotation instanceof LogicalTypeAnnotation.IntervalLogicalTypeAnnotation) {
                        // no fixed-size binary in Vortex; INTERVAL keeps its 12 raw bytes (months, days, millis)
                        kind = Kind.BYTES;
                        dtype = new DType.Binary(nullable);
                        width = 0;
                    } else {
                        throw unsupported(path, type);
                    }
                }
                case BINARY -> {
                    kind = Kind.BYTES;
                    // as Arrow reads them: STRING and JSON are text, everything else (ENUM, BSON, none) bytes
                    boolean text = annotation instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                            || annotation instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
                    dtype = text ? new DType.Utf8(nullable) : new DType.Binary(nullable);
                    width = 0;
                }
                default -> throw unsupported(path, type);
            }
            return new Leaf(index, descriptor, kind, dtype, width, slotDef, presentDef, slotRep, nested);
        }
    }

    /**
     * The dtype of UUIDs, as the reference maps Arrow's {@code arrow.uuid}.
     *
     * @param nullable whether nulls are allowed
     * @return {@code vortex.uuid} over a fixed-size list of 16 bytes
     */
    static DType.Extension uuid(boolean nullable) {
        return new DType.Extension(Extensions.UUID,
                new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 16, nullable), new byte[0]);
    }

    /** The primitive under a dtype (the storage of date/time extensions). */
    static PType storage(DType dtype) {
        return switch (dtype) {
            case DType.Primitive p -> p.ptype();
            case DType.Extension e -> ((DType.Primitive) e.storage()).ptype();
            default -> throw new IllegalArgumentException("not a primitive: " + dtype.display());
        };
    }

    /**
     * The narrowest two's-complement width that holds every value of a precision, as the reference
     * picks it (i8, i16, i32, i64, i128, i256).
     */
    static int decimalWidth(int precision) {
        if (precision <= 2) {
            return 1;
        }
        if (precision <= 4) {
            return 2;
        }
        if (precision <= 9) {
            return 4;
        }
        if (precision <= 18) {
            return 8;
        }
        return precision <= 38 ? 16 : 32;
    }

    private static PType intType(int bits, boolean signed, String path, PrimitiveType type) {
        return switch (bits) {
            case 8 -> signed ? PType.I8 : PType.U8;
            case 16 -> signed ? PType.I16 : PType.U16;
            case 32 -> signed ? PType.I32 : PType.U32;
            case 64 -> signed ? PType.I64 : PType.U64;
            default -> throw unsupported(path, type);
        };
    }

    private static TimeUnit unit(LogicalTypeAnnotation.TimeUnit unit) {
        return switch (unit) {
            case MILLIS -> TimeUnit.MILLISECONDS;
            case MICROS -> TimeUnit.MICROSECONDS;
            case NANOS -> TimeUnit.NANOSECONDS;
        };
    }

    private static VortexException unsupported(String path, PrimitiveType type) {
        return new VortexException("Parquet column " + path + " of type " + type
                + " has no Vortex equivalent");
    }
}
