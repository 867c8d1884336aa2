package io.jvortex.dtype;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A Vortex logical data type. Closed set: switch over it exhaustively, without {@code default}.
 *
 * <p>Nullability is part of the type. Extension types have no nullability of their own: theirs is
 * the storage type's.
 */
public sealed interface DType {

    /** @return whether values of this type may be null */
    boolean nullable();

    /**
     * @param nullable the nullability wanted
     * @return this type with the given nullability (extension types change their storage type)
     */
    DType withNullable(boolean nullable);

    /** @return a compact human-readable form, e.g. {@code i32?} or {@code {a=i64, b=utf8?}} */
    String display();

    /** The type of the null value; always nullable. */
    record Null() implements DType {
        @Override
        public boolean nullable() {
            return true;
        }

        @Override
        public DType withNullable(boolean nullable) {
            return this;
        }

        @Override
        public String display() {
            return "null";
        }
    }

    /** Booleans. @param nullable whether null is allowed */
    record Bool(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Bool(n);
        }

        @Override
        public String display() {
            return "bool" + q(nullable);
        }
    }

    /** Integers and floats. @param ptype the physical type @param nullable whether null is allowed */
    record Primitive(PType ptype, boolean nullable) implements DType {
        /** Validates the components. */
        public Primitive {
            Objects.requireNonNull(ptype, "ptype");
        }

        @Override
        public DType withNullable(boolean n) {
            return new Primitive(ptype, n);
        }

        @Override
        public String display() {
            return ptype.displayName() + q(nullable);
        }
    }

    /**
     * Fixed-point decimals: value = unscaled × 10^-scale.
     *
     * @param precision total digits, 1..76
     * @param scale digits after the point, may be negative
     * @param nullable whether null is allowed
     */
    record Decimal(int precision, int scale, boolean nullable) implements DType {
        /** Largest precision Vortex supports. */
        public static final int MAX_PRECISION = 76;

        /** Validates precision and scale. */
        public Decimal {
            if (precision < 1 || precision > MAX_PRECISION) {
                throw new io.jvortex.error.VortexException(
                        "decimal precision must be 1..76, got " + precision);
            }
            if (scale < -128 || scale > precision) {
                throw new io.jvortex.error.VortexException(
                        "decimal scale must be -128..precision, got " + scale + " for precision " + precision);
            }
        }

        @Override
        public DType withNullable(boolean n) {
            return new Decimal(precision, scale, n);
        }

        @Override
        public String display() {
            return "decimal(" + precision + "," + scale + ")" + q(nullable);
        }
    }

    /** UTF-8 strings. @param nullable whether null is allowed */
    record Utf8(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Utf8(n);
        }

        @Override
        public String display() {
            return "utf8" + q(nullable);
        }
    }

    /** Byte strings. @param nullable whether null is allowed */
    record Binary(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Binary(n);
        }

        @Override
        public String display() {
            return "binary" + q(nullable);
        }
    }

    /**
     * Named fields.
     *
     * @param names field names, parallel to {@code fields}
     * @param fields field types
     * @param nullable whether a whole row may be null
     */
    record Struct(java.util.List<String> names, java.util.List<DType> fields, boolean nullable) implements DType {
        /** Validates and copies the components. */
        public Struct {
            names = java.util.List.copyOf(names);
            fields = java.util.List.copyOf(fields);
            if (names.size() != fields.size()) {
                throw new io.jvortex.error.VortexException(
                        "struct has " + names.size() + " names but " + fields.size() + " field types");
            }
        }

        /**
         * @param name a field name
         * @return its index, or -1 when absent
         */
        public int indexOf(String name) {
            return names.indexOf(name);
        }

        @Override
        public DType withNullable(boolean n) {
            return new Struct(names, fields, n);
        }

        @Override
        public String display() {
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < names.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append(names.get(i)).append('=').append(fields.get(i).display());
            }
            return sb.append('}').append(q(nullable)).toString();
        }
    }

    /** Variable-length lists. @param element the element type @param nullable whether null is allowed */
    record List(DType element, boolean nullable) implements DType {
        /** Validates the components. */
        public List {
            Objects.requireNonNull(element, "element");
        }

        @Override
        public DType withNullable(boolean n) {
            return new List(element, n);
        }

        @Override
        public String display() {
            return "list(" + element.display() + ")" + q(nullable);
        }
    }

    /**
     * Lists of exactly {@code size} elements.
     *
     * @param element the element type
     * @param size elements per list
     * @param nullable whether null is allowed
     */
    record FixedSizeList(DType element, int size, boolean nullable) implements DType {
        /** Validates the components. */
        public FixedSizeList {
            Objects.requireNonNull(element, "element");
            if (size < 0) {
                throw new io.jvortex.error.VortexException("fixed-size list size must be >= 0, got " + size);
            }
        }

        @Override
        public DType withNullable(boolean n) {
            return new FixedSizeList(element, size, n);
        }

        @Override
        public String display() {
            return "fixed_size_list(" + element.display() + ")[" + size + "]" + q(nullable);
        }
    }

    /**
     * An extension type: a logical meaning over a storage type (date, time, timestamp, uuid, …).
     *
     * @param id the extension id such as {@code vortex.timestamp}
     * @param storage the storage type, which carries the nullability
     * @param metadata the extension's serialized metadata (never null; copied)
     */
    record Extension(String id, DType storage, byte[] metadata) implements DType {
        /** Validates and copies the components. */
        public Extension {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(storage, "storage");
            metadata = metadata == null ? new byte[0] : metadata.clone();
        }

        @Override
        public byte[] metadata() {
            return metadata.clone();
        }

        /**
         * @param index a byte index
         * @return the metadata byte at that index
         */
        public int metadataByte(int index) {
            return metadata[index] & 0xFF;
        }

        /** @return the metadata length in bytes */
        public int metadataLength() {
            return metadata.length;
        }

        @Override
        public boolean nullable() {
            return storage.nullable();
        }

        @Override
        public DType withNullable(boolean n) {
            return new Extension(id, storage.withNullable(n), metadata);
        }

        @Override
        public String display() {
            return Extensions.display(this);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Extension e && id.equals(e.id) && storage.equals(e.storage)
                    && Arrays.equals(metadata, e.metadata);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, storage, Arrays.hashCode(metadata));
        }

        @Override
        public String toString() {
            return "Extension[id=" + id + ", storage=" + storage + ", metadata="
                    + HexFormat.of().formatHex(metadata) + "]";
        }
    }

    /** Semi-structured variant values. @param nullable whether null is allowed */
    record Variant(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Variant(n);
        }

        @Override
        public String display() {
            return "variant" + q(nullable);
        }
    }

    /**
     * Tagged unions.
     *
     * @param names variant names
     * @param variants variant types
     * @param typeIds the type id of each variant (0..255)
     * @param nullable whether null is allowed
     */
    record Union(java.util.List<String> names, java.util.List<DType> variants, java.util.List<Integer> typeIds,
                 boolean nullable) implements DType {
        /** Copies the components. */
        public Union {
            names = java.util.List.copyOf(names);
            variants = java.util.List.copyOf(variants);
            typeIds = java.util.List.copyOf(typeIds);
        }

        @Override
        public DType withNullable(boolean n) {
            return new Union(names, variants, typeIds, n);
        }

        @Override
        public String display() {
            StringBuilder sb = new StringBuilder("union(");
            for (int i = 0; i < variants.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append(i < names.size() ? names.get(i) : "").append('=')
                        .append(variants.get(i).display());
            }
            return sb.append(')').append(q(nullable)).toString();
        }
    }

    /**
     * Maps from keys to values.
     *
     * @param key the key type
     * @param value the value type
     * @param keysSorted whether keys are sorted within each map
     * @param nullable whether null is allowed
     */
    record Map(DType key, DType value, boolean keysSorted, boolean nullable) implements DType {
        /** Validates the components. */
        public Map {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }

        /** The field names of an entry struct, as the reference names them. */
        public static final java.util.List<String> ENTRY_FIELDS = java.util.List.of("key", "value");

        /** @return the non-nullable {@code struct{key, value}} type of one entry */
        public Struct entry() {
            return new Struct(ENTRY_FIELDS, java.util.List.of(key, value), false);
        }

        /** @return the type of the entries child: a list of {@link #entry()} with the map's nullability */
        public List entries() {
            return new List(entry(), nullable);
        }

        @Override
        public DType withNullable(boolean n) {
            return new Map(key, value, keysSorted, n);
        }

        @Override
        public String display() {
            return "map(" + key.display() + ", " + value.display() + ")" + q(nullable);
        }
    }

    private static String q(boolean nullable) {
        return nullable ? "?" : "";
    }
}
