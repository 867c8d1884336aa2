package io.jvortex.internal.compress;

/**
 * What a {@link Scheme} says about an array before (or instead of) encoding it: a closed set, so the
 * compressor handles every case and a scheme cannot return a size that means something else.
 * {@link Scheme#judge} answers {@link Skip}, {@link Always}, {@link Defer} or a {@link Size};
 * {@link Scheme#estimate} answers {@link Skip}, {@link Measure} or a {@link Size}.
 */
public sealed interface Verdict {
    /** Do not use this scheme for this array. */
    Verdict SKIP = new Skip();
    /** Use this scheme without comparing (the reference's "always use", e.g. a constant array). */
    Verdict ALWAYS = new Always();
    /** No verdict from the whole array's facts: estimate on a sample instead. */
    Verdict DEFER = new Defer();
    /** Compress the sample with {@link Scheme#compress} and measure it. */
    Verdict MEASURE = new Measure();

    /**
     * @param bytes the estimated encoded size, at least 0
     * @return the verdict that the scheme would encode the array (or sample) in about that many bytes
     */
    static Verdict size(long bytes) {
        return new Size(bytes);
    }

    /** See {@link #SKIP}. */
    record Skip() implements Verdict {
    }

    /** See {@link #ALWAYS}. */
    record Always() implements Verdict {
    }

    /** See {@link #DEFER}. */
    record Defer() implements Verdict {
    }

    /** See {@link #MEASURE}. */
    record Measure() implements Verdict {
    }

    /**
     * An estimated encoded size.
     *
     * @param bytes the size in bytes, at least 0
     */
    record Size(long bytes) implements Verdict {
        /** Checks the size. */
        public Size {
            if (bytes < 0) {
                throw new IllegalArgumentException("estimated size " + bytes + " must not be negative");
            }
        }
    }
}
