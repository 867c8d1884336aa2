package io.jvortex.arrow;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One Arrow field: a name, a type, nullability, the children of a nested type, the dictionary encoding of a
 * dictionary-encoded field, and the field's custom metadata (where Arrow extension types live:
 * {@value #EXTENSION_NAME} and {@value #EXTENSION_METADATA}).
 *
 * @param name the field name (may be empty)
 * @param nullable whether values may be null
 * @param type the type; for a dictionary-encoded field, the type of the dictionary's values
 * @param children the children of a nested type, in order
 * @param dictionary the dictionary encoding, or null
 * @param metadata the custom metadata, in order
 */
public record ArrowField(String name, boolean nullable, ArrowType type, List<ArrowField> children,
                         DictionaryEncoding dictionary, Map<String, String> metadata) {

    /** The metadata key naming a field's extension type. */
    public static final String EXTENSION_NAME = "ARROW:extension:name";
    /** The metadata key holding a field's serialized extension metadata. */
    public static final String EXTENSION_METADATA = "ARROW:extension:metadata";

    /** Validates and copies the components; metadata keeps its order. */
    public ArrowField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        children = children == null ? List.of() : List.copyOf(children);
        metadata = metadata == null || metadata.isEmpty() ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }

    /**
     * A field without dictionary or metadata.
     *
     * @param name the name
     * @param nullable whether values may be null
     * @param type the type
     * @param children the children of a nested type
     * @return the field
     */
    public static ArrowField of(String name, boolean nullable, ArrowType type, ArrowField... children) {
        return new ArrowField(name, nullable, type, List.of(children), null, Map.of());
    }

    /**
     * The dictionary encoding of a field.
     *
     * @param id the dictionary id, unique in the schema
     * @param indexType the integer type of the indices
     * @param ordered whether the dictionary's order is meaningful
     */
    public record DictionaryEncoding(long id, ArrowType.Int indexType, boolean ordered) {
        /** Validates the index type. */
        public DictionaryEncoding {
            Objects.requireNonNull(indexType, "indexType");
        }
    }

    /** @return the extension type name, or null when the field is not an extension type */
    public String extensionName() {
        return metadata.get(EXTENSION_NAME);
    }

    /**
     * @param newMetadata the metadata
     * @return this field with other metadata
     */
    public ArrowField withMetadata(Map<String, String> newMetadata) {
        return new ArrowField(name, nullable, type, children, dictionary, newMetadata);
    }

    /**
     * @param newDictionary the dictionary encoding, or null
     * @return this field with another dictionary encoding
     */
    public ArrowField withDictionary(DictionaryEncoding newDictionary) {
        return new ArrowField(name, nullable, type, children, newDictionary, metadata);
    }

    /**
     * @param newName the name
     * @return this field under another name
     */
    public ArrowField withName(String newName) {
        return new ArrowField(newName, nullable, type, children, dictionary, metadata);
    }
}
