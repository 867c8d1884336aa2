package io.jvortex.internal.write;

import io.jvortex.spi.ScalarValueWriter;
import io.jvortex.internal.flatbuffers.FbBuilder;
import io.jvortex.scalar.ArrayStatistics;
import io.jvortex.scalar.Scalar;
import java.util.Optional;

/**
 * Writes the {@code ArrayStats} table of array.fbs. Only what the caller knows is written: min/max
 * with their precision (exact or a bound), the sum (always exact), the boolean and count statistics.
 * An empty {@link #NONE} statistics record gives an empty table, which every reader accepts; the
 * reference reader trusts exact statistics, so callers pass only statistics computed from the data.
 */
public final class ArrayStatsWriter {
    /** No statistics: an empty table. */
    public static final ArrayStatistics NONE = ArrayStatistics.NONE;

    private ArrayStatsWriter() {
    }

    /**
     * @param fb a builder with no table open
     * @param stats the statistics to write
     * @return the table's offset
     */
    public static int write(FbBuilder fb, ArrayStatistics stats) {
        int min = scalar(fb, stats.min());
        int max = scalar(fb, stats.max());
        int sum = scalar(fb, stats.sum());
        fb.startTable(11);
        if (min != 0) {
            fb.addOffset(0, min);
            fb.addByte(1, stats.minExact() ? 1 : 0, 0);
        }
        if (max != 0) {
            fb.addOffset(2, max);
            fb.addByte(3, stats.maxExact() ? 1 : 0, 0);
        }
        if (sum != 0) {
            fb.addOffset(4, sum);
        }
        stats.isSorted().ifPresent(b -> fb.addBoolAlways(5, b));
        stats.isStrictSorted().ifPresent(b -> fb.addBoolAlways(6, b));
        stats.isConstant().ifPresent(b -> fb.addBoolAlways(7, b));
        stats.nullCount().ifPresent(n -> fb.addLongAlways(8, n));
        stats.uncompressedSizeInBytes().ifPresent(n -> fb.addLongAlways(9, n));
        stats.nanCount().ifPresent(n -> fb.addLongAlways(10, n));
        return fb.endTable();
    }

    private static int scalar(FbBuilder fb, Optional<Scalar> value) {
        return value.isEmpty() ? 0 : fb.createByteVector(ScalarValueWriter.encode(value.get()));
    }
}
