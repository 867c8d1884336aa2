package io.jvortex.io;

import java.time.Duration;

/**
 * A snapshot of one source's I/O counters.
 *
 * @param reads ranges asked for by callers
 * @param requests requests sent (or positional reads issued), retries included
 * @param retries requests that were retries of a failed one
 * @param bytesRequested bytes of the ranges callers asked for
 * @param bytesFetched bytes transferred (coalescing gaps included, so it can exceed {@code bytesRequested})
 * @param cacheHits ranges served from kept bytes without a request
 * @param requestNanos the summed wall time of requests, from sending to the last body byte
 */
public record IoStats(long reads, long requests, long retries, long bytesRequested, long bytesFetched,
        long cacheHits, long requestNanos) {

    /** No I/O. */
    public static final IoStats EMPTY = new IoStats(0, 0, 0, 0, 0, 0, 0);

    /**
     * @return the summed request time
     */
    public Duration requestTime() {
        return Duration.ofNanos(requestNanos);
    }

    /** One line for the CLI: requests, bytes and time. */
    @Override
    public String toString() {
        return reads + " reads in " + requests + " requests (" + retries + " retries, " + cacheHits
                + " cache hits), " + bytesRequested + " bytes asked, " + bytesFetched + " fetched, "
                + requestTime().toMillis() + " ms in requests";
    }
}
