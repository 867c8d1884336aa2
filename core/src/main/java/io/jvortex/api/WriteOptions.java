package io.jvortex.api;

import java.util.Objects;

/**
 * How a file is written.
 *
 * @param edition the newest core edition whose ids the file may contain
 * @param compact add the compact schemes (Pcodec for numbers, Zstandard for strings and binaries)
 * @param zoneMaps write zone maps (statistics every {@code zoneRows} rows) over each column
 * @param zoneRows rows per zone (the reference uses 8192)
 * @param chunkBytes the uncompressed size a column chunk is cut at (rows stay a multiple of {@code zoneRows})
 * @param threads how many threads compress columns and chunks (1 = the caller's thread only); the
 *     output does not depend on it
 */
public record WriteOptions(Edition edition, boolean compact, boolean zoneMaps, int zoneRows, long chunkBytes,
                           int threads) {
    /** Default chunk size: 1 MiB uncompressed, as the reference. */
    public static final long DEFAULT_CHUNK_BYTES = 1L << 20;
    /** Default zone length, as the reference. */
    public static final int DEFAULT_ZONE_ROWS = 8192;

    /** Validates the components. */
    public WriteOptions {
        Objects.requireNonNull(edition, "edition");
        if (zoneRows <= 0) {
            throw new IllegalArgumentException("zoneRows must be positive, got " + zoneRows);
        }
        if (chunkBytes <= 0) {
            throw new IllegalArgumentException("chunkBytes must be positive, got " + chunkBytes);
        }
        if (threads <= 0) {
            throw new IllegalArgumentException("threads must be positive, got " + threads);
        }
    }

    /** @return the defaults: newest edition, default strategy, zone maps every 8192 rows, 1 MiB chunks, one thread per processor */
    public static WriteOptions defaults() {
        return new WriteOptions(Edition.DEFAULT, false, true, DEFAULT_ZONE_ROWS, DEFAULT_CHUNK_BYTES,
                Runtime.getRuntime().availableProcessors());
    }

    /**
     * @param e the edition
     * @return a copy with that edition
     */
    public WriteOptions withEdition(Edition e) {
        return new WriteOptions(e, compact, zoneMaps, zoneRows, chunkBytes, threads);
    }

    /**
     * @param on whether to use the compact strategy
     * @return a copy with that setting
     */
    public WriteOptions withCompact(boolean on) {
        return new WriteOptions(edition, on, zoneMaps, zoneRows, chunkBytes, threads);
    }

    /**
     * @param on whether to write zone maps
     * @return a copy with that setting
     */
    public WriteOptions withZoneMaps(boolean on) {
        return new WriteOptions(edition, compact, on, zoneRows, chunkBytes, threads);
    }

    /**
     * @param rows rows per zone
     * @return a copy with that zone length
     */
    public WriteOptions withZoneRows(int rows) {
        return new WriteOptions(edition, compact, zoneMaps, rows, chunkBytes, threads);
    }

    /**
     * @param bytes uncompressed bytes per chunk
     * @return a copy with that chunk size
     */
    public WriteOptions withChunkBytes(long bytes) {
        return new WriteOptions(edition, compact, zoneMaps, zoneRows, bytes, threads);
    }

    /**
     * @param n compression threads
     * @return a copy with that parallelism
     */
    public WriteOptions withThreads(int n) {
        return new WriteOptions(edition, compact, zoneMaps, zoneRows, chunkBytes, n);
    }
}
