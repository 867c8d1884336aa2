package io.jvortex.io;

import java.util.concurrent.atomic.LongAdder;

/** The thread-safe counters behind {@link IoStats}. */
final class StatsRecorder {
    final LongAdder reads = new LongAdder();
    final LongAdder requests = new LongAdder();
    final LongAdder retries = new LongAdder();
    final LongAdder bytesRequested = new LongAdder();
    final LongAdder bytesFetched = new LongAdder();
    final LongAdder cacheHits = new LongAdder();
    final LongAdder requestNanos = new LongAdder();

    IoStats snapshot() {
        return new IoStats(reads.sum(), requests.sum(), retries.sum(), bytesRequested.sum(), bytesFetched.sum(),
                cacheHits.sum(), requestNanos.sum());
    }
}
