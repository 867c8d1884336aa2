package io.jvortex.internal.pco;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.testing.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The encoder's bin training helpers: unsigned sorting, pco's log approximation, histogram and weights. */
class BinTrainerTest {
    @Test
    void sortsUnsignedLikeAReferenceSort() {
        SplittableRandom rnd = Seeds.random("BinTrainerTest.sort");
        for (int n : new int[] {0, 1, 100, 4095, 4096, 10000, 70000}) {
            for (int bits : new int[] {8, 16, 33, 64}) {
                long[] a = new long[n];
                long mask = bits == 64 ? -1L : (1L << bits) - 1;
                long base = rnd.nextLong();
                for (int i = 0; i < n; i++) {
                    a[i] = base + (rnd.nextLong() & mask);
                }
                Long[] expected = Arrays.stream(a).boxed().sorted(Long::compareUnsigned).toArray(Long[]::new);
                BinTrainer.sortUnsigned(a, n);
                assertThat(Arrays.stream(a).boxed().toArray(Long[]::new)).as("n=%d bits=%d", n, bits)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void log2ApproxIsExactAtPowersOfTwoAndClose() {
        for (int e = 0; e < 32; e++) {
            assertThat(BinTrainer.log2Approx((float) Math.scalb(1.0, e))).isEqualTo((float) e);
        }
        float previous = Float.NEGATIVE_INFINITY;
        for (int i = 1; i <= 5000; i++) {
            float approx = BinTrainer.log2Approx(i);
            assertThat(Math.abs(approx - Math.log(i) / Math.log(2))).as("x=%d", i).isLessThan(0.0076);
            assertThat(approx).isGreaterThanOrEqualTo(previous);
            previous = approx;
        }
    }

    @Test
    void histogramBinsAreEqualCountTightAndKeepRunsTogether() {
        long[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        long[][] h = BinTrainer.histogram(sorted, sorted.length, 2);
        assertThat(h[0]).containsExactly(3, 2, 2, 2);
        assertThat(h[1]).containsExactly(1, 4, 6, 8);
        assertThat(h[2]).containsExactly(3, 5, 7, 9);
        long[] runs = {0, 0, 0, 1, 2, 2, 2, 2};
        h = BinTrainer.histogram(runs, runs.length, 3);
        assertThat(h[0]).containsExactly(3, 1, 4);
        assertThat(h[1]).containsExactly(0, 1, 2);
    }

    @Test
    void weightsSumToThePowerOfTwoTable() {
        SplittableRandom rnd = Seeds.random("BinTrainerTest.weights");
        for (int trial = 0; trial < 200; trial++) {
            int nb = 2 + rnd.nextInt(300);
            long[] counts = new long[nb];
            long total = 0;
            for (int i = 0; i < nb; i++) {
                counts[i] = 1 + (rnd.nextBoolean() ? rnd.nextInt(5) : rnd.nextInt(100_000));
                total += counts[i];
            }
            int[] weights = new int[nb];
            int sizeLog = BinTrainer.quantizeWeights(counts, total, rnd.nextInt(13), weights);
            assertThat(sizeLog).isBetween(1, 14);
            assertThat(Arrays.stream(weights).asLongStream().sum()).isEqualTo(1L << sizeLog);
            assertThat(Arrays.stream(weights).min().getAsInt()).isGreaterThanOrEqualTo(1);
        }
    }
}
