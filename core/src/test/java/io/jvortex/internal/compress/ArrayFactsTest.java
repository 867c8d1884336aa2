package io.jvortex.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.testing.Seeds;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link ArrayFacts}' run count and majority of primitive arrays against naive counts over the rows. */
class ArrayFactsTest {
    @Test
    void runsAndMajorityAgreeWithNaiveCounts() {
        long seed = Seeds.seed("ArrayFactsTest.runsAndMajority");
        SplittableRandom r = new SplittableRandom(seed);
        for (int round = 0; round < 400; round++) {
            int n = switch (round % 5) {
                case 0 -> r.nextInt(4);
                case 1 -> 1023 + r.nextInt(3);
                default -> r.nextInt(1, 5000);
            };
            boolean nullable = r.nextBoolean();
            int shape = r.nextInt(6);
            long[] values = new long[n];
            long[] valid = new long[(n + 63) >>> 6];
            for (int i = 0; i < n; i++) {
                values[i] = switch (shape) {
                    case 0 -> r.nextLong();
                    case 1 -> r.nextInt(3);
                    case 2 -> i > 0 && r.nextInt(5) != 0 ? values[i - 1] : r.nextInt(100);
                    case 3 -> r.nextInt(4) != 0 ? 7 : r.nextLong(); // a majority
                    // a majority crowded into the last rows or the first ones: only some quarters hold it
                    case 4 -> i < n * 2 / 5 ? r.nextLong() : 7;
                    default -> i < n * 11 / 20 + 1 ? 7 : r.nextLong();
                };
                if (!nullable || r.nextInt(6) != 0) {
                    valid[i >>> 6] |= 1L << i;
                }
            }
            Validity validity = nullable
                    ? new Validity.Bitmap(MemorySegment.ofArray(valid.clone()), 0)
                    : Validity.ALL_VALID;
            MemorySegment segment = java.lang.foreign.Arena.ofAuto().allocate(Math.max(8L * n, 8), 8);
            MemorySegment.copy(values, 0, segment, ValueLayout.JAVA_LONG_UNALIGNED, 0, n);
            PrimitiveArray array = new PrimitiveArray(new DType.Primitive(PType.I64, nullable),
                    segment.asSlice(0, 8L * n), n, validity);
            ArrayFacts facts = new ArrayFacts(array);

            int runs = 0;
            Long prev = null;
            Map<Long, Integer> counts = new HashMap<>();
            for (int i = 0; i < n; i++) {
                if (nullable && (valid[i >>> 6] & 1L << i) == 0) {
                    continue;
                }
                if (prev == null || prev != values[i]) {
                    runs++;
                }
                prev = values[i];
                counts.merge(values[i], 1, Integer::sum);
            }
            int validCount = counts.values().stream().mapToInt(Integer::intValue).sum();
            String what = "round " + round + ", " + n + " rows, shape " + shape + ", nullable " + nullable + " (seed "
                    + seed + ")";
            assertThat(facts.runCount()).as(what).isEqualTo(runs);
            // the majority vote finds the value held by more than half of the valid rows, and counts it exactly
            long candidate = facts.majorityValue();
            assertThat(facts.majorityCount()).as(what).isEqualTo(counts.getOrDefault(candidate, 0));
            counts.forEach((value, count) -> {
                if (2 * count > validCount) {
                    assertThat(candidate).as(what).isEqualTo(value);
                }
            });
        }
    }
}
