package io.jvortex.arrow;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An Arrow schema: top-level fields in order and the schema's custom metadata.
 *
 * @param fields the columns
 * @param metadata the custom metadata, in order
 */
public record ArrowSchema(List<ArrowField> fields, Map<String, String> metadata) {
    /** Copies the components; metadata keeps its order. */
    public ArrowSchema {
        fields = List.copyOf(fields);
        metadata = metadata == null || metadata.isEmpty() ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }

    /**
     * @param fields the columns
     * @return a schema without metadata
     */
    public static ArrowSchema of(ArrowField... fields) {
        return new ArrowSchema(List.of(fields), Map.of());
    }
}
