package io.jvortex.array;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Large decode buffers recycled between segments, chunks, scans and files ({@link #shared()} is the
 * process-wide pool every reader uses).
 *
 * <p>Decoding a chunk allocates a few megabytes per column and frees them a chunk later. Handing
 * each of those to {@code malloc} makes the C allocator map fresh pages and unmap them again (a
 * page fault per 4 KiB written, a TLB shoot-down per unmap, which stalls every other scanning
 * thread), and every new buffer is cold in the caches. The pool keeps released blocks instead and
 * hands the most recently released one out first — zeroed again, unless the caller overwrites it
 * whole ({@link #allocateUninitialized}) — so steady-state scans touch memory that is mapped and
 * usually still cached.
 *
 * <p>Requests under {@link #MIN_POOLED} bytes are not pooled ({@code malloc} already serves them
 * from warm memory). Blocks are sized in steps of an eighth of a power of two, and a request may
 * reuse a free block up to twice its size. At most {@code maxRetainedBytes} of free blocks are kept
 * (beyond that, released blocks are freed), and a free block unused for {@link #IDLE_NANOS} is
 * freed at the pool's next use. Each block lives in its own shared arena, so it can be freed alone;
 * {@link #close()} frees every block, in use or not, after which accesses to them throw
 * {@link IllegalStateException}.
 *
 * <p>Thread-safe. Memory from the pool stays readable after the arena it was allocated from is
 * closed, until the block is handed out again: a closed chunk's arrays must not be used.
 */
public final class BufferPool implements AutoCloseable {
    /** Smallest request served from the pool. */
    public static final long MIN_POOLED = 64 * 1024;
    /**
     * Default of the most bytes of free blocks kept for reuse; the system property
     * {@code jvortex.bufferPool.maxRetainedBytes} overrides it for {@link #shared()} (0 turns
     * pooling off).
     */
    public static final long DEFAULT_MAX_RETAINED_BYTES = 256L << 20;
    /** How long a free block is kept unused before it is freed. */
    public static final long IDLE_NANOS = 10_000_000_000L;
    /** Alignment of every pooled block. */
    static final long ALIGNMENT = 64;
    /** Size classes per power of two. */
    private static final int STEPS = 8;

    @SuppressWarnings({"unchecked", "rawtypes"}) // a generic array cannot be created otherwise
    private final ArrayDeque<Block>[] free = new ArrayDeque[64 * STEPS];
    private final Set<Block> blocks = Collections.newSetFromMap(new IdentityHashMap<>());
    private final long maxRetainedBytes;
    private long retainedBytes;
    private long inUseBytes;
    private long nextTrim;
    private boolean closed;

    private static final class Shared {
        static final BufferPool POOL = new BufferPool(Long.getLong("jvortex.bufferPool.maxRetainedBytes",
                DEFAULT_MAX_RETAINED_BYTES));
    }

    /** One pooled allocation: a shared arena holding one segment of a class size. */
    private static final class Block {
        final Arena arena;
        final MemorySegment segment;
        final int sizeClass;
        long releasedAt;

        Block(Arena arena, MemorySegment segment, int sizeClass) {
            this.arena = arena;
            this.segment = segment;
            this.sizeClass = sizeClass;
        }
    }

    /** @param maxRetainedBytes the most bytes of free blocks kept for reuse */
    public BufferPool(long maxRetainedBytes) {
        if (maxRetainedBytes < 0) {
            throw new IllegalArgumentException("maxRetainedBytes " + maxRetainedBytes + " < 0");
        }
        this.maxRetainedBytes = maxRetainedBytes;
    }

    /** @return the process-wide pool readers allocate decode buffers from; never closed */
    public static BufferPool shared() {
        return Shared.POOL;
    }

    /**
     * @return a new arena for one segment's or one chunk's buffers, confined to the calling
     *     thread: large allocations come from this pool and return to it when the arena closes (a
     *     plain confined arena when the pool retains nothing)
     */
    public Arena newArena() {
        return maxRetainedBytes == 0 ? Arena.ofConfined() : new PooledArena(this);
    }

    /**
     * Allocates from an arena without zeroing when the arena is one of a pool's and the buffer is
     * pooled; otherwise the arena's own (zeroed) allocation.
     *
     * @param arena an arena, from {@link #newArena()} or any other
     * @param bytes size in bytes
     * @return a {@code bytes}-byte buffer, 8-byte aligned, whose contents are unspecified
     */
    public static MemorySegment allocateUninitialized(Arena arena, long bytes) {
        if (arena instanceof PooledArena pooled) {
            return pooled.allocate(bytes, 8, false);
        }
        return arena.allocate(bytes, 8);
    }

    /** @return bytes of free blocks currently kept */
    public synchronized long retainedBytes() {
        return retainedBytes;
    }

    /** @return bytes of blocks handed out and not yet released */
    public synchronized long inUseBytes() {
        return inUseBytes;
    }

    /**
     * A {@value #ALIGNMENT}-byte-aligned block of at least {@code bytes}: the most recently freed
     * block of the request's class or of one up to twice its size, else a new one (always zeroed).
     *
     * @param zeroed whether a reused block's first {@code bytes} are zeroed again
     */
    private Block take(long bytes, boolean zeroed) {
        long size = classSize(bytes);
        int sizeClass = classIndex(size);
        Block reused = null;
        List<Block> idle;
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("buffer pool closed");
            }
            idle = trimIdle();
            for (int c = sizeClass; c <= sizeClass + STEPS && c < free.length && reused == null; c++) {
                if (free[c] != null && !free[c].isEmpty()) {
                    reused = free[c].pop();
                    retainedBytes -= reused.segment.byteSize();
                    inUseBytes += reused.segment.byteSize();
                }
            }
        }
        free(idle);
        if (reused != null) {
            if (zeroed) {
                reused.segment.asSlice(0, bytes).fill((byte) 0);
            }
            return reused;
        }
        Arena arena = Arena.ofShared();
        Block fresh = new Block(arena, arena.allocate(size, ALIGNMENT), sizeClass);
        synchronized (this) {
            if (closed) {
                arena.close();
                throw new IllegalStateException("buffer pool closed");
            }
            blocks.add(fresh);
            inUseBytes += size;
        }
        return fresh;
    }

    /** Takes a block back: kept for reuse while the free blocks stay under the cap, else freed. */
    private void give(Block block) {
        long size = block.segment.byteSize();
        synchronized (this) {
            if (closed) {
                return; // freed by close()
            }
            inUseBytes -= size;
            if (retainedBytes + size <= maxRetainedBytes) {
                ArrayDeque<Block> list = free[block.sizeClass];
                if (list == null) {
                    list = free[block.sizeClass] = new ArrayDeque<>();
                }
                block.releasedAt = System.nanoTime();
                list.push(block);
                retainedBytes += size;
                return;
            }
            blocks.remove(block);
        }
        block.arena.close();
    }

    /** Removes the free blocks unused for {@link #IDLE_NANOS} (checked at most once a second). */
    private List<Block> trimIdle() {
        long now = System.nanoTime();
        if (retainedBytes == 0 || now - nextTrim < 0) {
            return List.of();
        }
        nextTrim = now + 1_000_000_000L;
        List<Block> idle = new ArrayList<>();
        for (ArrayDeque<Block> list : free) {
            // most recently released first: the idle ones are at the tail
            while (list != null && !list.isEmpty() && now - list.peekLast().releasedAt > IDLE_NANOS) {
                Block block = list.pollLast();
                retainedBytes -= block.segment.byteSize();
                blocks.remove(block);
                idle.add(block);
            }
        }
        return idle;
    }

    private static void free(List<Block> idle) {
        for (Block block : idle) {
            block.arena.close();
        }
    }

    /**
     * Frees every block, free or in use.
     *
     * @throws UnsupportedOperationException for {@link #shared()}
     */
    @Override
    public void close() {
        if (this == Shared.POOL) {
            throw new UnsupportedOperationException("the shared buffer pool is never closed");
        }
        List<Block> all;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            all = new ArrayList<>(blocks);
            blocks.clear();
            java.util.Arrays.fill(free, null);
            retainedBytes = 0;
            inUseBytes = 0;
        }
        free(all);
    }

    /** {@code bytes} (at least 8) rounded up to the next eighth of its power of two. */
    static long classSize(long bytes) {
        int log = 63 - Long.numberOfLeadingZeros(bytes);
        long step = 1L << Math.max(0, log - 3);
        return (bytes + step - 1) & -step;
    }

    /** The index of a class size (at least 8): eight classes per power of two. */
    static int classIndex(long classSize) {
        int log = 63 - Long.numberOfLeadingZeros(classSize);
        int sub = (int) (classSize >>> Math.max(0, log - 3)) - STEPS;
        return log * STEPS + sub;
    }

    /** An arena whose large allocations are pooled blocks, returned when it closes. */
    private static final class PooledArena implements Arena {
        private final BufferPool pool;
        private final Arena small = Arena.ofConfined();
        private final List<Block> taken = new ArrayList<>();
        private final Thread owner = Thread.currentThread();

        PooledArena(BufferPool pool) {
            this.pool = pool;
        }

        @Override
        public MemorySegment allocate(long byteSize, long byteAlignment) {
            return allocate(byteSize, byteAlignment, true);
        }

        MemorySegment allocate(long byteSize, long byteAlignment, boolean zeroed) {
            if (byteSize < MIN_POOLED || byteAlignment > ALIGNMENT || byteAlignment <= 0
                    || Long.bitCount(byteAlignment) != 1) {
                return small.allocate(byteSize, byteAlignment); // also validates the arguments
            }
            if (Thread.currentThread() != owner) {
                throw new WrongThreadException("arena confined to " + owner);
            }
            if (!small.scope().isAlive()) {
                throw new IllegalStateException("arena closed");
            }
            Block block = pool.take(byteSize, zeroed);
            taken.add(block);
            return block.segment.asSlice(0, byteSize);
        }

        @Override
        public MemorySegment.Scope scope() {
            return small.scope();
        }

        @Override
        public void close() {
            small.close(); // throws when already closed or not the owner thread
            for (Block block : taken) {
                pool.give(block);
            }
            taken.clear();
        }
    }
}
