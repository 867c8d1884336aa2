package io.jvortex.scan;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/** Reads {@code vortex.struct} (or a projection of it): assembles the fields' ranges. */
final class StructReader extends ColumnReader {
    private final DType.Struct dtype;
    private final ColumnReader validity;
    private final List<ColumnReader> fields;
    private final long rowCount;

    StructReader(DType.Struct dtype, ColumnReader validity, List<ColumnReader> fields, long rowCount) {
        this.dtype = dtype;
        this.validity = validity;
        this.fields = fields;
        this.rowCount = rowCount;
    }

    @Override
    long rowCount() {
        return rowCount;
    }

    @Override
    void boundaries(long base, LongConsumer out) {
        if (validity != null) {
            validity.boundaries(base, out);
        }
        for (ColumnReader f : fields) {
            f.boundaries(base, out);
        }
    }

    @Override
    Canonical read(long start, int length, ScanState state) {
        List<Canonical> out = new ArrayList<>(fields.size());
        for (ColumnReader f : fields) {
            out.add(f.read(start, length, state));
        }
        Validity v = Validity.ALL_VALID;
        if (validity != null) {
            Canonical bits = validity.read(start, length, state);
            if (!(bits instanceof BoolArray b)) {
                throw new io.jvortex.api.VortexException("struct validity decoded to " + bits.dtype().display()
                        + ", expected bool");
            }
            v = b.asValidity();
        }
        return new StructArray(dtype, out, length, v);
    }

    @Override
    Canonical readSome(long start, int length, int[] positions, ScanState state) {
        List<Canonical> out = new ArrayList<>(fields.size());
        for (ColumnReader f : fields) {
            out.add(f.readSome(start, length, positions, state));
        }
        Validity v = Validity.ALL_VALID;
        if (validity != null) {
            Canonical bits = validity.readSome(start, length, positions, state);
            if (!(bits instanceof BoolArray b)) {
                throw new io.jvortex.api.VortexException("struct validity decoded to " + bits.dtype().display()
                        + ", expected bool");
            }
            v = b.asValidity();
        }
        return new StructArray(dtype, out, positions.length, v);
    }

    @Override
    Canonical take(long[] rows, int from, int to, ScanState state) {
        int length = to - from;
        List<Canonical> out = new ArrayList<>(fields.size());
        for (ColumnReader f : fields) {
            out.add(f.take(rows, from, to, state));
        }
        Validity v = Validity.ALL_VALID;
        if (validity != null) {
            Canonical bits = validity.take(rows, from, to, state);
            if (!(bits instanceof BoolArray b)) {
                throw new io.jvortex.api.VortexException("struct validity decoded to " + bits.dtype().display()
                        + ", expected bool");
            }
            v = b.asValidity();
        }
        return new StructArray(dtype, out, length, v);
    }

    @Override
    void release(long row) {
        if (validity != null) {
            validity.release(row);
        }
        for (ColumnReader f : fields) {
            f.release(row);
        }
    }
}
