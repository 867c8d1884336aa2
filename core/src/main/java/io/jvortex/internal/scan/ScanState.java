package io.jvortex.internal.scan;

import io.jvortex.error.VortexException;
import io.jvortex.array.Allocator;
import io.jvortex.array.BufferPool;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.internal.file.VortexFile;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Per-scan decoding services: the file, the encodings, limits, and the allocator of the chunk being
 * assembled (for memory that only that chunk uses).
 */
final class ScanState {
    final VortexFile file;
    final EncodingRegistry registry;
    final boolean allowUnknown;
    final long maxDecodedBytes;
    private Allocator chunkAllocator;
    /** The segments a take read in part ({@link RowTake}), or null. */
    PartialTake partialTake;
    private Arena chunkArena;

    ScanState(VortexFile file, EncodingRegistry registry, boolean allowUnknown, long maxDecodedBytes) {
        this.file = file;
        this.registry = registry;
        this.allowUnknown = allowUnknown;
        this.maxDecodedBytes = maxDecodedBytes;
    }

    /**
     * @param arena where to allocate
     * @return an allocator over the arena limited to {@code maxDecodedBytes}
     */
    Allocator allocator(Arena arena) {
        return new Allocator() {
            private long remaining = maxDecodedBytes;

            @Override
            public MemorySegment allocate(long bytes) {
                reserve(bytes);
                return arena.allocate(Math.max(1, bytes), 8).asSlice(0, bytes);
            }

            @Override
            public MemorySegment allocateUninitialized(long bytes) {
                reserve(bytes);
                return BufferPool.allocateUninitialized(arena, Math.max(1, bytes)).asSlice(0, bytes);
            }

            private void reserve(long bytes) {
                if (bytes < 0 || bytes > remaining) {
                    throw new VortexException(file.source(), VortexException.NO_OFFSET, null,
                            "assembling a chunk needs " + bytes + " more bytes but the decoded-size budget has "
                                    + remaining + " left", null);
                }
                remaining -= bytes;
            }
        };
    }

    /**
     * @return a new arena, confined to the calling thread, whose large buffers are recycled
     *     through the shared {@link io.jvortex.array.BufferPool}
     */
    Arena newArena() {
        return BufferPool.shared().newArena();
    }

    void startChunk(Arena arena) {
        chunkAllocator = allocator(arena);
        chunkArena = arena;
    }

    Arena chunkArena() {
        return chunkArena;
    }

    Allocator chunkAllocator() {
        return chunkAllocator;
    }
}
