package io.jvortex.encoding.bitpacked;

import java.util.SplittableRandom;

/**
 * Seeded randomness for the FastLanes kernel tests: every generator prints its seed, and
 * {@code -Djvortex.test.seed=N} replays a run.
 */
public final class TestSeeds {

    private TestSeeds() {}

    /**
     * A random source for one test.
     *
     * @param testName printed next to the seed so a failure can be replayed
     * @return a generator seeded from {@code jvortex.test.seed} when set, else from the clock
     */
    public static SplittableRandom random(String testName) {
        String configured = System.getProperty("jvortex.test.seed", "").trim();
        long seed;
        try {
            seed = Long.parseLong(configured);
        } catch (NumberFormatException notSet) {
            // Surefire passes the unresolved "${jvortex.test.seed}" when the property is absent.
            seed = System.nanoTime() ^ Thread.currentThread().threadId() * 0x9E3779B97F4A7C15L;
        }
        System.out.println(testName + ": seed " + seed + " (replay with -Djvortex.test.seed=" + seed + ")");
        return new SplittableRandom(seed);
    }
}
