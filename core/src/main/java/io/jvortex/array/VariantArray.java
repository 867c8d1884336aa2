package io.jvortex.array;

import io.jvortex.dtype.DType;

/**
 * Variant values as stored: the Parquet/Arrow variant columns ({@code metadata}, {@code value},
 * {@code typed_value}) of {@code vortex.parquet.variant}, plus the row-aligned {@code shredded} tree
 * a {@code vortex.variant} node may carry. The Variant binary encoding is not interpreted: the
 * children are exposed as decoded.
 *
 * <p>Row {@code i} is null when {@code validity} says so. Otherwise, following the Parquet variant
 * shredding rules: {@code value[i]} non-null and {@code typed_value[i]} null (or absent) = an
 * unshredded value; {@code value[i]} null and {@code typed_value[i]} non-null = a perfectly shredded
 * value; both non-null = a partially shredded object.
 *
 * @param dtype the variant type
 * @param length rows
 * @param validity which rows are valid
 * @param metadata the variant metadata dictionaries: binary, non-nullable, {@code length} rows
 * @param value the unshredded variant values: binary, {@code length} rows; {@code null} when absent
 * @param typedValue the shredded typed values, any type, {@code length} rows; {@code null} when absent
 * @param shredded the {@code vortex.variant} node's shredded tree, any type; {@code null} when absent
 */
public record VariantArray(DType.Variant dtype, int length, Validity validity, Canonical metadata, Canonical value,
                           Canonical typedValue, Canonical shredded) implements Canonical {

    /** Checks that the children are row-aligned and that one of value and typed value is present. */
    public VariantArray {
        if (value == null && typedValue == null) {
            throw new IllegalArgumentException("a variant needs a value or a typed value child");
        }
        check(metadata, "metadata", length);
        if (!(metadata.dtype() instanceof DType.Binary)) {
            throw new IllegalArgumentException("variant metadata must be binary, got " + metadata.dtype().display());
        }
        if (value != null) {
            check(value, "value", length);
            if (!(value.dtype() instanceof DType.Binary)) {
                throw new IllegalArgumentException("variant value must be binary, got " + value.dtype().display());
            }
        }
        if (typedValue != null) {
            check(typedValue, "typed_value", length);
        }
        if (shredded != null) {
            check(shredded, "shredded", length);
        }
    }

    private static void check(Canonical child, String name, int length) {
        if (child.length() != length) {
            throw new IllegalArgumentException("variant " + name + " has " + child.length() + " rows, expected "
                    + length);
        }
    }

    /**
     * @param shreddedTree a row-aligned shredded tree (or {@code null})
     * @return this array with that shredded tree
     */
    public VariantArray withShredded(Canonical shreddedTree) {
        return new VariantArray(dtype, length, validity, metadata, value, typedValue, shreddedTree);
    }

    @Override
    public VariantArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        return new VariantArray(dtype, len, validity.slice(start, len), metadata.slice(start, len),
                value == null ? null : value.slice(start, len), typedValue == null ? null : typedValue.slice(start, len),
                shredded == null ? null : shredded.slice(start, len));
    }
}
