package io.jvortex.internal.encodings.runend;

import static io.jvortex.array.TestNodes.Node;
import static io.jvortex.array.TestNodes.Proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.Golden;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RunEndEncodingTest {
    private final Arena arena = Arena.ofAuto();

    static byte[] meta(PType ends, long runs, long offset) {
        return Proto.message().varint(1, ends.id()).varint(2, runs).varint(3, offset).build();
    }

    static Node runEnd(PType endsType, long[] ends, long offset, Node values) {
        return Node.of(RunEndEncoding.ID, meta(endsType, ends.length, offset), List.of(),
                TestNodes.primitive(bytes(ends, endsType.byteWidth())), values);
    }

    static byte[] bytes(long[] values, int width) {
        ByteBuffer b = ByteBuffer.allocate(values.length * width).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            switch (width) {
                case 1 -> b.put((byte) v);
                case 2 -> b.putShort((short) v);
                case 4 -> b.putInt((int) v);
                default -> b.putLong(v);
            }
        }
        return b.array();
    }

    @Test
    void goldenRunColumns() {
        List<Object> ints = new ArrayList<>();
        List<Object> floats = new ArrayList<>();
        for (int j = 0; j < 6; j++) {
            ints.add(Golden.mix(100 + j));
            floats.add(Golden.f64(Golden.mix(200 + j)));
        }
        assertThat(Golden.column("runend/runend.vortex", "runs")).isEqualTo(Golden.runs(1, 5000, ints, 300));
        List<Object> pairs = new ArrayList<>();
        for (Object v : Golden.runs(5, 5000, floats, 250)) {
            pairs.add(List.of(v, v));
        }
        assertThat(Golden.column("runend/runend.vortex", "fsl_runs")).isEqualTo(pairs);
    }

    @Test
    void goldenNullableRuns() {
        List<Object> palette = new ArrayList<>();
        for (int j = 0; j < 5; j++) {
            palette.add(Golden.mix(100 + j));
        }
        palette.add(null);
        assertThat(Golden.column("runend/runend.vortex", "runs_null")).isEqualTo(Golden.runs(3, 5000, palette, 300));
    }

    @Test
    void goldenArrowRunEndArrays() {
        List<Object> f = new ArrayList<>();
        f.addAll(Collections.nCopies(3, TestSupport.f64(1.5)));
        f.addAll(Collections.nCopies(4, null));
        f.addAll(Collections.nCopies(3, TestSupport.f64(-2.0)));
        f.addAll(Collections.nCopies(1020, TestSupport.f64(0.25)));
        f.add(TestSupport.f64(-0.0));
        assertThat(TestSupport.rows(Golden.segment("runend/ree_f64", new DType.Primitive(PType.F64, true), 1031, arena)))
                .isEqualTo(f);
        List<Object> b = new ArrayList<>();
        b.addAll(Collections.nCopies(5, true));
        b.addAll(Collections.nCopies(1024, false));
        b.addAll(Collections.nCopies(1019, true));
        assertThat(TestSupport.rows(Golden.segment("runend/ree_bool", new DType.Bool(false), 2048, arena))).isEqualTo(b);
    }

    /** Naive reference: row i takes the value of the first run whose end exceeds offset + i. */
    private static List<Object> naive(long[] ends, long offset, int length, List<Object> values) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            int r = 0;
            while (ends[r] <= offset + i) {
                r++;
            }
            out.add(values.get(r));
        }
        return out;
    }

    @Test
    void randomRunsWithOffsetsMatchNaiveDecoding() {
        SplittableRandom rnd = TestSupport.random("RunEndEncodingTest.randomRunsWithOffsetsMatchNaiveDecoding");
        PType[] endTypes = {PType.U8, PType.U16, PType.U32, PType.U64};
        for (int iter = 0; iter < 150; iter++) {
            int runs = rnd.nextInt(1, 60);
            long[] ends = new long[runs];
            long at = 0;
            for (int r = 0; r < runs; r++) {
                // empty runs are tolerated; some long runs take the expansion over several blocks
                at += rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(20) == 0 ? rnd.nextInt(1, 3000) : rnd.nextInt(1, 80);
                ends[r] = at;
            }
            if (ends[runs - 1] == 0) {
                ends[runs - 1] = 1;
            }
            long total = ends[runs - 1];
            PType et = endTypes[rnd.nextInt(endTypes.length)];
            if (et == PType.U8 && total > 255) {
                et = PType.U16;
            }
            long offset = rnd.nextLong(total);
            int length = (int) rnd.nextLong(total - offset + 1);
            int kind = rnd.nextInt(6);
            List<Object> expectedValues = new ArrayList<>();
            Node values;
            DType dtype;
            switch (kind) {
                case 0 -> {
                    long[] v = new long[runs];
                    boolean[] valid = new boolean[runs];
                    for (int r = 0; r < runs; r++) {
                        v[r] = rnd.nextLong();
                        valid[r] = rnd.nextInt(5) != 0;
                        expectedValues.add(valid[r] ? v[r] : null);
                    }
                    values = TestNodes.i64(v).with(TestNodes.bools(valid));
                    dtype = new DType.Primitive(PType.I64, true);
                }
                case 1 -> {
                    int[] v = new int[runs];
                    for (int r = 0; r < runs; r++) {
                        v[r] = rnd.nextInt(256);
                        expectedValues.add((long) v[r]);
                    }
                    values = TestNodes.u8(v);
                    dtype = new DType.Primitive(PType.U8, false);
                }
                case 4, 5 -> {
                    int[] v = new int[runs];
                    for (int r = 0; r < runs; r++) {
                        v[r] = kind == 4 ? (short) rnd.nextInt() : rnd.nextInt();
                        expectedValues.add((long) v[r]);
                    }
                    values = kind == 4 ? TestNodes.i16(v) : TestNodes.i32(v);
                    dtype = new DType.Primitive(kind == 4 ? PType.I16 : PType.I32, false);
                }
                case 2 -> {
                    boolean[] v = new boolean[runs];
                    for (int r = 0; r < runs; r++) {
                        v[r] = rnd.nextBoolean();
                        expectedValues.add(v[r]);
                    }
                    values = TestNodes.bools(v);
                    dtype = new DType.Bool(false);
                }
                default -> {
                    int[] v = new int[runs];
                    for (int r = 0; r < runs; r++) {
                        v[r] = rnd.nextInt();
                        expectedValues.add(List.of((long) v[r]));
                    }
                    values = Node.of("vortex.struct", new byte[0], List.of(), TestNodes.i32(v));
                    dtype = new DType.Struct(List.of("a"), List.of(new DType.Primitive(PType.I32, false)), false);
                }
            }
            Canonical out = TestNodes.decode(runEnd(et, ends, offset, values), dtype, length, arena);
            List<Object> expected = naive(ends, offset, length, expectedValues);
            assertThat(TestSupport.rows(out)).as("iteration %d ends %s offset %d length %d", iter,
                    Arrays.toString(ends), offset, length).isEqualTo(expected);
            // point access: ascending positions with duplicates find their runs without expanding
            int[] positions = length == 0 ? new int[0] : rnd.ints(rnd.nextInt(1, 40), 0, length).sorted().toArray();
            List<Object> picked = new ArrayList<>();
            for (int p : positions) {
                picked.add(expected.get(p));
            }
            assertThat(TestSupport.rows(TestNodes.take(runEnd(et, ends, offset, values), dtype, length, positions,
                    arena))).as("take %s, iteration %d", Arrays.toString(positions), iter).isEqualTo(picked);
        }
    }

    @Test
    void longRunsAcrossChunkBoundaries() {
        for (int length : new int[] {1, 1023, 1024, 1025, 70_000}) {
            Canonical out = TestNodes.decode(runEnd(PType.U32, new long[] {length / 2, length + 5}, 0,
                    TestNodes.i16(-1, 7)), new DType.Primitive(PType.I16, false), length, arena);
            List<Object> expected = new ArrayList<>(Collections.nCopies(length / 2, -1L));
            expected.addAll(Collections.nCopies(length - length / 2, 7L));
            assertThat(TestSupport.rows(out)).isEqualTo(expected);
        }
        Canonical empty = TestNodes.decode(runEnd(PType.U8, new long[0], 0, TestNodes.i16()),
                new DType.Primitive(PType.I16, false), 0, arena);
        assertThat(empty.length()).isZero();
    }

    @Test
    void corruptNodesAreRejected() {
        DType i16 = new DType.Primitive(PType.I16, false);
        assertThatThrownBy(() -> TestNodes.decode(runEnd(PType.U8, new long[] {3, 2}, 0, TestNodes.i16(1, 2)), i16, 2,
                arena)).isInstanceOf(VortexException.class).hasMessageContaining("below the previous end");
        assertThatThrownBy(() -> TestNodes.decode(runEnd(PType.U8, new long[] {2, 3}, 1, TestNodes.i16(1, 2)), i16, 3,
                arena)).isInstanceOf(VortexException.class).hasMessageContaining("does not reach");
        assertThatThrownBy(() -> TestNodes.decode(runEnd(PType.I8, new long[] {2, 3}, 0, TestNodes.i16(1, 2)), i16, 3,
                arena)).isInstanceOf(VortexException.class).hasMessageContaining("unsigned");
        assertThatThrownBy(() -> TestNodes.decode(runEnd(PType.U8, new long[0], 0, TestNodes.i16()), i16, 3, arena))
                .isInstanceOf(VortexException.class).hasMessageContaining("no runs");
        assertThatThrownBy(() -> TestNodes.decode(runEnd(PType.U64, new long[] {5}, -1L, TestNodes.i16(1)), i16, 3,
                arena)).isInstanceOf(VortexException.class).hasMessageContaining("too large");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(RunEndEncoding.ID, meta(PType.U8, 1, 0), List.of(),
                TestNodes.u8(3)), i16, 3, arena)).isInstanceOf(VortexException.class).hasMessageContaining("children");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(RunEndEncoding.ID, meta(PType.U8, 1, 0), List.of(new byte[1]),
                TestNodes.u8(3), TestNodes.i16(1)), i16, 3, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("buffers");
        assertThatThrownBy(() -> TestNodes.decode(Node.of(RunEndEncoding.ID, meta(PType.U8, 1L << 40, 0), List.of(),
                TestNodes.u8(3), TestNodes.i16(1)), i16, 3, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("num_runs");
        // u64 ends with the top bit set compare as huge, not negative: the decreasing end is caught.
        assertThatThrownBy(() -> TestNodes.decode(runEnd(PType.U64, new long[] {-1L, 5}, 0, TestNodes.i16(1, 2)), i16,
                3, arena)).isInstanceOf(VortexException.class).hasMessageContaining("below the previous end");
    }

    /** Empty runs (repeated ends) where the take's blocks of 1,024 ends meet: rows at the repeated end skip them. */
    @Test
    void takeOverEmptyRunsAtABlockBoundary() {
        DType i16 = new DType.Primitive(PType.I16, false);
        long[] ends = new long[2000];
        int[] values = new int[ends.length];
        for (int k = 0; k < ends.length; k++) {
            ends[k] = 2L * (k + 1) + 7;
            values[k] = k;
        }
        // runs 1023, 1024 and 1025 end where run 1022 ends: empty, across the block boundary
        ends[1023] = ends[1022];
        ends[1024] = ends[1022];
        ends[1025] = ends[1022];
        int length = (int) (ends[ends.length - 1] - 7);
        int row = (int) (ends[1022] - 7); // the first row of run 1026
        assertThat(TestSupport.rows(TestNodes.take(runEnd(PType.U32, ends, 7, TestNodes.i16(values)), i16, length,
                new int[] {0, row - 1, row, row, row + 1, length - 1}, arena)))
                .containsExactly(0L, 1022L, 1026L, 1026L, 1026L, 1999L);
    }

    /**
     * Few positions among thousands of runs: the take searches the ends a block of 1,024 at a time,
     * taking the block each position's search starts at in one take of the ends. Runs of very uneven
     * length (so that the first block guessed is often wrong), empty runs, offsets, positions at run
     * boundaries, the first and last rows and duplicates, against the full decode.
     */
    @Test
    void blockSearchTakesMatchTheFullDecode() {
        SplittableRandom rnd = TestSupport.random("RunEndEncodingTest.blockSearchTakesMatchTheFullDecode");
        DType i32 = new DType.Primitive(PType.I32, false);
        int skipped = 0;
        for (int iter = 0; iter < 60; iter++) {
            int runs = 4 * 1024 + rnd.nextInt(16 * 1024);
            long[] ends = new long[runs];
            int[] values = new int[runs];
            // a few regions, each of its own run length: long runs, short runs, empty runs
            long at = rnd.nextInt(3) == 0 ? 0 : rnd.nextLong(1L << 33);
            int regionLeft = 0;
            int maxRun = 1;
            for (int r = 0; r < runs; r++) {
                if (regionLeft-- == 0) {
                    regionLeft = rnd.nextInt(1, runs / 2);
                    maxRun = new int[] {1, 3, 40, 300}[rnd.nextInt(4)];
                }
                at += rnd.nextInt(8) == 0 ? 0 : rnd.nextInt(1, maxRun + 1);
                ends[r] = at;
                values[r] = rnd.nextInt();
            }
            long first = ends[0];
            long total = ends[runs - 1];
            if (total - first < 10) {
                continue;
            }
            long offset = first - (first == 0 ? 0 : rnd.nextLong(Math.min(first, 50) + 1));
            int length = (int) Math.min(Integer.MAX_VALUE / 2, total - offset - rnd.nextLong(Math.min(total
                    - offset, 5)));
            if (length > 2_000_000) {
                skipped++;
                continue;
            }
            PType et = total <= 0xFFFF && rnd.nextBoolean() ? PType.U16 : rnd.nextBoolean() ? PType.U32 : PType.U64;
            if (et == PType.U32 && total > 0xFFFF_FFFFL) {
                et = PType.U64;
            }
            Node node = runEnd(et, ends, offset, TestNodes.i32(values));
            List<Object> all = TestSupport.rows(TestNodes.decode(node, i32, length, arena));
            int maxPositions = Math.max(1, runs / 1024 / 2);
            for (int round = 0; round < 4; round++) {
                int n = 1 + rnd.nextInt(maxPositions);
                int[] positions = new int[n];
                for (int k = 0; k < n; k++) {
                    // run ends anywhere, and the first and last rows of a block's first run
                    int r = rnd.nextBoolean() ? rnd.nextInt(runs) : rnd.nextInt(1, runs / 1024 + 1) * 1024 - 1;
                    long boundary = ends[Math.min(r + rnd.nextInt(2), runs - 1)] - offset + rnd.nextInt(-1, 1);
                    positions[k] = switch (rnd.nextInt(5)) {
                        case 0 -> rnd.nextBoolean() ? 0 : length - 1;
                        case 1, 2 -> (int) Math.max(0, Math.min(length - 1, boundary));
                        case 3 -> k > 0 ? positions[k - 1] : 0;
                        default -> rnd.nextInt(length);
                    };
                }
                Arrays.sort(positions);
                assertThat(TestSupport.rows(TestNodes.take(node, i32, length, positions, arena)))
                        .as("iteration %d round %d: %d runs, offset %d, length %d, %s ends, take %s", iter, round,
                                runs, offset, length, et, Arrays.toString(positions))
                        .isEqualTo(rowsAt(all, positions));
            }
        }
        assertThat(skipped).as("iterations too long to decode").isLessThan(10);
    }

    /**
     * Takes of many positions (every end decoded, checked and walked block by block) against the full
     * decode: 32-bit ends from 0, just below 2^31 and just below 2^32 (unsigned past the int range), 64-bit
     * ends too, empty runs, repeated positions and offsets before the first end.
     */
    @Test
    void denseTakesMatchTheFullDecode() {
        SplittableRandom rnd = TestSupport.random("RunEndEncodingTest.denseTakesMatchTheFullDecode");
        DType i32 = new DType.Primitive(PType.I32, false);
        for (int iter = 0; iter < 40; iter++) {
            int runs = 1 + rnd.nextInt(5000);
            long start = switch (rnd.nextInt(3)) {
                case 0 -> 0;
                case 1 -> (1L << 31) - rnd.nextInt(1, 1000);
                default -> (1L << 32) - 200_000;
            };
            long[] ends = new long[runs];
            int[] values = new int[runs];
            long at = start;
            for (int r = 0; r < runs; r++) {
                at += rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(1, 40);
                ends[r] = at;
                values[r] = rnd.nextInt();
            }
            long offset = start - rnd.nextLong(Math.min(start, 30) + 1);
            long rows = ends[runs - 1] - offset;
            if (rows <= 1) {
                continue;
            }
            int length = (int) (rows - rnd.nextLong(Math.min(rows - 1, 5)));
            PType et = rnd.nextInt(4) == 0 ? PType.U64 : PType.U32;
            Node node = runEnd(et, ends, offset, TestNodes.i32(values));
            List<Object> all = TestSupport.rows(TestNodes.decode(node, i32, length, arena));
            int n = 1 + rnd.nextInt(Math.min(length, 20_000));
            int[] positions = new int[n];
            for (int k = 0; k < n; k++) {
                positions[k] = k > 0 && rnd.nextInt(8) == 0 ? positions[k - 1] : rnd.nextInt(length);
            }
            Arrays.sort(positions);
            assertThat(TestSupport.rows(TestNodes.take(node, i32, length, positions, arena)))
                    .as("iteration %d: %d runs from %d, offset %d, length %d, %s ends, %d positions", iter, runs,
                            start, offset, length, et, n)
                    .isEqualTo(rowsAt(all, positions));
        }
    }

    /** The rows of a full decode at the positions, in their order: what a take of them returns. */
    private static List<Object> rowsAt(List<Object> all, int[] positions) {
        List<Object> rows = new ArrayList<>();
        for (int p : positions) {
            rows.add(all.get(p));
        }
        return rows;
    }

    /** A take finds the positions' runs in the pass that checks the ends: the same corrupt ends fail it. */
    @Test
    void corruptEndsAreRejectedByTake() {
        DType i16 = new DType.Primitive(PType.I16, false);
        assertThatThrownBy(() -> TestNodes.take(runEnd(PType.U8, new long[] {3, 2}, 0, TestNodes.i16(1, 2)), i16, 2,
                new int[] {0}, arena)).isInstanceOf(VortexException.class).hasMessageContaining("below the previous end");
        // the decreasing end comes after every position's run is found
        assertThatThrownBy(() -> TestNodes.take(runEnd(PType.U8, new long[] {1, 3, 2}, 0, TestNodes.i16(1, 2, 3)), i16,
                3, new int[] {0}, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("below the previous end");
        assertThatThrownBy(() -> TestNodes.take(runEnd(PType.U8, new long[] {2, 3}, 1, TestNodes.i16(1, 2)), i16, 3,
                new int[] {0, 1}, arena)).isInstanceOf(VortexException.class).hasMessageContaining("does not reach");
        assertThatThrownBy(() -> TestNodes.take(runEnd(PType.U64, new long[] {-1L, 5}, 0, TestNodes.i16(1, 2)), i16,
                3, new int[] {2}, arena)).isInstanceOf(VortexException.class)
                .hasMessageContaining("below the previous end");
        // ends are checked a block of 1,024 at a time: a decrease at a block's first end, and in a later block
        for (int at : new int[] {1024, 1500}) {
            long[] ends = new long[2000];
            for (int k = 0; k < ends.length; k++) {
                ends[k] = 2L * (k + 1);
            }
            ends[at] = ends[at - 1] - 1;
            int[] values = new int[ends.length];
            assertThatThrownBy(() -> TestNodes.take(runEnd(PType.U32, ends, 0, TestNodes.i16(values)), i16, 4000,
                    new int[] {0, 5}, arena)).isInstanceOf(VortexException.class)
                    .hasMessageContaining("at run " + at + " is below the previous end " + ends[at - 1]);
        }
        // u64 ends past Long.MAX_VALUE are above every row: positions fall in the first run
        assertThat(TestSupport.rows(TestNodes.take(runEnd(PType.U64, new long[] {-2L, -1L}, 5, TestNodes.i16(4, 9)),
                i16, 3, new int[] {0, 2, 2}, arena))).containsExactly(4L, 4L, 4L);
        // u32 ends past Integer.MAX_VALUE are unsigned too
        assertThat(TestSupport.rows(TestNodes.take(runEnd(PType.U32, new long[] {(1L << 31) + 2, (1L << 32) - 1},
                1L << 31, TestNodes.i16(4, 9)), i16, 5, new int[] {0, 1, 2, 4}, arena))).containsExactly(4L, 4L, 9L, 9L);
        // ends at or below the offset are empty runs
        assertThat(TestSupport.rows(TestNodes.take(runEnd(PType.U32, new long[] {3, 5, 6, 9}, 5, TestNodes.i16(1, 2,
                3, 4)), i16, 4, new int[] {0, 1, 3}, arena))).containsExactly(3L, 4L, 4L);
    }
}
