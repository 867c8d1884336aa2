package io.jvortex.array;

import io.jvortex.dtype.DType;
import java.util.List;

/**
 * Tagged unions in the reference's canonical sparse form: one u8 type id per row and one
 * row-aligned child per variant. Row {@code i} is null when its type id is null; otherwise its
 * value is {@code children[variantIndex(i)][i]} (which may itself be null). Values of the other
 * children at that row are placeholders.
 *
 * @param dtype the union type
 * @param typeIds one u8 type id per row, with the union's nullability; the validity of the union
 * @param children one array per variant of {@code dtype}, in order, each of {@code length} rows
 */
public record UnionArray(DType.Union dtype, PrimitiveArray typeIds, List<Canonical> children) implements Canonical {

    /** Checks the shape; type id values are checked by the decoder (see {@link #firstUndeclared()}). */
    public UnionArray {
        children = List.copyOf(children);
        if (children.size() != dtype.variants().size()) {
            throw new IllegalArgumentException(children.size() + " children for " + dtype.variants().size()
                    + " union variants");
        }
        for (Canonical c : children) {
            if (c.length() != typeIds.length()) {
                throw new IllegalArgumentException("union child of " + c.length() + " rows, expected "
                        + typeIds.length());
            }
        }
    }

    @Override
    public int length() {
        return typeIds.length();
    }

    @Override
    public Validity validity() {
        return typeIds.validity();
    }

    /**
     * @param rowIndex a valid row
     * @return its type id (0..255)
     */
    public int typeId(int rowIndex) {
        return (int) typeIds.getLong(rowIndex) & 0xFF;
    }

    /**
     * @param rowIndex a valid row
     * @return the index in {@link #children()} of its variant, or -1 when its type id is undeclared
     */
    public int variantIndex(int rowIndex) {
        return dtype.typeIds().indexOf(typeId(rowIndex));
    }

    /** @return the first valid row whose type id the dtype does not declare, or -1 */
    public int firstUndeclared() {
        for (int i = 0; i < length(); i++) {
            if (isValid(i) && variantIndex(i) < 0) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public UnionArray slice(int start, int len) {
        Canonical.checkSlice(length(), start, len);
        return new UnionArray(dtype, typeIds.slice(start, len), children.stream().map(c -> c.slice(start, len)).toList());
    }
}
