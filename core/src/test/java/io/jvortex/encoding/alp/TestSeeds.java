package io.jvortex.encoding.alp;

import java.util.SplittableRandom;

/**
 * Test-only: seeded randomness that prints its seed and replays it with {@code -Djvortex.test.seed=N}.
 * Shared by the tests of the numeric encodings.
 */
public final class TestSeeds {
    private TestSeeds() {
    }

    /**
     * @param testName printed with the seed
     * @return a generator seeded from {@code jvortex.test.seed} when set, else from the clock
     */
    public static SplittableRandom random(String testName) {
        String prop = System.getProperty("jvortex.test.seed", "");
        long seed;
        try {
            seed = Long.parseLong(prop.trim());
        } catch (NumberFormatException e) {
            seed = System.nanoTime() ^ System.identityHashCode(testName);
        }
        System.out.println(testName + ": seed " + seed + " (replay with -Djvortex.test.seed=" + seed + ")");
        return new SplittableRandom(seed);
    }
}
