package io.jvortex.array;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class BufferPoolTest {
    private static final long BIG = BufferPool.MIN_POOLED * 3 + 40;

    @Test
    void classSizesCoverTheRequestWithinAnEighthAndAreDistinct() {
        long previousSize = 0;
        int previousIndex = -1;
        for (long bytes = BufferPool.MIN_POOLED; bytes < (1L << 40); bytes = bytes * 9 / 8 + 1) {
            long size = BufferPool.classSize(bytes);
            assertThat(size).as("class of %d", bytes).isGreaterThanOrEqualTo(bytes)
                    .isLessThanOrEqualTo(bytes + bytes / 8 + 1);
            assertThat(BufferPool.classSize(size)).as("a class size is its own class").isEqualTo(size);
            int index = BufferPool.classIndex(size);
            if (size > previousSize) {
                assertThat(index).as("index of %d after %d", size, previousSize).isGreaterThan(previousIndex);
            }
            previousSize = size;
            previousIndex = index;
        }
    }

    @Test
    void aReleasedBlockIsHandedOutAgainZeroed() {
        try (BufferPool pool = new BufferPool(64L << 20)) {
            long address;
            try (Arena arena = pool.newArena()) {
                MemorySegment first = arena.allocate(BIG, 8);
                first.fill((byte) 0x5A);
                address = first.address();
            }
            assertThat(pool.retainedBytes()).isGreaterThanOrEqualTo(BIG);
            try (Arena arena = pool.newArena()) {
                MemorySegment again = arena.allocate(BIG - 100, 8);
                assertThat(again.address()).isEqualTo(address);
                assertThat(again.byteSize()).isEqualTo(BIG - 100);
                assertThat(again.mismatch(MemorySegment.ofArray(new byte[(int) (BIG - 100)]))).isEqualTo(-1);
                assertThat(pool.retainedBytes()).isZero();
                assertThat(pool.inUseBytes()).isEqualTo(BufferPool.classSize(BIG));
            }
        }
    }

    @Test
    void anUninitializedAllocationReusesWithoutZeroingAndPlainArenasStillZero() {
        try (BufferPool pool = new BufferPool(64L << 20)) {
            long address;
            try (Arena arena = pool.newArena()) {
                MemorySegment first = BufferPool.allocateUninitialized(arena, BIG);
                address = first.address();
                first.fill((byte) 1);
            }
            try (Arena arena = pool.newArena()) {
                MemorySegment again = BufferPool.allocateUninitialized(arena, BIG);
                assertThat(again.address()).isEqualTo(address);
                assertThat(again.byteSize()).isEqualTo(BIG);
            }
        }
        try (Arena plain = Arena.ofConfined()) {
            MemorySegment s = BufferPool.allocateUninitialized(plain, 100);
            assertThat(s.byteSize()).isEqualTo(100);
            assertThat(s.mismatch(MemorySegment.ofArray(new byte[100]))).isEqualTo(-1);
        }
    }

    @Test
    void aBlockTwiceTheRequestIsReusedButNotALargerOne() {
        try (BufferPool pool = new BufferPool(64L << 20)) {
            long address;
            try (Arena arena = pool.newArena()) {
                address = arena.allocate(4 * BufferPool.MIN_POOLED, 8).address();
            }
            try (Arena arena = pool.newArena()) {
                assertThat(arena.allocate(2 * BufferPool.MIN_POOLED, 8).address()).isEqualTo(address);
            }
            try (Arena arena = pool.newArena()) {
                assertThat(arena.allocate(BufferPool.MIN_POOLED, 8).address()).isNotEqualTo(address);
            }
        }
    }

    @Test
    void smallAllocationsAreNotPooledAndFreedWithTheArena() {
        try (BufferPool pool = new BufferPool(64L << 20)) {
            MemorySegment small;
            try (Arena arena = pool.newArena()) {
                small = arena.allocate(BufferPool.MIN_POOLED - 1, 8);
                small.set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
            }
            assertThat(pool.retainedBytes()).isZero();
            assertThatThrownBy(() -> small.get(ValueLayout.JAVA_BYTE, 0)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void blocksOverTheRetainedCapAreFreed() {
        try (BufferPool pool = new BufferPool(BIG * 2)) {
            MemorySegment first;
            MemorySegment second;
            try (Arena arena = pool.newArena()) {
                first = arena.allocate(BIG, 8);
                second = arena.allocate(BIG, 8);
            }
            assertThat(pool.retainedBytes()).isEqualTo(BufferPool.classSize(BIG)); // the cap holds one
            assertThatThrownBy(() -> second.get(ValueLayout.JAVA_BYTE, 0)).isInstanceOf(IllegalStateException.class);
            assertThat(first.get(ValueLayout.JAVA_BYTE, 0)).isZero();
        }
        try (BufferPool off = new BufferPool(0)) {
            MemorySegment big;
            try (Arena arena = off.newArena()) {
                big = arena.allocate(BIG, 8);
            }
            assertThat(off.retainedBytes()).isZero();
            assertThatThrownBy(() -> big.get(ValueLayout.JAVA_BYTE, 0)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void closingThePoolFreesBlocksInUseAndRefusesNewOnes() {
        BufferPool pool = new BufferPool(64L << 20);
        Arena arena = pool.newArena();
        MemorySegment big = arena.allocate(BIG, 8);
        pool.close();
        assertThatThrownBy(() -> big.get(ValueLayout.JAVA_BYTE, 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> arena.allocate(BIG, 8)).isInstanceOf(IllegalStateException.class);
        arena.close(); // returning blocks to a closed pool is harmless
        pool.close(); // idempotent
        assertThatThrownBy(() -> BufferPool.shared().close()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void arenasAreConfinedToTheirThread() throws Exception {
        try (BufferPool pool = new BufferPool(64L << 20); Arena arena = pool.newArena()) {
            try (ExecutorService other = Executors.newSingleThreadExecutor()) {
                Future<?> allocate = other.submit(() -> arena.allocate(BIG, 8));
                Future<?> close = other.submit(arena::close);
                assertThatThrownBy(allocate::get).hasCauseInstanceOf(WrongThreadException.class);
                assertThatThrownBy(close::get).hasCauseInstanceOf(WrongThreadException.class);
            }
            assertThat(arena.allocate(BIG, 8).byteSize()).isEqualTo(BIG);
        }
    }

    @Test
    void rejectsBadArguments() {
        try (BufferPool pool = new BufferPool(64L << 20); Arena arena = pool.newArena()) {
            assertThatThrownBy(() -> arena.allocate(-1, 8)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> arena.allocate(BIG, 3)).isInstanceOf(IllegalArgumentException.class);
            assertThat(arena.allocate(BIG, 4096).address() % 4096).isZero(); // over the pool's alignment
        }
        assertThatThrownBy(() -> new BufferPool(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Threads allocate, fill with their own pattern, check and release: no block is shared. */
    @Test
    void concurrentArenasNeverShareABlock() throws Exception {
        SplittableRandom seeds = TestSupport.random("BufferPoolTest.concurrentArenasNeverShareABlock");
        try (BufferPool pool = new BufferPool(16L << 20); ExecutorService threads = Executors.newFixedThreadPool(4)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                SplittableRandom random = seeds.split();
                byte pattern = (byte) (t + 1);
                done.add(threads.submit(() -> {
                    for (int round = 0; round < 200; round++) {
                        try (Arena arena = pool.newArena()) {
                            List<MemorySegment> held = new ArrayList<>();
                            for (int k = 0; k < 3; k++) {
                                long bytes = BufferPool.MIN_POOLED + random.nextLong(4 * BufferPool.MIN_POOLED);
                                MemorySegment s = random.nextBoolean() ? arena.allocate(bytes, 8)
                                        : BufferPool.allocateUninitialized(arena, bytes);
                                s.fill(pattern);
                                held.add(s);
                            }
                            Thread.yield();
                            for (MemorySegment s : held) {
                                byte[] expected = new byte[(int) s.byteSize()];
                                java.util.Arrays.fill(expected, pattern);
                                assertThat(s.mismatch(MemorySegment.ofArray(expected))).isEqualTo(-1);
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            assertThat(pool.retainedBytes()).isLessThanOrEqualTo(16L << 20);
            assertThat(pool.inUseBytes()).isZero();
        }
    }
}
