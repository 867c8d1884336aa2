package io.jvortex.internal.scan;

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
    void segments(long start, long end, java.util.function.IntConsumer out) {
        if (validity != null) {
            validity.segments(start, end, out);
        }
        for (ColumnReader f : fields) {
            f.segments(start, end, out);
        }
    }

    @Override
    Canonical read(long start, int length, ScanState state) {
        return assemble(length, r -> r.read(start, length, state));
    }

    @Override
    Canonical readSome(long start, int length, int[] positions, ScanState state) {
        return assemble(positions.length, r -> r.readSome(start, length, positions, state));
    }

    @Override
    Canonical readSelected(long start, int length, SelectionFilter filter, ScanState state) {
        return assemble(filter.count(), r -> r.readSelected(start, length, filter, state));
    }

    @Override
    Canonical take(long[] rows, int from, int to, ScanState state) {
        return assemble(to - from, r -> r.take(rows, from, to, state));
    }

    @Override
    void takeTargets(long[] rows, int from, int to, List<PartialTake.Target> parts, java.util.BitSet whole) {
        if (validity != null) {
            validity.takeTargets(rows, from, to, parts, whole);
        }
        for (ColumnReader f : fields) {
            f.takeTargets(rows, from, to, parts, whole);
        }
    }

    /** The struct of {@code length} rows whose fields and validity are what {@code read} gives for each reader. */
    private Canonical assemble(int length, java.util.function.Function<ColumnReader, Canonical> read) {
        List<Canonical> out = new ArrayList<>(fields.size());
        for (ColumnReader f : fields) {
            out.add(read.apply(f));
        }
        Validity v = Validity.ALL_VALID;
        if (validity != null) {
            Canonical bits = read.apply(validity);
            if (!(bits instanceof BoolArray b)) {
                throw new io.jvortex.error.VortexException("struct validity decoded to " + bits.dtype().display()
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
