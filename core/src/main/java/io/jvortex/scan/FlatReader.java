package io.jvortex.scan;

import io.jvortex.array.Canonical;
import io.jvortex.encoding.DecodeContext;
import io.jvortex.encoding.SerializedArray;
import io.jvortex.file.SegmentSpec;
import io.jvortex.layout.Layout;
import java.lang.foreign.Arena;
import java.util.function.LongConsumer;

/** Decodes a {@code vortex.flat} segment once, keeps it while rows of it are being read. */
final class FlatReader extends ColumnReader {
    private final Layout.Flat layout;
    private Arena arena;
    private Canonical decoded;
    private boolean constant;

    FlatReader(Layout.Flat layout) {
        this.layout = layout;
    }

    @Override
    long rowCount() {
        return layout.rowCount();
    }

    @Override
    void boundaries(long base, LongConsumer out) {
    }

    @Override
    Canonical read(long start, int length, ScanState state) {
        if (decoded == null) {
            arena = Arena.ofConfined();
            boolean[] isConstant = new boolean[1];
            decoded = decode(layout, state, arena, isConstant);
            constant = isConstant[0];
        }
        return start == 0 && length == decoded.length() ? decoded : decoded.slice((int) start, length);
    }

    /**
     * Reads a range for a filter: a segment stored as {@code vortex.constant} comes back as one row
     * and a length, so the filter is evaluated once for all its rows.
     *
     * @param start first row
     * @param length rows
     * @param state the scan's services
     * @return the rows
     */
    io.jvortex.expr.Evaluator.Values readForFilter(long start, int length, ScanState state) {
        Canonical rows = read(start, length, state);
        if (constant && length > 0) {
            return new io.jvortex.expr.Evaluator.Values.Constant(rows.slice(0, 1), length);
        }
        return new io.jvortex.expr.Evaluator.Values.Plain(rows);
    }

    static Canonical decode(Layout.Flat layout, ScanState state, Arena arena) {
        return decode(layout, state, arena, new boolean[1]);
    }

    private static Canonical decode(Layout.Flat layout, ScanState state, Arena arena, boolean[] isConstant) {
        if (layout.rowCount() > DecodeContext.MAX_ROWS) {
            throw new io.jvortex.api.VortexException(state.file.source(), io.jvortex.api.VortexException.NO_OFFSET,
                    layout.path(), "flat layout of " + layout.rowCount() + " rows is larger than one array can be", null);
        }
        SegmentSpec spec = state.file.segmentSpec(layout.segmentId());
        String path = layout.path() + "/segment#" + layout.segmentId();
        SerializedArray array = SerializedArray.parse(state.file.segment(layout.segmentId()), spec.byteOffset(),
                state.file.arrayIds(), state.file.source(), path);
        isConstant[0] = array.root().encodingId().equals("vortex.constant");
        DecodeContext ctx = new DecodeContext(state.registry, arena, state.allowUnknown, state.maxDecodedBytes);
        return ctx.decode(array.root(), layout.dtype(), (int) layout.rowCount());
    }

    /**
     * Gathers rows; when the segment is not decoded yet, decodes only those positions where the
     * encodings allow ({@link DecodeContext#take}).
     */
    @Override
    Canonical take(long[] rows, int from, int to, ScanState state) {
        if (decoded != null) {
            return super.take(rows, from, to, state);
        }
        if (layout.rowCount() > DecodeContext.MAX_ROWS) {
            throw new io.jvortex.api.VortexException(state.file.source(), io.jvortex.api.VortexException.NO_OFFSET,
                    layout.path(), "flat layout of " + layout.rowCount() + " rows is larger than one array can be", null);
        }
        int[] positions = new int[to - from];
        for (int i = from; i < to; i++) {
            positions[i - from] = (int) rows[i];
        }
        SegmentSpec spec = state.file.segmentSpec(layout.segmentId());
        String path = layout.path() + "/segment#" + layout.segmentId();
        SerializedArray array = SerializedArray.parse(state.file.segment(layout.segmentId()), spec.byteOffset(),
                state.file.arrayIds(), state.file.source(), path);
        DecodeContext ctx = new DecodeContext(state.registry, state.chunkArena(), state.allowUnknown,
                state.maxDecodedBytes);
        return ctx.take(array.root(), layout.dtype(), (int) layout.rowCount(), positions);
    }

    @Override
    void release(long row) {
        if (decoded != null && row >= layout.rowCount()) {
            decoded = null;
            arena.close();
            arena = null;
        }
    }
}
