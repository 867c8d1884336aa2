package io.jvortex.array;

import java.lang.foreign.MemorySegment;

/** Allocates zeroed, 8-byte-aligned buffers for decoded data, within a budget. */
@FunctionalInterface
public interface Allocator {
    /**
     * @param bytes size in bytes
     * @return a zeroed buffer of exactly that size
     * @throws io.jvortex.api.VortexException when the budget is exhausted
     */
    MemorySegment allocate(long bytes);
}
