package io.jvortex.internal.file;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The memory mappings of files opened by path, shared by every reader of the same file and kept for
 * a while after its last reader closes, so that opening a file again costs no new mapping and no
 * page faults on the pages read before.
 *
 * <p>A file is identified by what the operating system calls it ({@link BasicFileAttributes#fileKey()}:
 * device and inode on Unix) and its size. A mapping shows the file's current bytes, so a file
 * rewritten in place is read as it is now; a file replaced by another (a rename over it, or a
 * delete and create) has a new key and gets a new mapping. Where the file system gives no key (Windows),
 * nothing is shared: each reader maps the file and unmaps it when it closes.
 *
 * <p>An idle mapping (no reader open) is unmapped once it has been idle for its retention, or sooner
 * when more than {@link #MAX_IDLE} mappings are idle (least recently used first). A deleted file's
 * disk space is released when its mapping is. Unmapping invalidates the arrays still pointing into the
 * mapping, as closing the reader did when nothing was shared.
 */
final class MappedFiles {
    /** Most idle mappings kept; beyond this the least recently used idle ones are unmapped. */
    static final int MAX_IDLE = 64;

    private static final Object LOCK = new Object();
    /** Shared mappings by key, least recently used first (guarded by {@link #LOCK}). */
    private static final LinkedHashMap<Key, Mapping> SHARED = new LinkedHashMap<>(16, 0.75f, true);
    /**
     * The thread that unmaps expired idle mappings; null when no mapping is shared (guarded by
     * {@link #LOCK}). It stays, parked, while mappings are shared, even if all are in use: starting a
     * thread costs about 0.1 ms, which a reader closed after every scan would pay each time.
     */
    private static Thread sweeper;
    /** When the sweeper looks next, by {@link System#nanoTime()} (guarded by {@link #LOCK}). */
    private static long sweepAt;
    /** Whether the sweeper waits to be woken instead, with no mapping idle (guarded by {@link #LOCK}). */
    private static boolean sweepWhenWoken;
    /** The longest the sweeper waits while mappings are idle. */
    private static final long MAX_SWEEP_WAIT = TimeUnit.SECONDS.toNanos(60) + 1_000_000L;

    private MappedFiles() {
    }

    /** What identifies one file's bytes: the system's file key and the size. */
    record Key(Object fileKey, long size) {
    }

    /** One mapping of a whole file, released by each reader that acquired it. */
    static final class Mapping {
        private final Arena arena;
        private final MemorySegment data;
        /** Readers holding the mapping (guarded by {@link #LOCK}). */
        private int refs = 1;
        /** When the last reader released it, for the retention (guarded by {@link #LOCK}). */
        private long idleSince;
        /** The longest retention any reader asked for, in nanoseconds (guarded by {@link #LOCK}). */
        private long retentionNanos;
        /** Whether it is in {@link #SHARED} (guarded by {@link #LOCK}). */
        private boolean shared;

        private Mapping(Arena arena, MemorySegment data, long retentionNanos) {
            this.arena = arena;
            this.data = data;
            this.retentionNanos = retentionNanos;
        }

        /** @return the whole file, read-only */
        MemorySegment data() {
            return data;
        }

        /**
         * Gives the mapping back: the last reader's release unmaps it unless it is shared, then it stays
         * idle for its retention.
         */
        void release() {
            List<Mapping> unmap = new ArrayList<>(1);
            synchronized (LOCK) {
                if (refs <= 0) {
                    throw new IllegalStateException("mapping released more often than acquired");
                }
                if (--refs > 0) {
                    return;
                }
                if (!shared) {
                    unmap.add(this);
                } else {
                    idleSince = System.nanoTime();
                    evictOverflow(unmap);
                    scheduleSweep(idleSince + Math.min(retentionNanos, MAX_SWEEP_WAIT));
                }
            }
            unmapAll(unmap);
        }
    }

    /**
     * Maps a file, or shares the mapping readers already hold (or held within their retention).
     *
     * @param path the file
     * @param channel the file opened for reading
     * @param retention how long the mapping stays after its last reader closes; zero or less: unmapped then,
     *        and not shared
     * @return the mapping; {@link Mapping#release()} it once
     * @throws IOException when the file cannot be mapped
     */
    static Mapping map(Path path, FileChannel channel, Duration retention) throws IOException {
        long size = channel.size();
        long retentionNanos = retention.isNegative() ? 0 : saturatedNanos(retention);
        Key key = retentionNanos > 0 && size > 0 ? key(path, size) : null;
        if (key != null) {
            synchronized (LOCK) {
                Mapping m = SHARED.get(key);
                if (m != null) {
                    m.refs++;
                    m.retentionNanos = Math.max(m.retentionNanos, retentionNanos);
                    return m;
                }
            }
        }
        Arena arena = Arena.ofShared();
        MemorySegment data;
        try {
            data = size == 0 ? arena.allocate(0) : channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
        Mapping fresh = new Mapping(arena, data.asReadOnly(), retentionNanos);
        if (key == null) {
            return fresh;
        }
        Mapping raced;
        synchronized (LOCK) {
            raced = SHARED.get(key);
            if (raced == null) {
                fresh.shared = true;
                SHARED.put(key, fresh);
                return fresh;
            }
            raced.refs++;
            raced.retentionNanos = Math.max(raced.retentionNanos, retentionNanos);
        }
        // another reader mapped the file meanwhile: this mapping was never handed out
        arena.close();
        return raced;
    }

    /**
     * The key of the file at {@code path} if it is the one {@code channel} has open: the path is looked up
     * after the channel was opened, and must name a regular file of the channel's size. A path replaced
     * in between would have to be swapped back in the same microseconds to be mistaken.
     */
    private static Key key(Path path, long size) {
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            Object fileKey = a.fileKey();
            if (fileKey == null || !a.isRegularFile() || a.size() != size) {
                return null;
            }
            return new Key(fileKey, size);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /** Moves the least recently used idle mappings beyond {@link #MAX_IDLE} to {@code unmap}. */
    private static void evictOverflow(List<Mapping> unmap) {
        int idle = 0;
        for (Mapping m : SHARED.values()) {
            if (m.refs == 0) {
                idle++;
            }
        }
        Iterator<Mapping> it = SHARED.values().iterator();
        while (idle > MAX_IDLE && it.hasNext()) {
            Mapping m = it.next();
            if (m.refs == 0) {
                it.remove();
                m.shared = false;
                unmap.add(m);
                idle--;
            }
        }
    }

    /**
     * Starts the sweeper, or wakes it when a mapping that became idle expires before it would look next.
     * Called with {@link #LOCK} held.
     *
     * @param expiry when the mapping expires, by {@link System#nanoTime()} (a retention beyond the sweeper's
     *     longest wait counted as that wait)
     */
    private static void scheduleSweep(long expiry) {
        if (sweeper == null) {
            sweepAt = expiry;
            sweepWhenWoken = false;
            // a platform thread: the first close of a short-lived process (jvx) should not start the
            // virtual-thread scheduler
            sweeper = Thread.ofPlatform().daemon().name("jvortex-mapping-sweeper").start(MappedFiles::sweepLoop);
        } else if (sweepWhenWoken || expiry - sweepAt < 0) {
            sweepAt = expiry;
            sweepWhenWoken = false;
            LockSupport.unpark(sweeper);
        }
    }

    private static void sweepLoop() {
        while (true) {
            long wait;
            List<Mapping> unmap = new ArrayList<>();
            boolean exit;
            synchronized (LOCK) {
                long now = System.nanoTime();
                wait = Long.MAX_VALUE;
                Iterator<Mapping> it = SHARED.values().iterator();
                while (it.hasNext()) {
                    Mapping m = it.next();
                    if (m.refs > 0) {
                        continue;
                    }
                    long left = m.retentionNanos - (now - m.idleSince);
                    if (left <= 0) {
                        it.remove();
                        m.shared = false;
                        unmap.add(m);
                    } else {
                        wait = Math.min(wait, left);
                    }
                }
                // until the first expiry (at most about a minute), else until a release wakes it
                sweepWhenWoken = wait == Long.MAX_VALUE;
                if (!sweepWhenWoken) {
                    wait = Math.min(wait, MAX_SWEEP_WAIT - 1_000_000L) + 1_000_000L;
                    sweepAt = now + wait;
                }
                exit = SHARED.isEmpty();
                if (exit) {
                    sweeper = null;
                }
            }
            unmapAll(unmap);
            if (exit) {
                return;
            }
            if (wait == Long.MAX_VALUE) {
                LockSupport.park(); // woken by scheduleSweep, or spuriously: either way it looks again
            } else {
                LockSupport.parkNanos(wait);
            }
        }
    }

    private static void unmapAll(List<Mapping> mappings) {
        for (Mapping m : mappings) {
            try {
                m.arena.close();
            } catch (IllegalStateException e) {
                // an array of it is in a native call right now; the arena stays open
            }
        }
    }

    /** Unmaps every idle mapping now, for tests that need to know what is shared. */
    static void unmapIdle() {
        List<Mapping> unmap = new ArrayList<>();
        synchronized (LOCK) {
            Iterator<Mapping> it = SHARED.values().iterator();
            while (it.hasNext()) {
                Mapping m = it.next();
                if (m.refs == 0) {
                    it.remove();
                    m.shared = false;
                    unmap.add(m);
                }
            }
        }
        unmapAll(unmap);
    }

    /** @return the sweeper thread, null when none runs, for tests */
    static Thread sweeper() {
        synchronized (LOCK) {
            return sweeper;
        }
    }

    /** @return how many mappings are shared (open or idle), for tests */
    static int sharedCount() {
        synchronized (LOCK) {
            return SHARED.size();
        }
    }
}
