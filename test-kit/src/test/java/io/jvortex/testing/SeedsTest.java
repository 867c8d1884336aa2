package io.jvortex.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SeedsTest {

    private String saved;

    @BeforeEach
    void save() {
        saved = System.getProperty(Seeds.PROPERTY);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(Seeds.PROPERTY);
        } else {
            System.setProperty(Seeds.PROPERTY, saved);
        }
    }

    @Test
    void thePropertyFixesTheSeed() {
        System.setProperty(Seeds.PROPERTY, "123");
        assertThat(Seeds.seed()).isEqualTo(123L);
        assertThat(Seeds.random("x").nextLong()).isEqualTo(new java.util.SplittableRandom(123).nextLong());
        System.setProperty(Seeds.PROPERTY, "-9223372036854775808");
        assertThat(Seeds.seed()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void anUnsetOrUnfilledPropertyMeansTheClock() throws InterruptedException {
        System.setProperty(Seeds.PROPERTY, "${jvortex.test.seed}");
        long first = Seeds.seed();
        Thread.sleep(2);
        assertThat(Seeds.seed()).isNotEqualTo(first);
        System.clearProperty(Seeds.PROPERTY);
        assertThat(Seeds.seed("label")).isNotEqualTo(first);
    }

    @Test
    void aLabelledPropertyFixesThatLabelsSeedOnly() {
        String labelled = Seeds.PROPERTY + ".data";
        try {
            System.setProperty(Seeds.PROPERTY, "5");
            System.setProperty(labelled, "77");
            assertThat(Seeds.seed("data")).isEqualTo(77L);
            assertThat(Seeds.seed("queries")).isEqualTo(5L);
            assertThat(Seeds.seed()).isEqualTo(5L);
            System.clearProperty(Seeds.PROPERTY);
            assertThat(Seeds.random("data").nextLong()).isEqualTo(new java.util.SplittableRandom(77).nextLong());
            System.setProperty(labelled, "x1");
            assertThatThrownBy(() -> Seeds.seed("data")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(labelled).hasMessageContaining("x1");
        } finally {
            System.clearProperty(labelled);
        }
    }

    @Test
    void aBadPropertyIsAnError() {
        System.setProperty(Seeds.PROPERTY, "abc");
        assertThatThrownBy(Seeds::seed).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("abc");
    }
}
