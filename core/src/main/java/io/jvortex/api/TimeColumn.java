package io.jvortex.api;

import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.TimeUnit;
import java.time.LocalTime;

/**
 * {@code vortex.time} values: time since midnight in s or ms (i32) or µs or ns (i64). Obtained from
 * {@link Column#asTimes()}.
 */
public final class TimeColumn extends ColumnView {
    private final PrimitiveArray storage;
    private final TimeUnit unit;

    TimeColumn(Chunk owner, String name, ExtensionArray array, PrimitiveArray storage, TimeUnit unit) {
        super(owner, name, array);
        this.storage = storage;
        this.unit = unit;
    }

    /** @return the unit of the stored ticks */
    public TimeUnit unit() {
        return unit;
    }

    /**
     * @param rowIndex a row
     * @return its stored ticks since midnight (unspecified for null rows)
     */
    public long getRaw(int rowIndex) {
        checkRow(rowIndex);
        return storage.getLong(rowIndex);
    }

    /**
     * @param rowIndex a row
     * @return its time of day, or {@code null} for a null row
     * @throws java.time.DateTimeException when the value is negative or a day or longer
     */
    public LocalTime get(int rowIndex) {
        checkRow(rowIndex);
        if (!validity.isValid(rowIndex)) {
            return null;
        }
        long ticks = storage.getLong(rowIndex);
        long perSecond = unit.ticksPerSecond();
        long nanos = Math.multiplyExact(Math.floorMod(ticks, perSecond), 1_000_000_000L / perSecond);
        long seconds = Math.floorDiv(ticks, perSecond);
        if (seconds < 0 || seconds >= 86_400) {
            throw new java.time.DateTimeException(describe() + " row " + rowIndex + ": " + ticks + " " + unit.symbol()
                    + " is not a time of day");
        }
        return LocalTime.ofNanoOfDay(seconds * 1_000_000_000L + nanos);
    }
}
