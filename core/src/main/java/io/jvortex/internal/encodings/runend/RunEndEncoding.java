package io.jvortex.internal.encodings.runend;

import io.jvortex.array.BitBuffers;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Take;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.PointAccess;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code vortex.runend}: runs of equal values given by their exclusive end positions. Primitive
 * and bool values are expanded run by run; other types gather their values with {@link Take}.
 * Single positions are found by searching the run ends, and only their runs' values are decoded.
 */
public final class RunEndEncoding implements Encoding, PointAccess, io.jvortex.spi.EncodedFilter,
        io.jvortex.spi.PointRanges {
    /** The encoding id. */
    public static final String ID = "vortex.runend";

    private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT_UNALIGNED;

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public RunEndEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    /**
     * Decodes a {@code vortex.runend} node's values and logical run ends, validated as {@link #decode} does.
     *
     * @param node the node
     * @param dtype its logical type
     * @param length its row count
     * @param ctx decoding services
     * @return the runs
     */
    public static io.jvortex.spi.EncodedForm.Runs runs(ArrayNode node, DType dtype, int length,
                                                            DecodeContext ctx) {
        Parsed parsed = parse(node, dtype, length, ctx);
        int[] ends = new int[parsed.runs];
        MemorySegment.copy(parsed.ends, I, 0, ends, 0, parsed.runs);
        return new io.jvortex.spi.EncodedForm.Runs(parsed.values, ends);
    }

    /** Runs: a filter is evaluated once per run. */
    @Override
    public boolean givesRuns() {
        return true;
    }

    @Override
    public io.jvortex.spi.EncodedForm encodedForm(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        return runs(node, dtype, length, ctx);
    }

    private record Parsed(MemorySegment ends, Canonical values, int runs) {
    }

    private static Parsed parse(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        Ends ends = ends(node, length, ctx);
        Canonical values = ctx.decodeChild(node, 1, dtype, ends.runs);
        return new Parsed(ends.logical, values, ends.runs);
    }

    private record Ends(MemorySegment logical, int runs) {
    }

    /** Reads the metadata and the run ends child, validated and mapped to logical rows. */
    private static Ends ends(ArrayNode node, int length, DecodeContext ctx) {
        Meta meta = meta(node, length, ctx);
        PrimitiveArray ends = ctx.decodePrimitive(node, 0, meta.endsDType, meta.runs);
        return new Ends(logicalEnds(node, ends, meta.offset, length, ctx), meta.runs);
    }

    /** A node's checked metadata. */
    private record Meta(DType.Primitive endsDType, int runs, long offset) {
    }

    private static Meta meta(ArrayNode node, int length, DecodeContext ctx) {
        RunEndMetadata meta = RunEndMetadata.parse(node.metadata());
        PType endsType = meta.endsType();
        long numRuns = meta.numRuns();
        long offset = meta.offset();
        if (!endsType.isUnsignedInteger()) {
            throw node.error("run ends must be unsigned integers, got " + endsType.displayName());
        }
        if (offset < 0 || offset > Long.MAX_VALUE - length) {
            throw node.error("run offset " + Long.toUnsignedString(offset) + " too large");
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 2, 2);
        int runs = ctx.rowCount(node, numRuns, "num_runs");
        if (runs == 0 && length != 0) {
            throw node.error("no runs for " + length + " rows");
        }
        return new Meta(new DType.Primitive(endsType, false), runs, offset);
    }

    /** Runs per block of ends read at a time when few positions are taken from many runs. */
    static final int BLOCK_RUNS = 1024;

    /**
     * Whether a take searches the ends block by block (reading only the blocks its positions need)
     * instead of decoding them all: when it reads at most half of the blocks.
     */
    private static boolean searchBlocks(int positions, int runs) {
        return runs >= 4 * BLOCK_RUNS && (long) positions * 2 <= runs / BLOCK_RUNS;
    }

    /** The ends of one block of runs, as unsigned longs, or null while the block is not available. */
    private interface EndBlocks {
        long[] block(int block);
    }

    /**
     * The run of every position found block by block: first the block where the ends would put the
     * row if runs were even, then binary search over blocks. Every block read is checked to be
     * non-decreasing.
     *
     * @return the runs, or null while a block is not available (planning)
     */
    private static int[] searchRuns(ArrayNode node, Meta meta, int length, int[] indices, EndBlocks blocks) {
        int runs = meta.runs;
        int nBlocks = (runs + BLOCK_RUNS - 1) / BLOCK_RUNS;
        int[] runOf = new int[indices.length];
        boolean missing = false;
        for (int i = 0; i < indices.length; i++) {
            if (i > 0 && indices[i] == indices[i - 1]) {
                runOf[i] = runOf[i - 1];
                continue;
            }
            // the run is the first whose end is above offset + row (ends compare unsigned)
            long target = meta.offset + indices[i];
            int lo = 0;
            int hi = nBlocks - 1;
            int b = (int) Math.min(hi, (long) indices[i] * runs / Math.max(1, length) / BLOCK_RUNS);
            int found = -1;
            boolean blockMissing = false;
            while (true) {
                long[] ends = blocks.block(b);
                if (ends == null) {
                    blockMissing = true;
                    break;
                }
                for (int k = 1; k < ends.length; k++) {
                    if (Long.compareUnsigned(ends[k], ends[k - 1]) < 0) {
                        throw node.error("run end " + Long.toUnsignedString(ends[k]) + " at run "
                                + ((long) b * BLOCK_RUNS + k) + " is below the previous end "
                                + Long.toUnsignedString(ends[k - 1]));
                    }
                }
                if (Long.compareUnsigned(ends[ends.length - 1], target) <= 0) {
                    // every run up to this block ends at or before the row
                    lo = b + 1;
                } else if (b > lo && Long.compareUnsigned(ends[0], target) > 0) {
                    // the block's first run already ends after the row: the answer is at or before it
                    hi = b - 1;
                    if (hi < lo) {
                        found = b * BLOCK_RUNS;
                        break;
                    }
                } else {
                    int k = 0;
                    while (Long.compareUnsigned(ends[k], target) <= 0) {
                        k++;
                    }
                    found = b * BLOCK_RUNS + k;
                    break;
                }
                if (lo > hi) {
                    // all runs before block lo end at or before the row, and block lo (if any) was
                    // excluded from above: the answer is its first run
                    found = lo < nBlocks ? lo * BLOCK_RUNS : -1;
                    break;
                }
                b = (lo + hi) >>> 1;
            }
            if (blockMissing) {
                missing = true;
                continue;
            }
            if (found < 0 || found >= runs) {
                throw node.error("run ends do not cover row " + indices[i]);
            }
            runOf[i] = found;
        }
        return missing ? null : runOf;
    }

    /** The positions {@code [block × BLOCK_RUNS, …)} of one block. */
    private static int[] blockPositions(int block, int runs) {
        int from = block * BLOCK_RUNS;
        int[] positions = new int[Math.min(BLOCK_RUNS, runs - from)];
        for (int k = 0; k < positions.length; k++) {
            positions[k] = from + k;
        }
        return positions;
    }

    private static long[] widened(ArrayNode node, Canonical c, DType.Primitive endsDType) {
        if (!(c instanceof PrimitiveArray p)) {
            throw node.error("child 0 decoded to " + c.getClass().getSimpleName() + ", expected primitive "
                    + endsDType.display());
        }
        long[] out = new long[p.length()];
        Offsets.widen(p, 0, out.length, out);
        return out;
    }

    /**
     * The parts the take reads: the blocks of ends its search reads (all the ends when it decodes
     * them all), then the values of the positions' runs.
     */
    @Override
    public void plan(ArrayNode node, DType dtype, int length, int[] indices, io.jvortex.spi.TakePlan plan) {
        DecodeContext ctx = plan.context();
        Meta meta = meta(node, length, ctx);
        int[] runOf;
        if (searchBlocks(indices.length, meta.runs)) {
            java.util.Map<Integer, long[]> cache = new java.util.HashMap<>();
            runOf = searchRuns(node, meta, length, indices, b -> {
                if (!cache.containsKey(b)) {
                    Canonical c = plan.taken(node.child(0), meta.endsDType, meta.runs, blockPositions(b, meta.runs));
                    cache.put(b, c == null ? null : widened(node, c, meta.endsDType));
                }
                return cache.get(b);
            });
        } else {
            Canonical c = plan.decoded(node.child(0), meta.endsDType, meta.runs);
            if (c == null) {
                return;
            }
            if (!(c instanceof PrimitiveArray ends)) {
                throw node.error("child 0 decoded to " + c.getClass().getSimpleName() + ", expected primitive "
                        + meta.endsDType.display());
            }
            runOf = runsOf(node, ends, meta.offset, length, indices);
        }
        if (runOf != null) {
            plan.takeChild(node, 1, dtype, meta.runs, runOf);
        }
    }

    /**
     * Finds each position's run: few positions among many runs search the ends block by block;
     * otherwise all ends are decoded and walked alongside the ascending positions.
     */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        Meta meta = meta(node, length, ctx);
        int[] runOf;
        if (searchBlocks(indices.length, meta.runs)) {
            java.util.Map<Integer, long[]> cache = new java.util.HashMap<>();
            runOf = searchRuns(node, meta, length, indices, b -> cache.computeIfAbsent(b, k -> widened(node,
                    ctx.takeChild(node, 0, meta.endsDType, meta.runs, blockPositions(k, meta.runs)), meta.endsDType)));
        } else {
            PrimitiveArray ends = ctx.decodePrimitive(node, 0, meta.endsDType, meta.runs);
            runOf = runsOf(node, ends, meta.offset, length, indices);
        }
        return ctx.takeChild(node, 1, dtype, meta.runs, runOf);
    }

    /**
     * The run of every position (ascending positions give ascending runs), found block by block over
     * the decoded ends, each block checked as {@link #logicalEnds} checks them (non-decreasing, the
     * last one reaching {@code offset + length}) but without writing the logical ends: row {@code r}
     * lies in the first run whose end is above {@code offset + r}, compared unsigned, which is the
     * first run whose logical end is above {@code r}. A block is checked in one branch-free pass, then
     * walked once for the positions whose run it holds (those below its last end).
     */
    private static int[] runsOf(ArrayNode node, PrimitiveArray ends, long offset, int length, int[] indices) {
        int runs = ends.length();
        int n = indices.length;
        int[] runOf = new int[n];
        long lastEnd;
        int i;
        if (ends.ptype().byteWidth() == 4) {
            // 32-bit ends (the common case), walked as ints
            int[] block = new int[Math.min(runs, 1024)];
            long prev = 0;
            i = 0;
            for (int base = 0; base < runs; base += block.length) {
                int count = Math.min(block.length, runs - base);
                MemorySegment.copy(ends.values(), I, 4L * base, block, 0, count);
                // non-decreasing as unsigned: no difference of neighbours, taken as longs, is negative
                long signs = Integer.toUnsignedLong(block[0]) - prev;
                for (int k = 1; k < count; k++) {
                    signs |= Integer.toUnsignedLong(block[k]) - Integer.toUnsignedLong(block[k - 1]);
                }
                if (signs < 0) {
                    long[] wide = new long[count];
                    for (int k = 0; k < count; k++) {
                        wide[k] = Integer.toUnsignedLong(block[k]);
                    }
                    throw decreasingEnd(node, wide, count, base, prev);
                }
                long last = Integer.toUnsignedLong(block[count - 1]);
                int k = 0;
                while (i < n && Long.compareUnsigned(last, offset + indices[i]) > 0) {
                    // below a 32-bit end, so the row fits 32 bits too; ints compare unsigned with the sign flipped
                    int target = (int) (offset + indices[i]) ^ Integer.MIN_VALUE;
                    while ((block[k] ^ Integer.MIN_VALUE) <= target) {
                        k++;
                    }
                    runOf[i++] = base + k;
                }
                prev = last;
            }
            lastEnd = prev;
        } else {
            long[] block = new long[Math.min(runs, 1024)];
            // ends compare unsigned: with the sign bit flipped they compare as signed longs
            long prev = Long.MIN_VALUE;
            i = 0;
            for (int base = 0; base < runs; base += block.length) {
                int count = Math.min(block.length, runs - base);
                // u64 ends above Long.MAX_VALUE come out negative
                Offsets.widen(ends, base, count, block);
                long before = prev ^ Long.MIN_VALUE;
                boolean decreasing = false;
                for (int k = 0; k < count; k++) {
                    long e = block[k] ^ Long.MIN_VALUE;
                    decreasing |= e < prev;
                    prev = e;
                }
                if (decreasing) {
                    throw decreasingEnd(node, block, count, base, before);
                }
                // the positions whose run this block holds (below its last end), found by walking the block
                // forward: ascending positions, so each end is passed once
                long last = block[count - 1];
                int k = 0;
                while (i < n && Long.compareUnsigned(last, offset + indices[i]) > 0) {
                    long target = (offset + indices[i]) ^ Long.MIN_VALUE;
                    while ((block[k] ^ Long.MIN_VALUE) <= target) {
                        k++;
                    }
                    runOf[i++] = base + k;
                }
            }
            lastEnd = prev ^ Long.MIN_VALUE;
        }
        if (length > 0 && Long.compareUnsigned(lastEnd, offset + length) < 0) {
            throw node.error("last run end " + Long.toUnsignedString(lastEnd) + " does not reach offset + length = "
                    + (offset + length));
        }
        if (i < n) {
            throw node.error("run ends do not cover row " + indices[i]);
        }
        return runOf;
    }

    /** The error for the first end of a block below the end before it ({@code before}: the previous block's last). */
    private static RuntimeException decreasingEnd(ArrayNode node, long[] block, int count, int base, long before) {
        long prev = before;
        for (int k = 0; k < count; k++) {
            long e = block[k];
            if (Long.compareUnsigned(e, prev) < 0) {
                return node.error("run end " + Long.toUnsignedString(e) + " at run " + (base + k)
                        + " is below the previous end " + Long.toUnsignedString(prev));
            }
            prev = e;
        }
        return new IllegalStateException("no decreasing end in the block");
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        Parsed parsed = parse(node, dtype, length, ctx);
        MemorySegment runEnds = parsed.ends;
        Canonical values = parsed.values;
        int runs = parsed.runs;
        if (length == 0) {
            return values.slice(0, 0);
        }
        return switch (values) {
            case PrimitiveArray p -> new PrimitiveArray(p.dtype(), expandFixed(p, runEnds, runs, length, ctx), length,
                    expandValidity(p.validity(), runEnds, runs, length, ctx));
            case BoolArray b -> {
                MemorySegment bits = BitBuffers.allocate(length, ctx);
                int start = 0;
                for (int run = 0; run < runs && start < length; run++) {
                    int end = runEnds.get(I, 4L * run);
                    if (end > start) {
                        BitBuffers.fill(bits, start, end - start, b.value(run));
                        start = end;
                    }
                }
                yield new BoolArray(b.dtype(), bits, 0, length, expandValidity(b.validity(), runEnds, runs, length, ctx));
            }
            default -> Take.take(values, runIndices(runEnds, runs, length, ctx), ctx);
        };
    }

    /**
     * Validates the ends (non-decreasing, the last one covering {@code offset + length}) and maps
     * each to its exclusive end in logical rows, clamped to {@code [0, length]}.
     */
    private static MemorySegment logicalEnds(ArrayNode node, PrimitiveArray ends, long offset, int length,
                                             DecodeContext ctx) {
        int runs = ends.length();
        MemorySegment out = ctx.allocate(4L * runs);
        long[] block = new long[Math.min(runs, 1024)];
        long prev = 0;
        for (int base = 0; base < runs; base += block.length) {
            int count = Math.min(block.length, runs - base);
            // u64 ends above Long.MAX_VALUE come out negative: compare them unsigned.
            Offsets.widen(ends, base, count, block);
            for (int k = 0; k < count; k++) {
                long e = block[k];
                if (Long.compareUnsigned(e, prev) < 0) {
                    throw node.error("run end " + Long.toUnsignedString(e) + " at run " + (base + k)
                            + " is below the previous end " + Long.toUnsignedString(prev));
                }
                prev = e;
                long logical = Long.compareUnsigned(e, offset) <= 0 ? 0
                        : Long.compareUnsigned(e - offset, length) >= 0 ? length : e - offset;
                out.set(I, 4L * (base + k), (int) logical);
            }
        }
        if (length > 0 && Long.compareUnsigned(prev, offset + length) < 0) {
            throw node.error("last run end " + Long.toUnsignedString(prev) + " does not reach offset + length = "
                    + (offset + length));
        }
        return out;
    }

    private static MemorySegment expandFixed(PrimitiveArray values, MemorySegment runEnds, int runs, int length,
                                             DecodeContext ctx) {
        int width = values.ptype().byteWidth();
        MemorySegment out = ctx.allocateUninitialized((long) length * width);
        int[] ends = new int[runs];
        MemorySegment.copy(runEnds, I, 0, ends, 0, runs);
        ValueLayout layout = switch (width) {
            case 1 -> ValueLayout.JAVA_BYTE;
            case 2 -> ValueLayout.JAVA_SHORT_UNALIGNED;
            case 4 -> I;
            default -> ValueLayout.JAVA_LONG_UNALIGNED;
        };
        // Runs are often a few rows long: fill heap blocks and copy each block out once, rather than
        // storing value by value into the segment.
        Object v = array(width, runs);
        MemorySegment.copy(values.values(), layout, 0, v, 0, runs);
        int blockRows = Math.min(length, BLOCK);
        Object block = array(width, blockRows);
        for (int base = 0, run = 0; base < length; base += blockRows) {
            int n = Math.min(blockRows, length - base);
            run = fillBlock(ends, base, n, run, v, block);
            MemorySegment.copy(block, 0, out, layout, (long) base * width, n);
        }
        return out;
    }

    private static Object array(int width, int length) {
        return switch (width) {
            case 1 -> new byte[length];
            case 2 -> new short[length];
            case 4 -> new int[length];
            default -> new long[length];
        };
    }

    /** Rows per heap block of {@link #expandFixed}. */
    private static final int BLOCK = 4096;

    /**
     * Fills {@code block[0, n)} with rows {@code [base, base + n)}: the ends are non-decreasing and
     * the last one reaches the length (validated), so every row has a run.
     *
     * @param v the run values, an array of the block's type
     * @return the run of row {@code base + n}, where the next block starts looking
     */
    private static int fillBlock(int[] ends, int base, int n, int run, Object v, Object block) {
        // One loop per element type: runs are often a few rows long, so a call (or a type test) per
        // run would cost more than the stores.
        int limit = base + n;
        switch (block) {
            case long[] b -> {
                long[] values = (long[]) v;
                for (int row = base; row < limit; run++) {
                    int end = Math.min(ends[run], limit);
                    long value = values[run];
                    for (; row < end; row++) {
                        b[row - base] = value;
                    }
                }
            }
            case int[] b -> {
                int[] values = (int[]) v;
                for (int row = base; row < limit; run++) {
                    int end = Math.min(ends[run], limit);
                    int value = values[run];
                    for (; row < end; row++) {
                        b[row - base] = value;
                    }
                }
            }
            case short[] b -> {
                short[] values = (short[]) v;
                for (int row = base; row < limit; run++) {
                    int end = Math.min(ends[run], limit);
                    short value = values[run];
                    for (; row < end; row++) {
                        b[row - base] = value;
                    }
                }
            }
            default -> {
                byte[] b = (byte[]) block;
                byte[] values = (byte[]) v;
                for (int row = base; row < limit; run++) {
                    int end = Math.min(ends[run], limit);
                    byte value = values[run];
                    for (; row < end; row++) {
                        b[row - base] = value;
                    }
                }
            }
        }
        // The last run filled reaches the limit and may continue into the next block; if it ends
        // exactly there, the next block skips it.
        return n == 0 ? run : run - 1;
    }

    private static Validity expandValidity(Validity validity, MemorySegment runEnds, int runs, int length,
                                           DecodeContext ctx) {
        if (!(validity instanceof Validity.Bitmap bitmap)) {
            return validity;
        }
        MemorySegment bits = BitBuffers.allocate(length, ctx);
        int start = 0;
        for (int run = 0; run < runs && start < length; run++) {
            int end = runEnds.get(I, 4L * run);
            if (end > start) {
                BitBuffers.fill(bits, start, end - start, bitmap.isValid(run));
                start = end;
            }
        }
        return new Validity.Bitmap(bits, 0);
    }

    private static PrimitiveArray runIndices(MemorySegment runEnds, int runs, int length, DecodeContext ctx) {
        MemorySegment idx = ctx.allocate(4L * length);
        int start = 0;
        for (int run = 0; run < runs && start < length; run++) {
            int end = runEnds.get(I, 4L * run);
            for (int i = start; i < end; i++) {
                idx.set(I, 4L * i, run);
            }
            start = Math.max(start, end);
        }
        return new PrimitiveArray(new DType.Primitive(PType.I32, false), idx, length, Validity.ALL_VALID);
    }
}
