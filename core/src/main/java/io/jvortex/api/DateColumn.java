package io.jvortex.api;

import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.TimeUnit;
import java.time.LocalDate;

/**
 * {@code vortex.date} values: days (i32) or milliseconds (i64) since 1970-01-01. Obtained from
 * {@link Column#asDates()}.
 */
public final class DateColumn extends ColumnView {
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private final PrimitiveArray storage;
    private final TimeUnit unit;

    DateColumn(Chunk owner, String name, ExtensionArray array, PrimitiveArray storage, TimeUnit unit) {
        super(owner, name, array);
        this.storage = storage;
        this.unit = unit;
    }

    /** @return {@link TimeUnit#DAYS} or {@link TimeUnit#MILLISECONDS} */
    public TimeUnit unit() {
        return unit;
    }

    /**
     * @param rowIndex a row
     * @return its stored value in {@link #unit()} (unspecified for null rows)
     */
    public long getRaw(int rowIndex) {
        checkRow(rowIndex);
        return storage.getLong(rowIndex);
    }

    /**
     * @param rowIndex a row
     * @return its day since 1970-01-01 (millisecond dates by floor division; unspecified for null rows)
     */
    public long getEpochDay(int rowIndex) {
        long raw = getRaw(rowIndex);
        return unit == TimeUnit.DAYS ? raw : Math.floorDiv(raw, MILLIS_PER_DAY);
    }

    /**
     * @param rowIndex a row
     * @return its date, or {@code null} for a null row
     * @throws java.time.DateTimeException when the value lies outside {@link LocalDate}'s range
     */
    public LocalDate get(int rowIndex) {
        checkRow(rowIndex);
        return validity.isValid(rowIndex) ? LocalDate.ofEpochDay(getEpochDay(rowIndex)) : null;
    }
}
