package io.jvortex.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.Allocator;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.RandomArrays;
import io.jvortex.array.Take;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.expr.Selection;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SelectionFilterTest {
    private final Arena arena = Arena.ofConfined();
    private final Allocator alloc = bytes -> arena.allocate(Math.max(1, bytes), 8).asSlice(0, bytes);

    @AfterEach
    void close() {
        arena.close();
    }

    /** Selections of every shape: long runs (copied run by run), scattered rows (gathered), edges. */
    private static Selection selection(SplittableRandom r, int n) {
        long[] words = new long[(n + 63) >>> 6];
        int shape = r.nextInt(4);
        int row = 0;
        while (row < n) {
            // alternate kept and dropped stretches whose lengths depend on the shape
            int keep = switch (shape) {
                case 0 -> r.nextInt(1, 3);
                case 1 -> r.nextInt(20, 200);
                case 2 -> r.nextInt(100, 2000);
                default -> r.nextInt(1, 80);
            };
            for (int i = row; i < Math.min(n, row + keep); i++) {
                words[i >>> 6] |= 1L << i;
            }
            row += keep + (shape == 2 ? r.nextInt(0, 3) : r.nextInt(1, 40));
        }
        return new Selection(words, n);
    }

    private PrimitiveArray indices(Selection s, int count) {
        int[] all = s.indices();
        MemorySegment seg = alloc.allocate(4L * count);
        for (int i = 0; i < count; i++) {
            seg.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, all[i]);
        }
        return new PrimitiveArray(new DType.Primitive(PType.U32, false), seg, count, Validity.ALL_VALID);
    }

    @Test
    void keepsTheSameRowsAsAGatherOfTheSelectedIndices() {
        SplittableRandom r = TestSupport.random("SelectionFilterTest.keepsTheSameRowsAsAGatherOfTheSelectedIndices");
        RandomArrays gen = new RandomArrays(r, alloc);
        int byRuns = 0;
        for (int iter = 0; iter < 300; iter++) {
            DType dtype = gen.dtype(2);
            int n = r.nextInt(1, 3000);
            Canonical values = gen.array(dtype, n);
            Selection selection = selection(r, n);
            int selected = selection.count();
            // a limit may keep only the first selected rows
            int count = r.nextInt(4) == 0 && selected > 0 ? r.nextInt(selected + 1) : selected;
            SelectionFilter filter = new SelectionFilter(selection, count, () -> indices(selection, count));
            if ((long) SelectionFilter.runStarts(selection.words()) * SelectionFilter.RUN_ROWS <= count) {
                byRuns++;
            }
            Canonical out = filter.apply(values, alloc);
            Canonical expected = Take.take(values, indices(selection, count), alloc);
            assertThat(out.length()).as("iteration %d", iter).isEqualTo(count);
            assertThat(out.dtype()).isEqualTo(values.dtype());
            assertThat(TestSupport.rows(out)).as("iteration %d, %s, %d of %d rows", iter, dtype.display(), count, n)
                    .isEqualTo(TestSupport.rows(expected));
        }
        // both strategies ran
        assertThat(byRuns).isBetween(30, 270);
    }

    @Test
    void countsRunsAcrossWordBoundaries() {
        long[] words = {0xF000_0000_0000_000FL, 0x0000_0000_0000_0001L, 0L, 0x8000_0000_0000_0000L};
        // runs: bits 0-3, bits 60-64 (into the next word), bit 255
        assertThat(SelectionFilter.runStarts(words)).isEqualTo(3);
    }

    @Test
    void anArrayOfAnotherLengthIsRejected() {
        Selection selection = new Selection(new long[] {0b1011}, 10);
        SelectionFilter filter = new SelectionFilter(selection, 3, () -> indices(selection, 3));
        PrimitiveArray nine = new PrimitiveArray(new DType.Primitive(PType.I64, false), alloc.allocate(72), 9,
                Validity.ALL_VALID);
        assertThatThrownBy(() -> filter.apply(nine, alloc)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("9 rows for a range of 10");
    }
}
