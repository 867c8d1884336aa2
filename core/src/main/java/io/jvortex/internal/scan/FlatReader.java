package io.jvortex.internal.scan;

import io.jvortex.array.Canonical;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.EncodedFilter;
import io.jvortex.spi.EncodedForm;
import io.jvortex.spi.Encodings;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.file.SegmentSpec;
import io.jvortex.internal.layout.Layout;
import io.jvortex.spi.PointAccess;
import io.jvortex.expr.Evaluator;
import java.lang.foreign.Arena;
import java.util.function.LongConsumer;

/** Decodes a {@code vortex.flat} segment once, keeps it while rows of it are being read. */
final class FlatReader extends ColumnReader {
    private final Layout.Flat layout;
    private Arena arena;
    private Canonical decoded;
    private boolean constant;
    /** What {@link #readForFilter} evaluates instead of decoded rows: runs, packed integers, ALP or {@link #NONE}. */
    private Object filterForm;
    private Arena filterArena;
    private static final Object NONE = new Object();
    /** Whether {@link #readSome} has point-decoded this segment before. */
    private boolean pointRead;

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
    void segments(long start, long end, java.util.function.IntConsumer out) {
        if (decoded == null && end > start) {
            out.accept(layout.segmentId());
        }
    }

    @Override
    Canonical read(long start, int length, ScanState state) {
        if (decoded == null) {
            Arena fresh = state.newArena();
            boolean[] isConstant = new boolean[1];
            try {
                decoded = decode(layout, state, fresh, isConstant);
            } catch (RuntimeException | Error e) {
                fresh.close(); // its pooled buffers go back; nothing refers to them
                throw e;
            }
            arena = fresh;
            constant = isConstant[0];
        }
        return start == 0 && length == decoded.length() ? decoded : decoded.slice((int) start, length);
    }

    /**
     * Reads a range for a filter without decoding where the segment's encoding allows: a
     * {@code vortex.constant} segment comes back as one row; unless the projection decodes the
     * column anyway (a second decode costs more than evaluating encoded saves), a
     * {@code vortex.runend} one as its runs, frame-of-reference / bit-packed integers as packed
     * values plus reference and patches, ALP floats as their integers, exponents and patches. The
     * encoded form is kept while the segment's rows are read.
     */
    @Override
    Evaluator.Values readForFilter(long start, int length, ScanState state, boolean shared) {
        return readForFilter(start, length, state, shared, false);
    }

    /**
     * @param runsOnly whether only a run form is wanted (dictionary codes: another form would be
     *        decoded again when the dictionary is read)
     */
    Evaluator.Values readForFilter(long start, int length, ScanState state, boolean shared, boolean runsOnly) {
        if (decoded == null && length > 0 && !shared) {
            if (filterForm == null) {
                filterForm = encodedForm(state, runsOnly);
            }
            switch (filterForm) {
                case EncodedForm.Runs r -> {
                    return runsOf(r, (int) start, length);
                }
                case EncodedForm.Kernel k -> {
                    return new Evaluator.Values.Encoded(k.slice((int) start, length));
                }
                default -> {
                }
            }
        }
        Canonical rows = read(start, length, state);
        if (constant && length > 0) {
            return new Evaluator.Values.Constant(rows.slice(0, 1), length);
        }
        return new Evaluator.Values.Plain(rows);
    }

    /** The segment's runs or packed integers, or a marker that it has neither. */
    private Object encodedForm(ScanState state, boolean runsOnly) {
        if (layout.rowCount() > DecodeContext.MAX_ROWS) {
            return NONE;
        }
        SerializedArray array = parse(state);
        // the root's encoding says whether it has a form a filter can use (EncodedFilter)
        if (!(state.registry.find(array.root().encodingId()) instanceof EncodedFilter filter)
                || (runsOnly && !filter.givesRuns())) {
            return NONE;
        }
        filterArena = state.newArena();
        DecodeContext ctx = new DecodeContext(state.registry, filterArena, state.allowUnknown, state.maxDecodedBytes);
        EncodedForm form = ctx.encodedForm(array.root(), layout.dtype(), (int) layout.rowCount());
        return form == null ? NONE : form;
    }

    private static Evaluator.Values runsOf(EncodedForm.Runs r, int start, int length) {
        int[] ends = r.ends();
        int end = start + length;
        int first = firstAbove(ends, start);
        int last = firstAbove(ends, end - 1);
        if (last >= ends.length) {
            throw new io.jvortex.error.VortexException("run ends do not cover row " + (end - 1));
        }
        int[] local = new int[last - first + 1];
        for (int k = first; k <= last; k++) {
            local[k - first] = Math.min(ends[k], end) - start;
        }
        return new Evaluator.Values.Runs(r.values().slice(first, local.length), local, length);
    }

    /** The first index whose end is above {@code row} (ends are non-decreasing). */
    private static int firstAbove(int[] ends, int row) {
        int lo = 0;
        int hi = ends.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[mid] > row) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private SerializedArray parse(ScanState state) {
        SegmentSpec spec = state.file.segmentSpec(layout.segmentId());
        String path = layout.path() + "/segment#" + layout.segmentId();
        return SerializedArray.parse(state.file.segment(layout.segmentId()), spec.byteOffset(),
                state.file.arrayIds(), state.file.source(), path, state.file.limits().maxDepth());
    }

    /**
     * Keeps a few rows of a range: when the segment is not decoded and its root encoding decodes
     * single positions, only those positions are decoded.
     */
    @Override
    Canonical readSome(long start, int length, int[] positions, ScanState state) {
        if (decoded != null || layout.rowCount() > DecodeContext.MAX_ROWS) {
            return super.readSome(start, length, positions, state);
        }
        SerializedArray array = parse(state);
        String id = array.root().encodingId();
        // A point access that decodes a whole part first (a dictionary's values): do that at most once
        // per segment, then decode the segment once and keep it for the later ranges.
        if (!(state.registry.find(id) instanceof PointAccess point) || !point.proportionalToPositions() && pointRead) {
            return super.readSome(start, length, positions, state);
        }
        pointRead = true;
        int[] rows = new int[positions.length];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = (int) start + positions[i];
        }
        DecodeContext ctx = new DecodeContext(state.registry, state.chunkArena(), state.allowUnknown,
                state.maxDecodedBytes);
        return ctx.take(array.root(), layout.dtype(), (int) layout.rowCount(), rows);
    }

    static Canonical decode(Layout.Flat layout, ScanState state, Arena arena) {
        return decode(layout, state, arena, new boolean[1]);
    }

    private static Canonical decode(Layout.Flat layout, ScanState state, Arena arena, boolean[] isConstant) {
        if (layout.rowCount() > DecodeContext.MAX_ROWS) {
            throw new io.jvortex.error.VortexException(state.file.source(), io.jvortex.error.VortexException.NO_OFFSET,
                    layout.path(), "flat layout of " + layout.rowCount() + " rows is larger than one array can be", null);
        }
        SegmentSpec spec = state.file.segmentSpec(layout.segmentId());
        String path = layout.path() + "/segment#" + layout.segmentId();
        SerializedArray array = SerializedArray.parse(state.file.segment(layout.segmentId()), spec.byteOffset(),
                state.file.arrayIds(), state.file.source(), path, state.file.limits().maxDepth());
        isConstant[0] = array.root().encodingId().equals(Encodings.CONSTANT);
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
            throw new io.jvortex.error.VortexException(state.file.source(), io.jvortex.error.VortexException.NO_OFFSET,
                    layout.path(), "flat layout of " + layout.rowCount() + " rows is larger than one array can be", null);
        }
        int[] positions = positions(rows, from, to);
        if (state.partialTake != null) {
            Canonical partial = state.partialTake.take(layout, positions, state);
            if (partial != null) {
                return partial;
            }
        }
        int segmentId = layout.segmentId();
        SegmentSpec spec = state.file.segmentSpec(segmentId);
        String path = layout.path() + "/segment#" + segmentId;
        // Point access: the flatbuffer and small buffers are read with a pread each (when the file
        // is mapped from a path) rather than by faulting in their pages.
        Arena arena = state.chunkArena();
        SerializedArray array = SerializedArray.parse(state.file.segment(segmentId), spec.byteOffset(),
                state.file.arrayIds(), state.file.source(), path, state.file.limits().maxDepth(),
                state.file.copier(segmentId, arena));
        DecodeContext ctx = new DecodeContext(state.registry, arena, state.allowUnknown, state.maxDecodedBytes);
        return ctx.take(array.root(), layout.dtype(), (int) layout.rowCount(), positions);
    }

    @Override
    void takeTargets(long[] rows, int from, int to, java.util.List<PartialTake.Target> parts, java.util.BitSet whole) {
        if (decoded == null && to > from) {
            parts.add(new PartialTake.Target(layout, positions(rows, from, to)));
        }
    }

    private static int[] positions(long[] rows, int from, int to) {
        int[] positions = new int[to - from];
        for (int i = from; i < to; i++) {
            positions[i - from] = (int) rows[i];
        }
        return positions;
    }

    @Override
    void release(long row) {
        if (row < layout.rowCount()) {
            return;
        }
        if (decoded != null) {
            decoded = null;
            arena.close();
            arena = null;
        }
        filterForm = null;
        if (filterArena != null) {
            filterArena.close();
            filterArena = null;
        }
    }
}
