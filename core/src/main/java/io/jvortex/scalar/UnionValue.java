package io.jvortex.scalar;

import java.util.Objects;

/**
 * The value of a non-null union scalar: the selected variant's type id and its value.
 *
 * @param typeId the type id (0..255), one of the union dtype's declared ids
 * @param value the variant's value, of that variant's dtype (may itself be null)
 */
public record UnionValue(int typeId, Scalar value) {
    /** Checks the components. */
    public UnionValue {
        Objects.requireNonNull(value, "value");
        if (typeId < 0 || typeId > 255) {
            throw new IllegalArgumentException("type id must be 0..255, got " + typeId);
        }
    }
}
