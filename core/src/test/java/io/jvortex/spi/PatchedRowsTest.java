package io.jvortex.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class PatchedRowsTest {
    @Test
    void aSliceKeepsThePatchesInsideItRelativeToItsStart() {
        SplittableRandom random = TestSupport.random("PatchedRowsTest");
        for (int round = 0; round < 200; round++) {
            int rows = random.nextInt(1, 3000);
            TreeSet<Integer> chosen = new TreeSet<>();
            int count = random.nextInt(0, Math.min(rows, 40) + 1);
            while (chosen.size() < count) {
                chosen.add(random.nextInt(rows));
            }
            int[] positions = chosen.stream().mapToInt(Integer::intValue).toArray();
            long[] values = new long[positions.length];
            for (int k = 0; k < values.length; k++) {
                values[k] = random.nextLong();
            }
            PrimitiveArray patchValues = positions.length == 0 ? null : TestArrays.i64(values);
            int start = random.nextInt(rows + 1);
            int length = random.nextInt(rows - start + 1);

            PatchedRows slice = PatchedRows.slice(positions, patchValues, start, length);

            List<Integer> expectedPositions = new ArrayList<>();
            List<Long> expectedValues = new ArrayList<>();
            for (int k = 0; k < positions.length; k++) {
                if (positions[k] >= start && positions[k] < start + length) {
                    expectedPositions.add(positions[k] - start);
                    expectedValues.add(values[k]);
                }
            }
            assertThat(slice.positions()).containsExactly(expectedPositions.stream().mapToInt(Integer::intValue).toArray());
            if (expectedValues.isEmpty()) {
                assertThat(slice.values()).isNull();
            } else {
                List<Long> got = new ArrayList<>();
                for (int k = 0; k < slice.values().length(); k++) {
                    got.add(slice.values().getLong(k));
                }
                assertThat(got).containsExactlyElementsOf(expectedValues);
            }
        }
    }
}
