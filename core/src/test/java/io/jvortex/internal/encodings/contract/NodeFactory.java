package io.jvortex.internal.encodings.contract;

import java.util.Set;
import java.util.SplittableRandom;

/**
 * Builds nodes of one encoding for the encoding contract: given a seeded random source, a length and
 * a null shape it returns a node with that encoding at the root and the rows it stands for. An
 * encoding that cannot take some shapes says so in {@link #shapes()} and {@link #minLength()}, with
 * the reason in {@link #exclusions()}.
 *
 * @param id the encoding id
 * @param shapes the null shapes it can build
 * @param minLength the smallest length it can build
 * @param exclusions why shapes or lengths are excluded ({@code ""} when none are)
 * @param builder builds one case
 */
public record NodeFactory(String id, Set<NullShape> shapes, int minLength, String exclusions, Builder builder) {
    /** Builds one case. */
    @FunctionalInterface
    public interface Builder {
        /**
         * @param r the random source
         * @param length the row count
         * @param nulls the null shape
         * @return the case
         */
        Built build(SplittableRandom r, int length, NullShape nulls);
    }

    /**
     * @param length a row count
     * @param nulls a null shape
     * @return whether this factory builds that case
     */
    public boolean supports(int length, NullShape nulls) {
        return length >= minLength && shapes.contains(nulls);
    }

    /**
     * @param r the random source
     * @param length the row count
     * @param nulls the null shape
     * @return the case
     */
    public Built build(SplittableRandom r, int length, NullShape nulls) {
        return builder.build(r, length, nulls);
    }
}
