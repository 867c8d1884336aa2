package io.jvortex.api;

import io.jvortex.scalar.Scalar;
import java.util.Map;
import java.util.Optional;

/**
 * One zone of a column's zone map ({@link VortexReader#zones(String)}): a run of rows and the
 * statistics the writer stored for it.
 *
 * @param rowStart the zone's first row in the file
 * @param rowCount its rows
 * @param statistics the stored statistics by name ({@code min}, {@code max}, {@code null_count},
 *        {@code nan_count}, {@code sum}, ...); a statistic the writer stored as null is absent
 */
public record Zone(long rowStart, long rowCount, Map<String, Scalar> statistics) {
    /** Copies. */
    public Zone {
        statistics = Map.copyOf(statistics);
    }

    /**
     * @param name a statistic's name
     * @return its value in this zone, if stored
     */
    public Optional<Scalar> statistic(String name) {
        return Optional.ofNullable(statistics.get(name));
    }
}
