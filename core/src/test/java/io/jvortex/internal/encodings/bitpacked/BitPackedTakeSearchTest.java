package io.jvortex.internal.encodings.bitpacked;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.TestSupport;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BitPackedTakeSearchTest {
    @Test
    void firstAtOrAboveFindsWhatALinearScanFinds() {
        SplittableRandom random = TestSupport.random("BitPackedTakeSearchTest");
        for (int round = 0; round < 2000; round++) {
            int n = random.nextInt(0, 300);
            int[] indices = new int[n];
            int row = random.nextInt(0, 5);
            for (int k = 0; k < n; k++) {
                indices[k] = row;
                row += random.nextInt(0, random.nextBoolean() ? 3 : 2000); // duplicates, near and far rows
            }
            int from = random.nextInt(0, n + 1);
            long value = random.nextLong(-2, row + 3L);
            int expected = from;
            while (expected < n && indices[expected] < value) {
                expected++;
            }
            assertThat(BitPackedTake.firstAtOrAbove(indices, from, value)).as("round %d", round).isEqualTo(expected);
        }
    }
}
