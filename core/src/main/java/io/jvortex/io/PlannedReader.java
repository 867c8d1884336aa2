package io.jvortex.io;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The vectored read shared by the non-mapped sources: serves ranges from kept bytes when it can,
 * plans the rest with {@link RangeCoalescer}, runs at most {@link IoOptions#maxInFlight()} fetches at
 * once (virtual threads waiting on a semaphore, started in the order the caller listed the ranges) and
 * slices each request's bytes back per range.
 */
final class PlannedReader {
    private static final MemorySegment EMPTY = MemorySegment.ofArray(new byte[0]).asReadOnly();

    private final URI uri;
    private final long sizeBytes;
    private final IoOptions options;
    private final RangeFetcher fetcher;
    private final StatsRecorder stats;
    private final Semaphore inFlight;
    private final ExecutorService executor;
    private final Set<CompletableFuture<?>> pending = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile long keptOffset;
    private volatile MemorySegment kept;

    PlannedReader(URI uri, long sizeBytes, IoOptions options, RangeFetcher fetcher, StatsRecorder stats) {
        this.uri = uri;
        this.sizeBytes = sizeBytes;
        this.options = options;
        this.fetcher = fetcher;
        this.stats = stats;
        this.inFlight = new Semaphore(options.maxInFlight(), true);
        this.executor = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("jvortex-io-", 0).factory());
    }

    /** Keeps bytes (the tail read) for later reads when the cache budget allows. */
    void keep(long byteOffset, MemorySegment bytes) {
        if (bytes != null && bytes.byteSize() > 0 && bytes.byteSize() <= options.cacheBytes()) {
            this.keptOffset = byteOffset;
            this.kept = bytes.asReadOnly();
        }
    }

    List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges) {
        return read(ranges, options.coalesceGapBytes());
    }

    List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges, long coalesceGapBytes) {
        if (coalesceGapBytes < 0) {
            throw new IllegalArgumentException("coalesceGapBytes must be >= 0, got " + coalesceGapBytes);
        }
        if (closed.get()) {
            throw new IllegalStateException(uri + " is closed");
        }
        for (ByteRange range : ranges) {
            range.checkWithin(sizeBytes, uri.toString()); // all before any request starts
        }
        List<CompletableFuture<MemorySegment>> results = new ArrayList<>(ranges.size());
        List<ByteRange> toFetch = new ArrayList<>();
        List<CompletableFuture<MemorySegment>> toFetchResults = new ArrayList<>();
        MemorySegment keptNow = kept;
        long keptStart = keptOffset;
        for (ByteRange range : ranges) {
            stats.reads.increment();
            stats.bytesRequested.add(range.lengthBytes());
            if (range.lengthBytes() == 0) {
                results.add(CompletableFuture.completedFuture(EMPTY));
            } else if (keptNow != null && range.byteOffset() >= keptStart
                    && range.endOffset() <= keptStart + keptNow.byteSize()) {
                stats.cacheHits.increment();
                results.add(CompletableFuture.completedFuture(
                        keptNow.asSlice(range.byteOffset() - keptStart, range.lengthBytes())));
            } else {
                CompletableFuture<MemorySegment> future = new CompletableFuture<>();
                track(future);
                results.add(future);
                toFetch.add(range);
                toFetchResults.add(future);
            }
        }
        List<RangeCoalescer.Request> requests = new ArrayList<>(RangeCoalescer.plan(toFetch,
                coalesceGapBytes, options.maxRequestBytes()));
        // Callers list ranges in the order they need them (a scan: row range by row range), so requests
        // start in the order of the first range each serves, not by offset: with a file stored column by
        // column, the requests holding the next rows of every column go first.
        requests.sort(java.util.Comparator.comparingInt(r -> java.util.Collections.min(r.members())));
        for (RangeCoalescer.Request request : requests) {
            submit(request, toFetch, toFetchResults);
        }
        return results;
    }

    private void submit(RangeCoalescer.Request request, List<ByteRange> ranges,
            List<CompletableFuture<MemorySegment>> results) {
        ByteRange whole = request.range();
        // The destination is sized by the planned request (our own validated numbers), never by a server.
        MemorySegment destination = Arena.ofAuto().allocate(whole.lengthBytes(), 8);
        long partBytes = options.maxRequestBytes();
        List<CompletableFuture<Void>> parts = new ArrayList<>();
        for (long at = 0; at < whole.lengthBytes(); at += partBytes) {
            long offsetInRequest = at;
            long length = Math.min(partBytes, whole.lengthBytes() - at);
            CompletableFuture<Void> part = new CompletableFuture<>();
            track(part);
            parts.add(part);
            try {
                executor.execute(() -> {
                    if (part.isDone()) {
                        return;
                    }
                    try {
                        inFlight.acquire();
                    } catch (InterruptedException e) {
                        part.completeExceptionally(new CancellationException(uri + " was closed"));
                        return;
                    }
                    try {
                        if (closed.get()) {
                            throw new CancellationException(uri + " was closed");
                        }
                        fetcher.fetchInto(whole.byteOffset() + offsetInRequest,
                                destination.asSlice(offsetInRequest, length));
                        part.complete(null);
                    } catch (Throwable t) {
                        part.completeExceptionally(t);
                    } finally {
                        inFlight.release();
                    }
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                part.completeExceptionally(new CancellationException(uri + " was closed"));
            }
        }
        CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new)).whenComplete((ignored, failure) -> {
            for (int member : request.members()) {
                ByteRange range = ranges.get(member);
                CompletableFuture<MemorySegment> result = results.get(member);
                if (failure != null) {
                    Throwable cause = failure instanceof java.util.concurrent.CompletionException c
                            && c.getCause() != null ? c.getCause() : failure;
                    result.completeExceptionally(cause);
                } else {
                    result.complete(destination.asSlice(range.byteOffset() - whole.byteOffset(),
                            range.lengthBytes()).asReadOnly());
                }
            }
        });
    }

    private void track(CompletableFuture<?> future) {
        pending.add(future);
        future.whenComplete((v, t) -> pending.remove(future));
        if (closed.get()) {
            future.completeExceptionally(new CancellationException(uri + " was closed"));
        }
    }

    /** Fails every pending read and interrupts running fetches. */
    void close() {
        if (closed.compareAndSet(false, true)) {
            for (CompletableFuture<?> future : List.copyOf(pending)) {
                future.completeExceptionally(new CancellationException(uri + " was closed"));
            }
            executor.shutdownNow();
            kept = null;
        }
    }
}
