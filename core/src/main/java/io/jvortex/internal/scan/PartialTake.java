package io.jvortex.internal.scan;

import io.jvortex.array.Canonical;
import io.jvortex.error.VortexException;
import io.jvortex.internal.file.SegmentSpec;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.internal.layout.Layout;
import io.jvortex.io.ByteRange;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.SerializedArray;
import io.jvortex.spi.TakePlan;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A take over a remote file reading parts of segments instead of whole ones. Round 1 fetches the
 * tail of every flat segment the take reads (its array flatbuffer: encodings, metadata, buffer
 * table); then each segment's encodings plan the parts their point access reads
 * ({@link io.jvortex.spi.PointRanges}), and every round fetches what the plans of all segments name,
 * in one vectored read, until the plans are complete (varbin offsets, then bytes: two rounds).
 *
 * <p>Fetched parts are copied into a segment-sized scratch buffer at their offsets, the rest filled
 * with a poison byte, and the existing point access decodes from it unchanged. Every take then runs a
 * second time over a copy poisoned with the complementary byte: when the rows differ (or one fails), the
 * plan missed a byte the take reads, and the segment is read whole instead, so a planning bug costs bytes,
 * never values. With the system property {@value #VERIFY_PROPERTY} set (the tests), such a miss throws.
 * A segment is read whole as before when it is smaller than {@link #MIN_SEGMENT_BYTES}, cached or
 * in flight already, or when its plan fails, would read more than {@link #MAX_FRACTION} of it, need
 * more than {@link #MAX_REQUESTS_PER_ROUND} requests in a round or more than {@link #MAX_ROUNDS}
 * rounds. Encodings without a plan are planned as whole nodes, so coverage only affects savings.
 */
final class PartialTake {
    /** Set to {@code true} to fail on a plan that missed bytes instead of reading the segment whole. */
    static final String VERIFY_PROPERTY = "jvortex.take.verifyPlans";
    /** Bytes of a segment read first: its array flatbuffer and length (trees are a few hundred bytes). */
    static final long TAIL_BYTES = 768;
    /** Largest gap read to merge two parts of a take into one request. */
    static final long GAP_BYTES = 4 * 1024;
    /** A plan reading more than this fraction of its segment reads the segment whole instead. */
    static final double MAX_FRACTION = 0.25;
    /** Smaller segments are read whole: one request, where reading parts costs several. */
    static final long MIN_SEGMENT_BYTES = 64 * 1024;
    /** A round needing more requests than this for one segment (gaps merged) reads it whole instead. */
    static final int MAX_REQUESTS_PER_ROUND = 16;
    /** Planning rounds after the tail before a segment is read whole instead. */
    static final int MAX_ROUNDS = 4;
    private static final byte POISON = (byte) 0xA5;
    private static final byte OTHER_POISON = (byte) 0x5A;

    /** One flat segment being taken from. */
    static final class Target {
        final Layout.Flat layout;
        final int[] positions;
        long[] fetched = new long[0];
        MemorySegment scratch;
        boolean done;

        Target(Layout.Flat layout, int[] positions) {
            this.layout = layout;
            this.positions = positions;
        }
    }

    private final Map<Integer, Target> ready = new HashMap<>();

    /**
     * Fetches the planned parts of the targets' segments; targets that cannot be read in part are
     * added to {@code whole}.
     */
    static PartialTake fetch(ScanState state, List<Target> targets, BitSet whole) {
        PartialTake out = new PartialTake();
        VortexFile file = state.file;
        Map<Integer, Target> byId = new HashMap<>();
        for (Target t : targets) {
            int id = t.layout.segmentId();
            if (whole.get(id) || byId.containsKey(id) || file.segmentAvailable(id)
                    || file.segmentSpec(id).lengthBytes() < MIN_SEGMENT_BYTES
                    || t.layout.rowCount() > DecodeContext.MAX_ROWS) {
                whole.set(id);
                byId.remove(id);
            } else {
                byId.put(id, t);
            }
        }
        List<Target> active = new ArrayList<>(byId.values());
        active.sort((a, b) -> Integer.compare(a.layout.segmentId(), b.layout.segmentId()));
        // round 1: tails
        List<long[]> wants = new ArrayList<>();
        for (Target t : active) {
            long len = file.segmentSpec(t.layout.segmentId()).lengthBytes();
            wants.add(new long[] {Math.max(0, len - TAIL_BYTES), len});
        }
        fetchRound(file, active, wants);
        // a flatbuffer longer than the tail: one more read for those segments
        wants.clear();
        for (Target t : active) {
            long len = file.segmentSpec(t.layout.segmentId()).lengthBytes();
            long need = len < 4 ? 0 : len - 4 - Integer.toUnsignedLong(t.scratch.get(ValueLayout.JAVA_INT_UNALIGNED,
                    len - 4));
            wants.add(need >= 0 && need < t.fetched[0] ? new long[] {need, t.fetched[0]} : new long[0]);
        }
        fetchRound(file, active, wants);
        for (int round = 0; round <= MAX_ROUNDS && !active.isEmpty(); round++) {
            wants.clear();
            List<Target> next = new ArrayList<>();
            for (Target t : active) {
                long[] missing = plan(state, t, round == MAX_ROUNDS);
                if (missing == null) {
                    whole.set(t.layout.segmentId());
                } else if (t.done) {
                    out.ready.put(t.layout.segmentId(), t);
                } else {
                    next.add(t);
                    wants.add(missing);
                }
            }
            active = next;
            if (!active.isEmpty()) {
                fetchRound(file, active, wants);
            }
        }
        for (Target t : active) {
            whole.set(t.layout.segmentId());
        }
        return out;
    }

    /**
     * Plans a target over what was fetched of it.
     *
     * @return the parts still missing (empty and {@code done} set when complete), or null when the
     *         segment should be read whole
     */
    private static long[] plan(ScanState state, Target t, boolean last) {
        SegmentSpec spec = state.file.segmentSpec(t.layout.segmentId());
        try (Arena arena = Arena.ofConfined()) {
            SerializedArray array = parse(state, t);
            DecodeContext ctx = new DecodeContext(state.registry, arena, state.allowUnknown, state.maxDecodedBytes);
            TakePlan plan = new TakePlan(state.registry, ctx, t.fetched);
            plan.take(array.root(), t.layout.dtype(), (int) t.layout.rowCount(), t.positions);
            long named = 0;
            long[] parts = plan.named();
            for (int i = 0; i < parts.length; i += 2) {
                named += parts[i + 1] - parts[i];
            }
            if (named > MAX_FRACTION * spec.lengthBytes()) {
                return null;
            }
            if (plan.complete()) {
                t.done = true;
                return new long[0];
            }
            if (last) {
                return null;
            }
            long[] missing = plan.missing();
            int requests = 0;
            for (int i = 0; i < missing.length; i += 2) {
                if (i == 0 || missing[i] - missing[i - 1] >= GAP_BYTES) {
                    requests++;
                }
            }
            return requests > MAX_REQUESTS_PER_ROUND ? null : missing;
        } catch (RuntimeException e) {
            // what the plan read was fetched; a corrupt segment fails the same way when read whole
            return null;
        }
    }

    private static SerializedArray parse(ScanState state, Target t) {
        SegmentSpec spec = state.file.segmentSpec(t.layout.segmentId());
        String path = t.layout.path() + "/segment#" + t.layout.segmentId();
        return SerializedArray.parse(t.scratch, spec.byteOffset(), state.file.arrayIds(), state.file.source(), path,
                state.file.limits().maxDepth());
    }

    /** Fetches {@code wants.get(i)} (segment-relative start/end pairs) of every target, in one read. */
    private static void fetchRound(VortexFile file, List<Target> targets, List<long[]> wants) {
        List<ByteRange> ranges = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            long base = file.segmentSpec(targets.get(i).layout.segmentId()).byteOffset();
            long[] w = wants.get(i);
            for (int k = 0; k < w.length; k += 2) {
                ranges.add(new ByteRange(base + w[k], w[k + 1] - w[k]));
            }
        }
        if (ranges.isEmpty()) {
            return;
        }
        List<MemorySegment> got = file.readParts(ranges, GAP_BYTES);
        int r = 0;
        for (int i = 0; i < targets.size(); i++) {
            Target t = targets.get(i);
            long[] w = wants.get(i);
            if (w.length == 0) {
                continue;
            }
            if (t.scratch == null) {
                long len = file.segmentSpec(t.layout.segmentId()).lengthBytes();
                t.scratch = Arena.ofAuto().allocate(Math.max(1, len), 8).asSlice(0, len);
                t.scratch.fill(POISON);
            }
            long[] fetched = Arrays.copyOf(t.fetched, t.fetched.length + w.length);
            for (int k = 0; k < w.length; k += 2) {
                MemorySegment.copy(got.get(r++), 0, t.scratch, w[k], w[k + 1] - w[k]);
                fetched[t.fetched.length + k] = w[k];
                fetched[t.fetched.length + k + 1] = w[k + 1];
            }
            t.fetched = TakePlan.merge(fetched);
        }
    }

    /**
     * The rows of a segment read in part, when this take fetched it for exactly these positions.
     *
     * @return the rows, or null when the segment was not read in part for them
     */
    Canonical take(Layout.Flat layout, int[] positions, ScanState state) {
        Target t = ready.get(layout.segmentId());
        if (t == null || !t.layout.equals(layout) || !Arrays.equals(t.positions, positions)) {
            return null;
        }
        DecodeContext ctx = new DecodeContext(state.registry, state.chunkArena(), state.allowUnknown,
                state.maxDecodedBytes);
        Canonical rows;
        try {
            rows = ctx.take(parse(state, t).root(), layout.dtype(), (int) layout.rowCount(), positions);
            verify(t, rows, state);
        } catch (RuntimeException e) {
            // poison read through a missed byte can fail in any way (a bad length, an index out of bounds):
            // the segment read whole either decodes or fails with the file's own error
            if (Boolean.getBoolean(VERIFY_PROPERTY)) {
                throw e instanceof IllegalStateException ise ? ise : new IllegalStateException(
                        "take plan of " + layout.path() + " (segment " + layout.segmentId() + ") missed bytes its "
                                + "take reads: " + e.getMessage(), e);
            }
            return null; // the caller reads the segment whole
        }
        return rows;
    }

    /** Takes again over a copy whose unfetched bytes hold another poison; the rows must not change. */
    private static void verify(Target t, Canonical rows, ScanState state) {
        MemorySegment copy = Arena.ofAuto().allocate(Math.max(1, t.scratch.byteSize()), 8)
                .asSlice(0, t.scratch.byteSize());
        copy.fill(OTHER_POISON);
        for (int k = 0; k < t.fetched.length; k += 2) {
            MemorySegment.copy(t.scratch, t.fetched[k], copy, t.fetched[k], t.fetched[k + 1] - t.fetched[k]);
        }
        SegmentSpec spec = state.file.segmentSpec(t.layout.segmentId());
        SerializedArray array = SerializedArray.parse(copy, spec.byteOffset(), state.file.arrayIds(),
                state.file.source(), t.layout.path(), state.file.limits().maxDepth());
        Canonical again;
        try (Arena arena = Arena.ofConfined()) {
            DecodeContext ctx = new DecodeContext(state.registry, arena, state.allowUnknown, state.maxDecodedBytes);
            again = ctx.take(array.root(), t.layout.dtype(), (int) t.layout.rowCount(), t.positions);
            for (int i = 0; i < rows.length(); i++) {
                if (!JsonlWriter.toJson(rows, i).equals(JsonlWriter.toJson(again, i))) {
                    throw new IllegalStateException("take plan of " + t.layout.path() + " (segment "
                            + t.layout.segmentId() + ", encoding " + array.root().encodingId() + ") missed bytes "
                            + "its take reads: position " + t.positions[i] + " differs with other unfetched bytes");
                }
            }
        } catch (VortexException e) {
            throw new IllegalStateException("take plan of " + t.layout.path() + " (segment " + t.layout.segmentId()
                    + ") missed bytes its take reads: " + e.getMessage(), e);
        }
    }
}
