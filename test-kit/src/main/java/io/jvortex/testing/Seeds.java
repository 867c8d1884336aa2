package io.jvortex.testing;

import java.util.SplittableRandom;

/**
 * Seeds for randomized tests: {@code -Djvortex.test.seed=N} replays a run, otherwise the seed comes
 * from the clock. Every seed handed out is printed, so that a failure can be replayed:
 *
 * <pre>{@code [jvortex] seed=123 (replay with -Djvortex.test.seed.LABEL=123) for LABEL}</pre>
 *
 * <p>The property gives every call the same seed, so a test draws all its randomness from one seed
 * (deriving further generators from it) to be replayable as a whole. A test class that draws from
 * several labelled seeds (its data from one, its queries from another) replays each one with
 * {@code -Djvortex.test.seed.LABEL=N}, which the printed line names; it wins over the plain property.
 */
public final class Seeds {

    /** The system property that fixes the seed. */
    public static final String PROPERTY = "jvortex.test.seed";

    private Seeds() {}

    /**
     * The seed for a test: the property's value when given, else one from the clock; printed.
     *
     * @return the seed
     * @throws IllegalArgumentException when the property is set but not a number
     */
    public static long seed() {
        return seed(null);
    }

    /**
     * The seed for a test, printed with a label (e.g. the test's name).
     *
     * @param label what the seed is for, or null
     * @return the seed
     * @throws IllegalArgumentException when the property is set but not a number
     */
    public static long seed(String label) {
        Long fixed = label == null ? null : fixedSeed(PROPERTY + "." + label);
        if (fixed == null) {
            fixed = fixedSeed(PROPERTY);
        }
        long seed = fixed != null ? fixed : System.currentTimeMillis() * 1_000_003L ^ System.nanoTime();
        System.out.println("[jvortex] seed=" + seed + " (replay with -D" + PROPERTY + (label == null ? "" : "." + label)
                + "=" + seed + ")" + (label == null ? "" : " for " + label));
        return seed;
    }

    /**
     * A random generator from {@link #seed()}.
     *
     * @return the generator
     */
    public static SplittableRandom random() {
        return new SplittableRandom(seed(null));
    }

    /**
     * A random generator from {@link #seed(String)}.
     *
     * @param label what the seed is for, or null
     * @return the generator
     */
    public static SplittableRandom random(String label) {
        return new SplittableRandom(seed(label));
    }

    /** The seed a property gives, or null when it is not set. */
    private static Long fixedSeed(String property) {
        String value = System.getProperty(property);
        // Surefire passes an unset ${jvortex.test.seed} through verbatim
        if (value == null || value.isBlank() || value.startsWith("${")) {
            return null;
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + property + " must be a long, got \"" + value + "\"", e);
        }
    }
}
