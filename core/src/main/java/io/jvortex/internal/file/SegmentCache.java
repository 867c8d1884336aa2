package io.jvortex.internal.file;

import io.jvortex.error.VortexException;
import io.jvortex.io.ByteRange;
import io.jvortex.io.ByteSource;
import io.jvortex.io.IoOptions;
import io.jvortex.io.RangeReadException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The segments of a file read through a (remote) {@link ByteSource}: fetched on demand or ahead of
 * time ({@link #prefetch}), each at most once while it is cached or in flight.
 *
 * <p>Two pools. <em>Pinned</em> segments (zone tables, dictionary values: small, and read again by
 * every scan) stay for the file's life. The others live in an LRU of completed segments bounded by
 * {@link IoOptions#cacheBytes()} plus the prefetch window ({@link #windowBytes(IoOptions)}); segments
 * still in flight, and prefetched segments not read yet, are never evicted (only read ones are). A failed fetch is dropped from the cache, so a later read tries
 * again, and its exception reaches every reader waiting on it.
 */
final class SegmentCache {
    private final ByteSource source;
    private final long budgetBytes;
    private final long windowBytes;
    private final Object lock = new Object();
    private BitSet pinnedIds = new BitSet();
    private final Map<Integer, Entry> pinned = new HashMap<>();
    private final LinkedHashMap<Integer, Entry> lru = new LinkedHashMap<>(64, 0.75f, true);
    private long lruBytes;
    private boolean closed;

    /** One segment's fetch. */
    private static final class Entry {
        final CompletableFuture<MemorySegment> future;
        final long bytes;
        boolean read;

        Entry(CompletableFuture<MemorySegment> future, long bytes) {
            this.future = future;
            this.bytes = bytes;
        }
    }

    SegmentCache(ByteSource source, IoOptions options) {
        this.source = source;
        this.windowBytes = windowBytes(options);
        this.budgetBytes = options.cacheBytes() > Long.MAX_VALUE - windowBytes ? Long.MAX_VALUE
                : options.cacheBytes() + windowBytes;
    }

    /** @return how many bytes a scan keeps requested ahead */
    long windowBytes() {
        return windowBytes;
    }

    /**
     * How many bytes a scan keeps requested ahead of the chunk it decodes: enough to keep every
     * allowed request in flight at full size.
     *
     * @param options the I/O options
     * @return {@code maxInFlight × maxRequestBytes}
     */
    static long windowBytes(IoOptions options) {
        return Math.multiplyHigh(options.maxInFlight(), options.maxRequestBytes()) != 0 ? Long.MAX_VALUE
                : options.maxInFlight() * options.maxRequestBytes();
    }

    /** @param ids segments that stay cached for the file's life once fetched */
    void pin(BitSet ids) {
        synchronized (lock) {
            pinnedIds = (BitSet) ids.clone();
        }
    }

    /**
     * @param id a segment id
     * @return whether the segment is cached or being fetched
     */
    boolean contains(int id) {
        synchronized (lock) {
            return lookup(id) != null;
        }
    }

    /** Starts one vectored read of the given segments that are neither cached nor in flight. */
    void prefetch(int[] ids, SegmentSpec[] specs) {
        List<ByteRange> ranges = new ArrayList<>();
        List<CompletableFuture<MemorySegment>> targets = new ArrayList<>();
        synchronized (lock) {
            if (closed) {
                return;
            }
            for (int id : ids) {
                if (lookup(id) == null) {
                    SegmentSpec s = specs[id];
                    CompletableFuture<MemorySegment> future = new CompletableFuture<>();
                    insert(id, new Entry(future, s.lengthBytes()));
                    ranges.add(new ByteRange(s.byteOffset(), s.lengthBytes()));
                    targets.add(future);
                }
            }
        }
        start(ranges, targets);
    }

    /** Issues the read outside the lock and forwards each result (failures drop the entry). */
    private void start(List<ByteRange> ranges, List<CompletableFuture<MemorySegment>> targets) {
        if (ranges.isEmpty()) {
            return;
        }
        List<CompletableFuture<MemorySegment>> reads;
        try {
            reads = source.read(ranges);
        } catch (RuntimeException e) {
            for (CompletableFuture<MemorySegment> t : targets) {
                t.completeExceptionally(e);
            }
            dropFailed();
            return;
        }
        for (int i = 0; i < reads.size(); i++) {
            CompletableFuture<MemorySegment> target = targets.get(i);
            reads.get(i).whenComplete((bytes, failure) -> {
                if (failure != null) {
                    target.completeExceptionally(failure instanceof CompletionException c && c.getCause() != null
                            ? c.getCause() : failure);
                    dropFailed();
                } else {
                    target.complete(bytes);
                    synchronized (lock) {
                        evict();
                    }
                }
            });
        }
    }

    /**
     * The bytes of one segment: cached, awaited when in flight, else fetched now.
     *
     * @param id the segment id
     * @param spec where it lives
     * @return its bytes
     * @throws RangeReadException when the fetch failed
     * @throws VortexException when the source was closed
     */
    MemorySegment get(int id, SegmentSpec spec) {
        Entry entry;
        boolean fetch = false;
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException(source.uri() + " is closed");
            }
            entry = lookup(id);
            if (entry == null) {
                entry = new Entry(new CompletableFuture<>(), spec.lengthBytes());
                insert(id, entry);
                fetch = true;
            }
            entry.read = true;
        }
        if (fetch) {
            start(List.of(new ByteRange(spec.byteOffset(), spec.lengthBytes())),
                    List.of(entry.future));
        }
        try {
            MemorySegment bytes = entry.future.join();
            if (bytes.byteSize() != spec.lengthBytes()) {
                throw new VortexException(source.uri().toString(), spec.byteOffset(), null, "segment " + id
                        + " read " + bytes.byteSize() + " bytes, expected " + spec.lengthBytes(), null);
            }
            return bytes;
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof UncheckedIOException io) {
                throw io;
            }
            if (cause instanceof CancellationException c) {
                throw new IllegalStateException("reading segment " + id + " of " + source.uri() + " was cancelled ("
                        + c.getMessage() + ")", c);
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw e;
        } catch (CancellationException c) {
            throw new IllegalStateException("reading segment " + id + " of " + source.uri() + " was cancelled", c);
        }
    }

    /** Drops segments that were prefetched but never read. */
    void forgetUnread(int[] ids) {
        synchronized (lock) {
            for (int id : ids) {
                Entry e = lru.get(id);
                if (e != null && !e.read) {
                    lru.remove(id);
                    lruBytes -= e.bytes;
                }
            }
        }
    }

    void close() {
        synchronized (lock) {
            closed = true;
            pinned.clear();
            lru.clear();
            lruBytes = 0;
        }
    }

    private Entry lookup(int id) {
        Entry e = pinnedIds.get(id) ? pinned.get(id) : lru.get(id);
        return e != null && e.future.isCompletedExceptionally() ? null : e;
    }

    private void insert(int id, Entry entry) {
        if (pinnedIds.get(id)) {
            pinned.put(id, entry);
        } else {
            Entry old = lru.put(id, entry);
            if (old != null) {
                lruBytes -= old.bytes;
            }
            lruBytes += entry.bytes;
            evict();
        }
    }

    /**
     * Evicts least recently used segments that were read beyond the budget. Prefetched segments not
     * read yet stay: they are a scan's window (bounded by it, and dropped by {@link #forgetUnread} when
     * the scan closes), and evicting them would fetch them a second time.
     */
    private void evict() {
        Iterator<Map.Entry<Integer, Entry>> it = lru.entrySet().iterator();
        while (lruBytes > budgetBytes && it.hasNext()) {
            Entry e = it.next().getValue();
            if (e.read && e.future.isDone()) {
                it.remove();
                lruBytes -= e.bytes;
            }
        }
    }

    private void dropFailed() {
        synchronized (lock) {
            pinned.values().removeIf(e -> e.future.isCompletedExceptionally());
            Iterator<Entry> it = lru.values().iterator();
            while (it.hasNext()) {
                Entry e = it.next();
                if (e.future.isCompletedExceptionally()) {
                    it.remove();
                    lruBytes -= e.bytes;
                }
            }
        }
    }
}
