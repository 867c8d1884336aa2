package io.jvortex.internal.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.ListArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import org.junit.jupiter.api.Test;

/**
 * The writer cuts chunks by {@link ColumnArrays#nbytes}: a zone-sized slice of a list column must
 * count the elements its rows reach, not its parent's whole element array (which made every zone of a
 * list column a chunk of its own).
 */
class ColumnArraysNbytesTest {
    @Test
    void aListSliceCountsOnlyTheElementsItsRowsReach() {
        int rows = 1000;
        long[] offsets = new long[rows + 1];
        for (int i = 0; i < rows; i++) {
            offsets[i + 1] = offsets[i] + 3; // three i64 elements per row
        }
        long[] values = new long[rows * 3];
        ListArray whole = TestArrays.list(TestArrays.i64(values), offsets, null);
        assertThat(ColumnArrays.nbytes(whole)).isEqualTo(8L * rows + 8L * values.length);
        ListArray slice = whole.slice(100, 10);
        assertThat(ColumnArrays.nbytes(slice)).isEqualTo(8L * 10 + 8L * 30);
        assertThat(ColumnArrays.nbytes(whole.slice(0, 0))).isZero();
        PrimitiveArray none = TestArrays.i64();
        assertThat(ColumnArrays.nbytes(TestArrays.list(none, new long[] {0, 0, 0}, null))).isEqualTo(16);
    }
}
