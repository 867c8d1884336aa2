package io.jvortex.api;

import io.jvortex.array.StructArray;
import java.util.List;

/**
 * A struct column: named field columns of the same row count. A null struct row does not make its
 * fields null; check {@link #isNull(int)} on the struct. Obtained from {@link Column#asStructs()}.
 */
public final class StructColumn extends ColumnView {
    private final StructArray struct;

    StructColumn(Chunk owner, String name, StructArray array) {
        super(owner, name, array);
        this.struct = array;
    }

    /** @return the number of fields */
    public int fieldCount() {
        return struct.fields().size();
    }

    /** @return the field names in schema order */
    public List<String> fieldNames() {
        return struct.dtype().names();
    }

    /**
     * @param index a field index
     * @return that field's column
     * @throws IndexOutOfBoundsException for a bad index
     */
    public Column field(int index) {
        ensureOpen();
        java.util.Objects.checkIndex(index, fieldCount());
        return new Column(owner, struct.dtype().names().get(index), struct.fields().get(index));
    }

    /**
     * @param name a field name
     * @return that field's column
     * @throws IllegalArgumentException when there is no such field
     */
    public Column field(String name) {
        ensureOpen();
        int index = struct.dtype().indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException("no field named '" + name + "' in " + describe());
        }
        return new Column(owner, name, struct.fields().get(index));
    }
}
