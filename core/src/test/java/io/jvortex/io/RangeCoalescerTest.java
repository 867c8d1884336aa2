package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.TestSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RangeCoalescerTest {

    @Test
    void mergesNeighboursCloserThanTheGap() {
        List<ByteRange> ranges = List.of(new ByteRange(1000, 10), new ByteRange(0, 100), new ByteRange(150, 50),
                new ByteRange(5000, 1));
        List<RangeCoalescer.Request> plan = RangeCoalescer.plan(ranges, 100, 1 << 20);
        assertThat(plan).extracting(RangeCoalescer.Request::range)
                .containsExactly(new ByteRange(0, 200), new ByteRange(1000, 10), new ByteRange(5000, 1));
        assertThat(plan.getFirst().members()).containsExactly(1, 2);
    }

    @Test
    void overlappingAndDuplicateRangesShareOneRequest() {
        List<ByteRange> ranges = List.of(new ByteRange(10, 100), new ByteRange(50, 10), new ByteRange(10, 100));
        List<RangeCoalescer.Request> plan = RangeCoalescer.plan(ranges, 0, 1 << 20);
        assertThat(plan).singleElement().satisfies(r -> {
            assertThat(r.range()).isEqualTo(new ByteRange(10, 100));
            assertThat(r.members()).containsExactlyInAnyOrder(0, 1, 2);
        });
    }

    @Test
    void neverGrowsPastTheMaximumAndNeverSplitsARange() {
        List<ByteRange> ranges = List.of(new ByteRange(0, 60), new ByteRange(60, 60), new ByteRange(120, 500));
        List<RangeCoalescer.Request> plan = RangeCoalescer.plan(ranges, 1000, 128);
        assertThat(plan).extracting(RangeCoalescer.Request::range)
                .containsExactly(new ByteRange(0, 120), new ByteRange(120, 500));
    }

    @Test
    void randomPlansCoverEveryRangeOnceWithinLimits() {
        SplittableRandom random = TestSupport.random("RangeCoalescerTest.randomPlans");
        for (int round = 0; round < 500; round++) {
            int count = random.nextInt(0, 40);
            long gap = random.nextLong(0, 5000);
            long max = random.nextLong(1, 20_000);
            List<ByteRange> ranges = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ranges.add(new ByteRange(random.nextLong(0, 100_000), random.nextLong(0, 10_000)));
            }
            List<RangeCoalescer.Request> plan = RangeCoalescer.plan(ranges, gap, max);
            int[] seen = new int[count];
            RangeCoalescer.Request previous = null;
            for (RangeCoalescer.Request request : plan) {
                ByteRange r = request.range();
                assertThat(r.lengthBytes() <= max || request.members().size() == 1)
                        .as("a request over the maximum holds one range: %s", request).isTrue();
                long coveredEnd = r.byteOffset();
                for (int member : request.members()) {
                    seen[member]++;
                    ByteRange m = ranges.get(member);
                    assertThat(m.byteOffset()).isGreaterThanOrEqualTo(r.byteOffset());
                    assertThat(m.endOffset()).isLessThanOrEqualTo(r.endOffset());
                    coveredEnd = Math.max(coveredEnd, m.endOffset());
                }
                assertThat(coveredEnd).as("a request ends with its last range").isEqualTo(r.endOffset());
                if (previous != null) {
                    assertThat(r.byteOffset()).isGreaterThanOrEqualTo(previous.range().byteOffset());
                }
                previous = request;
            }
            for (int i = 0; i < count; i++) {
                assertThat(seen[i]).as("range %d in exactly one request", i).isEqualTo(1);
            }
        }
    }

    @Test
    void rangesAreValidated() {
        assertThatThrownBy(() -> new ByteRange(-1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("byteOffset");
        assertThatThrownBy(() -> new ByteRange(0, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lengthBytes");
        assertThatThrownBy(() -> new ByteRange(Long.MAX_VALUE, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ByteRange(90, 11).checkWithin(100, "file:/x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("file:/x").hasMessageContaining("[90, 101)");
        assertThat(ByteRange.tail(100, 256)).isEqualTo(new ByteRange(0, 100));
        assertThat(ByteRange.tail(1000, 256)).isEqualTo(new ByteRange(744, 256));
    }
}
