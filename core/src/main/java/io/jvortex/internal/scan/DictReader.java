package io.jvortex.internal.scan;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Take;
import io.jvortex.internal.layout.Layout;
import java.util.function.LongConsumer;

/**
 * Reads {@code vortex.dict}: decodes the values once (kept while the dictionary's rows are read),
 * reads codes per range and gathers.
 */
final class DictReader extends ColumnReader {
    private final Layout.Dict layout;
    private final ColumnReader codes;
    private ColumnReader valuesReader;
    private java.lang.foreign.Arena valuesArena;
    private Canonical values;

    DictReader(Layout.Dict layout, ColumnReader codes) {
        this.layout = layout;
        this.codes = codes;
    }

    @Override
    long rowCount() {
        return layout.rowCount();
    }

    @Override
    void boundaries(long base, LongConsumer out) {
        codes.boundaries(base, out);
    }

    /** The codes of the rows and, until they are decoded, all of the dictionary's values. */
    @Override
    void segments(long start, long end, java.util.function.IntConsumer out) {
        if (values == null) {
            Readers.allSegments(layout.values(), out);
        }
        codes.segments(start, end, out);
    }

    @Override
    Canonical read(long start, int length, ScanState state) {
        ensureValues(state);
        PrimitiveArray idx = codes(start, length, state);
        try {
            return Take.take(values, idx, state.chunkAllocator());
        } catch (VortexException e) {
            throw e.withContext(state.file.source(), VortexException.NO_OFFSET, layout.path() + " rows " + start + "..");
        }
    }

    /** Filters the codes, then looks up only the kept rows' values. */
    @Override
    Canonical readSelected(long start, int length, SelectionFilter filter, ScanState state) {
        ensureValues(state);
        PrimitiveArray idx = (PrimitiveArray) filter.apply(codes(start, length, state), state.chunkAllocator());
        try {
            return Take.take(values, idx, state.chunkAllocator());
        } catch (VortexException e) {
            throw e.withContext(state.file.source(), VortexException.NO_OFFSET, layout.path() + " rows " + start + "..");
        }
    }

    /**
     * Codes stored as runs make the column runs of dictionary values (one value gathered per run);
     * otherwise the dictionary and the range's codes.
     */
    @Override
    io.jvortex.expr.Evaluator.Values readForFilter(long start, int length, ScanState state, boolean shared) {
        io.jvortex.expr.Evaluator.Values codeForm = codes instanceof FlatReader f
                ? f.readForFilter(start, length, state, shared, true) : null;
        if (codeForm instanceof io.jvortex.expr.Evaluator.Values.Runs runs
                && runs.values() instanceof PrimitiveArray runCodes && runCodes.ptype().isInteger()) {
            ensureValues(state);
            Canonical runValues;
            try {
                runValues = Take.take(values, runCodes, state.chunkAllocator());
            } catch (VortexException e) {
                throw e.withContext(state.file.source(), VortexException.NO_OFFSET, layout.path() + " rows " + start
                        + "..");
            }
            return new io.jvortex.expr.Evaluator.Values.Runs(runValues, runs.ends(), length);
        }
        return readDictionary(start, length, state);
    }

    io.jvortex.expr.Evaluator.Values.Dict readDictionary(long start, int length, ScanState state) {
        ensureValues(state);
        PrimitiveArray idx = codes(start, length, state);
        if (!idx.ptype().isInteger()) {
            throw new VortexException(state.file.source(), VortexException.NO_OFFSET, layout.path(),
                    "dictionary codes decoded to " + idx.dtype().display() + ", expected integers", null);
        }
        return new io.jvortex.expr.Evaluator.Values.Dict(values, idx);
    }

    private PrimitiveArray codes(long start, int length, ScanState state) {
        Canonical c = codes.read(start, length, state);
        if (!(c instanceof PrimitiveArray idx)) {
            throw new VortexException(state.file.source(), VortexException.NO_OFFSET, layout.path(),
                    "dictionary codes decoded to " + c.dtype().display(), null);
        }
        return idx;
    }

    private void ensureValues(ScanState state) {
        if (values == null) {
            valuesReader = Readers.of(layout.values());
            long n = layout.values().rowCount();
            if (n > io.jvortex.spi.DecodeContext.MAX_ROWS) {
                throw new VortexException(state.file.source(), VortexException.NO_OFFSET, layout.path(),
                        "dictionary of " + n + " values is too large", null);
            }
            // A dictionary's values layout is one flat in practice; a chunked one is concatenated.
            java.lang.foreign.Arena fresh = state.newArena();
            try {
                values = readAll(valuesReader, (int) n, state, state.allocator(fresh));
            } catch (RuntimeException | Error e) {
                fresh.close();
                throw e;
            }
            valuesArena = fresh;
        }
    }

    private static Canonical readAll(ColumnReader reader, int n, ScanState state,
                                     io.jvortex.array.Allocator allocator) {
        java.util.List<Long> cuts = new java.util.ArrayList<>();
        reader.boundaries(0, cuts::add);
        if (cuts.isEmpty()) {
            return reader.read(0, n, state);
        }
        java.util.List<Canonical> parts = new java.util.ArrayList<>();
        long prev = 0;
        cuts.add((long) n);
        for (long cut : cuts) {
            if (cut > prev) {
                parts.add(reader.read(prev, (int) (cut - prev), state));
            }
            prev = cut;
        }
        return io.jvortex.array.Concat.concat(parts.get(0).dtype(), parts, allocator);
    }

    @Override
    void release(long row) {
        codes.release(row);
        if (values != null && row >= layout.rowCount()) {
            values = null;
            valuesReader.close();
            valuesReader = null;
            valuesArena.close();
            valuesArena = null;
        }
    }
}
