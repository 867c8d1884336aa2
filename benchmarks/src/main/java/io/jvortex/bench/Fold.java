package io.jvortex.bench;

/**
 * What every reader in a benchmark folds its decoded values into, so that all of them do the same
 * work and their results can be compared: integers, decimals (unscaled) and dates add into
 * {@link #longs}, floats into {@link #doubles}, strings add their byte lengths into {@link #longs};
 * nulls are skipped and counted.
 */
public final class Fold {
    /** Sum of integer-like values and string lengths. */
    public long longs;
    /** Sum of floating-point values. */
    public double doubles;
    /** Values seen, nulls included. */
    public long values;
    /** Nulls seen. */
    public long nulls;

    /** @return a one-line summary, equal across readers when they read the same values */
    @Override
    public String toString() {
        return "values=" + values + " nulls=" + nulls + " longs=" + longs + " doubles=" + doubles;
    }

    /**
     * @param other another reader's fold
     * @return whether both saw the same values (doubles to a relative 1e-9: summation order may differ)
     */
    public boolean agrees(Fold other) {
        double scale = Math.max(1.0, Math.abs(doubles));
        return values == other.values && nulls == other.nulls && longs == other.longs
                && Math.abs(doubles - other.doubles) <= 1e-9 * scale;
    }
}
