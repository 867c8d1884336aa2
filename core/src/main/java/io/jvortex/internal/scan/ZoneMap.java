package io.jvortex.internal.scan;

import io.jvortex.api.ReaderOptions;
import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.ScalarAt;
import io.jvortex.array.StructArray;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.layout.ZoneSchema;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The decoded zone map of one zoned column: per zone of {@link #zoneLength()} rows, the statistics
 * the writer stored (max/min or bounded bounds, null and NaN counts, legacy stats).
 */
public final class ZoneMap {
    private final Layout.Zoned layout;
    private final List<List<Scalar>> rows;

    private ZoneMap(Layout.Zoned layout, List<List<Scalar>> rows) {
        this.layout = layout;
        this.rows = rows;
    }

    /**
     * Decodes a zoned layout's statistics table.
     *
     * @param file the file
     * @param layout the zoned layout
     * @param options reader options (encodings, limits)
     * @return the zone map, or empty when the layout's zone schema is unknown to this reader
     */
    public static Optional<ZoneMap> read(VortexFile file, Layout.Zoned layout, ReaderOptions options) {
        if (layout.zones() == null) {
            return Optional.empty();
        }
        long n = layout.zones().rowCount();
        if (n > io.jvortex.spi.DecodeContext.MAX_ROWS) {
            throw new VortexException(file.source(), VortexException.NO_OFFSET, layout.path(),
                    "zone table of " + n + " rows is too large", null);
        }
        long zoneLength = layout.zoneLength();
        if (zoneLength > 0 && n > Math.ceilDiv(layout.rowCount(), zoneLength)) {
            throw new VortexException(file.source(), VortexException.NO_OFFSET, layout.path(), "zone table of " + n
                    + " rows for " + layout.rowCount() + " rows in zones of " + zoneLength, null);
        }
        // every zone becomes a row of scalars on the heap: charge them to the budget before decoding
        long heapBytes = n * (64L + 48L * layout.schema().columns().size());
        if (heapBytes > options.maxDecodedBytes()) {
            throw new VortexException(file.source(), VortexException.NO_OFFSET, layout.path(), "zone table of " + n
                    + " rows would take about " + heapBytes + " bytes, over the decoded-size budget of "
                    + options.maxDecodedBytes(), null);
        }
        ScanState state = new ScanState(file, options.encodings(), options.allowUnknown(), options.maxDecodedBytes());
        ColumnReader reader = Readers.of(layout.zones());
        List<List<Scalar>> rows = new ArrayList<>((int) Math.min(n, 4096));
        try (Arena arena = Arena.ofConfined()) {
            state.startChunk(arena);
            List<Long> cuts = new ArrayList<>();
            reader.boundaries(0, cuts::add);
            cuts.add(n);
            long prev = 0;
            for (long cut : cuts) {
                if (cut <= prev) {
                    continue;
                }
                Canonical part = reader.read(prev, (int) (cut - prev), state);
                if (!(part instanceof StructArray table)) {
                    throw new VortexException(file.source(), VortexException.NO_OFFSET, layout.path() + "/zones",
                            "zone table decoded to " + part.dtype().display() + ", expected a struct", null);
                }
                for (int z = 0; z < table.length(); z++) {
                    List<Scalar> row = new ArrayList<>(table.fields().size());
                    for (Canonical column : table.fields()) {
                        row.add(ScalarAt.get(column, z));
                    }
                    rows.add(List.copyOf(row));
                }
                prev = cut;
            }
        } finally {
            reader.close();
        }
        return Optional.of(new ZoneMap(layout, List.copyOf(rows)));
    }

    /** @return the zoned layout */
    public Layout.Zoned layout() {
        return layout;
    }

    /** @return the schema of the statistics */
    public ZoneSchema schema() {
        return layout.schema();
    }

    /** @return rows per zone (0 in some old files: zones are then unusable for pruning) */
    public long zoneLength() {
        return layout.zoneLength();
    }

    /** @return the number of zones */
    public int zoneCount() {
        return rows.size();
    }

    /**
     * @param zone a zone index
     * @return the first row of the zone
     */
    public long zoneStart(int zone) {
        return zone * layout.zoneLength();
    }

    /**
     * @param zone a zone index
     * @return rows in the zone (the last may be short)
     */
    public long zoneRowCount(int zone) {
        return Math.min(layout.zoneLength(), layout.rowCount() - zoneStart(zone));
    }

    /**
     * @param zone a zone index
     * @param column a column index of {@link #schema()}
     * @return the stored statistic (a null scalar when the writer stored null)
     */
    public Scalar get(int zone, int column) {
        return rows.get(zone).get(column);
    }

    /**
     * @param zone a zone index
     * @param stat a statistic
     * @return its value in the zone, if the table has that statistic and it is not null
     */
    public Optional<Scalar> get(int zone, ZoneSchema.Stat stat) {
        List<ZoneSchema.Column> cols = schema().columns();
        for (int c = 0; c < cols.size(); c++) {
            if (cols.get(c).stat() == stat) {
                Scalar s = rows.get(zone).get(c);
                return s.isNull() ? Optional.empty() : Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
