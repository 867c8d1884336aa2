package io.jvortex.internal.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.ListArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.VarBinArray;
import org.junit.jupiter.api.Test;

/**
 * The writer cuts chunks by {@link ColumnArrays#nbytes}: a zone-sized slice of a list column must
 * count the elements its rows reach, not its parent's whole element array (which made every zone of a
 * list column a chunk of its own); strings count as the 16-byte views and out-of-line bytes they become,
 * whether they arrive as views or as offsets and bytes, so a column is cut at the same rows either way.
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

    @Test
    void stringsCountTheSameAsViewsOrAsOffsetsAndBytes() {
        String[] values = {"", "short", "exactly12byt", "thirteen byte", null, "a string well past twelve bytes", "é"};
        VarBinArray flat = TestArrays.varBin(true, values);
        long expected = (values.length + 7) / 8 + 16L * values.length + 13 + 31;
        assertThat(ColumnArrays.nbytes(flat)).isEqualTo(expected);
        assertThat(ColumnArrays.nbytes(TestArrays.varBinView(true, values))).isEqualTo(expected);
        // a slice counts its own rows only
        assertThat(ColumnArrays.nbytes(flat.slice(3, 2))).isEqualTo(1 + 16L * 2 + 13);
    }
}
