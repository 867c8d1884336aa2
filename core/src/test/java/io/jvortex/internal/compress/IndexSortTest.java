package io.jvortex.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.TestSupport;
import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link IndexSort} against {@code Arrays.sort} (stable) on seeded keys with many ties, at every small size and a few large ones. */
class IndexSortTest {
    @Test
    void sortsLikeAStableLibrarySort() {
        SplittableRandom r = TestSupport.random("IndexSortTest.sortsLikeAStableLibrarySort");
        int[] sizes = new int[70];
        for (int i = 0; i < 64; i++) {
            sizes[i] = i;
        }
        for (int i = 64; i < sizes.length; i++) {
            sizes[i] = r.nextInt(100, 20_000);
        }
        for (int n : sizes) {
            long[] keys = new long[n];
            int distinct = 1 + r.nextInt(Math.max(1, n));
            for (int i = 0; i < n; i++) {
                keys[i] = r.nextInt(distinct) - distinct / 2;
            }
            Integer[] expected = new Integer[n];
            for (int i = 0; i < n; i++) {
                expected[i] = i;
            }
            Arrays.sort(expected, Comparator.comparingLong(i -> keys[i]));
            int[] actual = IndexSort.sorted(n, (a, b) -> Long.compare(keys[a], keys[b]));
            assertThat(actual).as("%d keys, %d distinct", n, distinct)
                    .isEqualTo(Arrays.stream(expected).mapToInt(Integer::intValue).toArray());
        }
    }
}
