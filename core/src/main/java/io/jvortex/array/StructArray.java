package io.jvortex.array;

import io.jvortex.dtype.DType;
import java.util.List;

/**
 * Named fields of equal length. A null row does not force its fields to be null.
 *
 * @param dtype the struct type
 * @param fields one array per field, in field order
 * @param length rows
 * @param validity which rows are valid
 */
public record StructArray(DType.Struct dtype, List<Canonical> fields, int length, Validity validity)
        implements Canonical {

    /** Copies the field list and checks field count and lengths. */
    public StructArray {
        fields = List.copyOf(fields);
        if (fields.size() != dtype.fields().size()) {
            throw new IllegalArgumentException(fields.size() + " field arrays for " + dtype.fields().size() + " fields");
        }
        for (Canonical f : fields) {
            if (f.length() != length) {
                throw new IllegalArgumentException("field of " + f.length() + " rows in a struct of " + length);
            }
        }
    }

    /**
     * @param name a field name
     * @return the field's array
     */
    public Canonical field(String name) {
        int i = dtype.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no field named '" + name + "' among " + dtype.fields().size() + " fields");
        }
        return fields.get(i);
    }

    @Override
    public StructArray slice(int start, int len) {
        Canonical.checkSlice(length, start, len);
        return new StructArray(dtype, fields.stream().map(f -> f.slice(start, len)).toList(), len,
                validity.slice(start, len));
    }
}
