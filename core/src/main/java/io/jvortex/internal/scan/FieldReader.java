package io.jvortex.internal.scan;

import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validities;
import io.jvortex.array.Validity;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Projects a nested field out of a struct-valued reader; a null parent row makes the field null.
 */
final class FieldReader extends ColumnReader {
    private final ColumnReader parent;
    private final List<String> path;
    private final boolean nullable;

    /**
     * @param parent a struct-valued reader
     * @param path field names from the parent down to the leaf
     * @param nullable the output nullability: the leaf's, or true when any ancestor on the path is nullable
     */
    FieldReader(ColumnReader parent, List<String> path, boolean nullable) {
        this.parent = parent;
        this.path = List.copyOf(path);
        this.nullable = nullable;
    }

    @Override
    long rowCount() {
        return parent.rowCount();
    }

    @Override
    void boundaries(long base, LongConsumer out) {
        parent.boundaries(base, out);
    }

    @Override
    void segments(long start, long end, java.util.function.IntConsumer out) {
        parent.segments(start, end, out);
    }

    @Override
    Canonical read(long start, int length, ScanState state) {
        Canonical current = parent.read(start, length, state);
        Validity inherited = Validity.ALL_VALID;
        for (String name : path) {
            if (current instanceof io.jvortex.array.OpaqueArray o) {
                return new io.jvortex.array.OpaqueArray(o.encodingId(), leafType(o.dtype()), length);
            }
            StructArray s = (StructArray) current;
            inherited = Validities.and(inherited, s.validity(), length, state.chunkAllocator());
            current = s.field(name);
        }
        if (inherited instanceof Validity.AllValid && current.dtype().nullable() == nullable) {
            return current;
        }
        return Validities.withValidity(current,
                Validities.and(inherited, current.validity(), length, state.chunkAllocator()), nullable);
    }

    private io.jvortex.dtype.DType leafType(io.jvortex.dtype.DType t) {
        for (String name : path) {
            io.jvortex.dtype.DType.Struct s = (io.jvortex.dtype.DType.Struct) t;
            t = s.fields().get(s.indexOf(name));
        }
        return t.withNullable(nullable);
    }

    @Override
    void release(long row) {
        parent.release(row);
    }
}
