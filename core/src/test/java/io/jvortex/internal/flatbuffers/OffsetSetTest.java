package io.jvortex.internal.flatbuffers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link OffsetSet}: membership across many growths, offset 0, and offsets that share a hash slot. */
class OffsetSetTest {
    @Test
    void everyOffsetIsNewOnceAndKnownAfterGrowing() {
        OffsetSet set = new OffsetSet();
        for (long i = 0; i < 5000; i++) {
            assertThat(set.add(i * 4)).as("first add of %d", i * 4).isTrue();
        }
        for (long i = 0; i < 5000; i++) {
            assertThat(set.add(i * 4)).as("second add of %d", i * 4).isFalse();
            assertThat(set.add(i * 4 + 1)).as("first add of %d", i * 4 + 1).isTrue();
        }
        assertThat(set.add(Long.MAX_VALUE - 1)).isTrue();
        assertThat(set.add(Long.MAX_VALUE - 1)).isFalse();
    }

    @Test
    void theFirstGrowthHappensPastHalfOfTheSlots() {
        OffsetSet set = new OffsetSet();
        for (long i = 0; i < 129; i++) {
            assertThat(set.add(1000 + i)).isTrue();
        }
        for (long i = 0; i < 129; i++) {
            assertThat(set.add(1000 + i)).isFalse();
        }
        assertThat(set.add(0)).isTrue();
        assertThat(set.add(0)).isFalse();
    }
}
