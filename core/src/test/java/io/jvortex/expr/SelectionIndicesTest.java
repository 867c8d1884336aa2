package io.jvortex.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.TestSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SelectionIndicesTest {
    @Test
    void theFirstSelectedRowsAtEveryDensityAndLimit() {
        SplittableRandom random = TestSupport.random("SelectionIndicesTest");
        double[] densities = {0, 0.001, 0.01, 0.03, 0.1, 0.5, 0.97, 1};
        for (int round = 0; round < 400; round++) {
            int length = random.nextInt(0, 5000);
            double density = densities[random.nextInt(densities.length)];
            long[] words = new long[(length + 63) >>> 6];
            List<Integer> expected = new ArrayList<>();
            for (int row = 0; row < length; row++) {
                // runs of three or more in a word exercise the loop for dense words
                if (random.nextDouble() < density || (!expected.isEmpty() && expected.getLast() == row - 1
                        && random.nextInt(4) == 0)) {
                    words[row >>> 6] |= 1L << row;
                    expected.add(row);
                }
            }
            Selection selection = new Selection(words, length);
            assertThat(selection.count()).isEqualTo(expected.size());
            int limit = random.nextInt(0, expected.size() + 1);
            int[] all = selection.indices();
            int[] first = selection.indices(limit);
            assertThat(all).as("round %d, %d rows, density %s", round, length, density)
                    .containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
            assertThat(first).as("round %d, limit %d", round, limit)
                    .containsExactly(expected.subList(0, limit).stream().mapToInt(Integer::intValue).toArray());
        }
    }

    @Test
    void aLimitAboveTheSelectedRowsIsRefused() {
        Selection selection = new Selection(new long[] {0b1011L, 0}, 100);
        assertThat(selection.indices(3)).containsExactly(0, 1, 3);
        assertThatThrownBy(() -> selection.indices(4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("above the 3 selected rows");
        assertThatThrownBy(() -> selection.indices(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
