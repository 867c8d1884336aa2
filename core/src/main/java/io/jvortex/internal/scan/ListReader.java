package io.jvortex.internal.scan;

import io.jvortex.error.VortexException;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.ListArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Take;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.layout.Layout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Reads {@code vortex.list}: a row range reads its {@code length + 1} offsets, then only the elements
 * between the first and the last of them, and returns a {@link ListArray} whose offsets are rebased to
 * those elements. The children live in their own row spaces (elements in element rows, offsets one
 * longer than the list), so requests to them are cut at their own piece boundaries here; the list
 * reports the validity's and the offsets' boundaries, which are in list rows.
 */
final class ListReader extends ColumnReader {
    private final Layout.List layout;
    private final ColumnReader elements;
    private final ColumnReader offsets;
    private final ColumnReader validity;
    /** Piece starts of the elements child, then its row count. */
    private final long[] elementCuts;
    /** Piece starts of the offsets child, then its row count. */
    private final long[] offsetCuts;
    /** Piece starts of the validity child, then its row count (null without validity). */
    private final long[] validityCuts;
    /** The last range read, in list rows and in element rows, so {@link #release} can map a list row. */
    private long lastStartRow = -1;
    private long lastStartElement;
    private long lastEndRow = -1;
    private long lastEndElement;

    ListReader(Layout.List layout, ColumnReader elements, ColumnReader offsets, ColumnReader validity) {
        this.layout = layout;
        this.elements = elements;
        this.offsets = offsets;
        this.validity = validity;
        this.elementCuts = cuts(elements);
        this.offsetCuts = cuts(offsets);
        this.validityCuts = validity == null ? null : cuts(validity);
    }

    private static long[] cuts(ColumnReader reader) {
        List<Long> b = new ArrayList<>();
        reader.boundaries(0, b::add);
        long rows = reader.rowCount();
        return java.util.stream.Stream.concat(b.stream().filter(x -> x > 0 && x < rows), java.util.stream.Stream.of(rows))
                .mapToLong(Long::longValue).sorted().distinct().toArray();
    }

    @Override
    long rowCount() {
        return layout.rowCount();
    }

    @Override
    void boundaries(long base, LongConsumer out) {
        if (validity != null) {
            validity.boundaries(base, out);
        }
        // an offsets piece starting at index b holds the start of list row b
        offsets.boundaries(base, out);
    }

    /**
     * The offsets (one more than the rows) and validity of the rows; the elements' rows are known only
     * once the offsets are decoded, so their segments are fetched when read.
     */
    @Override
    void segments(long start, long end, java.util.function.IntConsumer out) {
        if (validity != null) {
            validity.segments(start, end, out);
        }
        offsets.segments(start, Math.min(end + 1, offsets.rowCount()), out);
    }

    @Override
    Canonical read(long start, int length, ScanState state) {
        PrimitiveArray offs = readOffsets(start, length, state);
        long first = offsetAt(offs, 0);
        long last = offsetAt(offs, length);
        Canonical elems = span(elements, layout.dtype().element(), elementCuts, first, (int) (last - first), state);
        lastStartRow = start;
        lastStartElement = first;
        lastEndRow = start + length;
        lastEndElement = last;
        Validity v = Validity.ALL_VALID;
        if (validity != null) {
            v = validityOf(span(validity, new DType.Bool(false), validityCuts, start, length, state));
        }
        return new ListArray(layout.dtype(), elems, rebase(offs, length, first, state), length, v);
    }

    /**
     * Gathers the lists of a few rows: only their offsets pairs and their elements are read (the
     * elements child decodes single positions where its encodings allow).
     */
    @Override
    Canonical take(long[] rows, int from, int to, ScanState state) {
        int n = to - from;
        if (n == 0) {
            return Canonicals.zeros(layout.dtype(), 0, Validity.ALL_VALID, state.chunkAllocator());
        }
        // distinct rows, ascending; each needs its start and end offset (ascending, duplicates allowed)
        long[] distinct = new long[n];
        int d = 0;
        for (int i = from; i < to; i++) {
            if (d == 0 || rows[i] != distinct[d - 1]) {
                distinct[d++] = rows[i];
            }
        }
        long[] pairs = new long[2 * d];
        for (int i = 0; i < d; i++) {
            pairs[2 * i] = distinct[i];
            pairs[2 * i + 1] = distinct[i] + 1;
        }
        Canonical bounds = offsets.take(pairs, 0, pairs.length, state);
        if (!(bounds instanceof PrimitiveArray offs) || offs.length() != pairs.length) {
            throw new VortexException(null, VortexException.NO_OFFSET, layout.path(),
                    "list offsets decoded to " + bounds.dtype().display() + " of " + bounds.length()
                            + " rows, expected " + pairs.length + " integers", null);
        }
        long total = 0;
        long elementCount = elements.rowCount();
        for (int i = 0; i < d; i++) {
            long s = offs.getLong(2 * i);
            long e = offs.getLong(2 * i + 1);
            if (s < 0 || e < s || e > elementCount) {
                throw badOffsets(distinct[i], s, e);
            }
            total += e - s;
        }
        checkElements(total, "the lists of " + d + " rows");
        long[] elementRows = new long[(int) total];
        MemorySegment newOffsets = state.chunkAllocator().allocate(8L * (d + 1));
        int k = 0;
        for (int i = 0; i < d; i++) {
            newOffsets.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, k);
            long e = offs.getLong(2 * i + 1);
            for (long p = offs.getLong(2 * i); p < e; p++) {
                elementRows[k++] = p;
            }
        }
        newOffsets.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, d, k);
        Canonical elems = k == 0 ? Canonicals.zeros(layout.dtype().element(), 0, Validity.ALL_VALID,
                state.chunkAllocator()) : elements.take(elementRows, 0, k, state);
        Validity v = Validity.ALL_VALID;
        if (validity != null) {
            v = validityOf(validity.take(distinct, 0, d, state));
        }
        Canonical lists = new ListArray(layout.dtype(), elems, new PrimitiveArray(new DType.Primitive(PType.I64, false),
                newOffsets, d + 1, Validity.ALL_VALID), d, v);
        if (d == n) {
            return lists;
        }
        // repeated rows: expand the distinct lists back to the requested multiplicity
        MemorySegment idx = state.chunkAllocator().allocate(4L * n);
        int at = -1;
        for (int i = from; i < to; i++) {
            if (i == from || rows[i] != rows[i - 1]) {
                at++;
            }
            idx.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i - from, at);
        }
        return Take.take(lists, new PrimitiveArray(new DType.Primitive(PType.I32, false), idx, n, Validity.ALL_VALID),
                state.chunkAllocator());
    }

    /** A filtered range's few survivors: gathered like {@link #take}, never reading the whole range's elements. */
    @Override
    Canonical readSome(long start, int length, int[] positions, ScanState state) {
        long[] rows = new long[positions.length];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = start + positions[i];
        }
        return take(rows, 0, rows.length, state);
    }

    private PrimitiveArray readOffsets(long start, int length, ScanState state) {
        Canonical c = span(offsets, layout.offsets().dtype(), offsetCuts, start, length + 1, state);
        if (!(c instanceof PrimitiveArray offs) || !offs.ptype().isInteger() || offs.length() != length + 1) {
            throw new VortexException(null, VortexException.NO_OFFSET, layout.path(),
                    "list offsets decoded to " + c.dtype().display() + " of " + c.length() + " rows, expected "
                            + (length + 1) + " integers", null);
        }
        // validate once: non-decreasing and inside the elements, so the loops below run unchecked
        long elementCount = elements.rowCount();
        long prev = offsetAt(offs, 0);
        if (prev < 0 || prev > elementCount) {
            throw badOffsets(start, prev, prev);
        }
        if (offs.ptype().byteWidth() == 8) {
            MemorySegment seg = offs.values();
            for (int i = 1; i <= length; i++) {
                long o = seg.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
                if (o < prev || o > elementCount) {
                    throw badOffsets(start + i - 1, prev, o);
                }
                prev = o;
            }
        } else {
            for (int i = 1; i <= length; i++) {
                long o = offs.getLong(i);
                if (o < prev || o > elementCount) {
                    throw badOffsets(start + i - 1, prev, o);
                }
                prev = o;
            }
        }
        long span = offsetAt(offs, length) - offsetAt(offs, 0);
        checkElements(span, "the lists of rows " + start + ".." + (start + length));
        return offs;
    }

    private void checkElements(long count, String what) {
        if (count > Canonicals.MAX_ROWS) {
            throw new VortexException(null, VortexException.NO_OFFSET, layout.path(), what + " hold " + count
                    + " elements, more than one array can hold (" + Canonicals.MAX_ROWS + ")", null);
        }
    }

    private VortexException badOffsets(long row, long s, long e) {
        return new VortexException(null, VortexException.NO_OFFSET, layout.path(), "list row " + row
                + " has offsets " + s + ".." + e + ", expected non-decreasing offsets within the "
                + elements.rowCount() + " elements", null);
    }

    private static long offsetAt(PrimitiveArray offs, int i) {
        return offs.getLong(i);
    }

    /** Offsets relative to the first one (the same array when that is already 0). */
    private static PrimitiveArray rebase(PrimitiveArray offs, int length, long first, ScanState state) {
        if (first == 0) {
            return offs;
        }
        MemorySegment out = state.chunkAllocator().allocate(8L * (length + 1));
        if (offs.ptype().byteWidth() == 8) {
            MemorySegment seg = offs.values();
            for (int i = 0; i <= length; i++) {
                out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i,
                        seg.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i) - first);
            }
        } else {
            for (int i = 0; i <= length; i++) {
                out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, offs.getLong(i) - first);
            }
        }
        return new PrimitiveArray(new DType.Primitive(PType.I64, false), out, length + 1, Validity.ALL_VALID);
    }

    private Validity validityOf(Canonical bits) {
        if (!(bits instanceof BoolArray b)) {
            throw new VortexException(null, VortexException.NO_OFFSET, layout.path(),
                    "list validity decoded to " + bits.dtype().display() + ", expected bool", null);
        }
        return b.asValidity();
    }

    /**
     * Reads {@code [start, start + length)} of a child, cutting the request at the child's piece
     * boundaries (its contract) and concatenating the pieces.
     *
     * @param dtype the child's dtype (for an empty range, which reads nothing)
     * @param cuts the child's piece starts and row count
     */
    private static Canonical span(ColumnReader child, DType dtype, long[] cuts, long start, int length,
                                  ScanState state) {
        if (length == 0) {
            return Canonicals.zeros(dtype, 0, Validity.ALL_VALID, state.chunkAllocator());
        }
        long end = start + length;
        int i = firstAbove(cuts, start);
        if (i >= cuts.length || cuts[i] >= end) {
            return child.read(start, length, state);
        }
        List<Canonical> parts = new ArrayList<>();
        long at = start;
        while (at < end) {
            long stop = i < cuts.length ? Math.min(cuts[i], end) : end;
            parts.add(child.read(at, (int) (stop - at), state));
            at = stop;
            i++;
        }
        return RowTake.concat(parts, state);
    }

    /** The first index whose value is above {@code row}, or {@code cuts.length}. */
    private static int firstAbove(long[] cuts, long row) {
        int lo = 0;
        int hi = cuts.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cuts[mid] > row) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    @Override
    void release(long row) {
        if (validity != null) {
            validity.release(row);
        }
        offsets.release(row);
        if (row >= layout.rowCount()) {
            elements.release(Long.MAX_VALUE);
        } else if (lastEndRow >= 0 && row >= lastEndRow) {
            elements.release(lastEndElement);
        } else if (lastStartRow >= 0 && row >= lastStartRow) {
            elements.release(lastStartElement);
        }
    }
}
