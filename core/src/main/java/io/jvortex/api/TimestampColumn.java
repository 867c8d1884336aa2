package io.jvortex.api;

import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.TimeUnit;
import java.time.Instant;
import java.util.Optional;

/**
 * {@code vortex.timestamp} values: i64 ticks since 1970-01-01T00:00:00Z, with an optional time zone
 * name (the instant is the same either way). Obtained from {@link Column#asTimestamps()}.
 */
public final class TimestampColumn extends ColumnView {
    private final PrimitiveArray storage;
    private final TimeUnit unit;
    private final Optional<String> timeZone;

    TimestampColumn(Chunk owner, String name, ExtensionArray array, PrimitiveArray storage, TimeUnit unit,
                    Optional<String> timeZone) {
        super(owner, name, array);
        this.storage = storage;
        this.unit = unit;
        this.timeZone = timeZone;
    }

    /** @return the unit of the stored ticks (s, ms, µs or ns) */
    public TimeUnit unit() {
        return unit;
    }

    /** @return the column's time zone name, empty when it has none */
    public Optional<String> timeZone() {
        return timeZone;
    }

    /**
     * @param rowIndex a row
     * @return its ticks since the epoch in {@link #unit()} (unspecified for null rows)
     */
    public long getRaw(int rowIndex) {
        checkRow(rowIndex);
        return storage.getLong(rowIndex);
    }

    /**
     * @param rowIndex a row
     * @return its instant, or {@code null} for a null row
     */
    public Instant get(int rowIndex) {
        checkRow(rowIndex);
        if (!validity.isValid(rowIndex)) {
            return null;
        }
        long ticks = storage.getLong(rowIndex);
        long perSecond = unit.ticksPerSecond();
        return Instant.ofEpochSecond(Math.floorDiv(ticks, perSecond),
                Math.floorMod(ticks, perSecond) * (1_000_000_000L / perSecond));
    }
}
