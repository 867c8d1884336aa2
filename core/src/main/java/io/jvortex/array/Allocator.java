package io.jvortex.array;

import java.lang.foreign.MemorySegment;

/** Allocates zeroed, 8-byte-aligned buffers for decoded data, within a budget. */
@FunctionalInterface
public interface Allocator {
    /**
     * @param bytes size in bytes
     * @return a zeroed buffer of exactly that size
     * @throws io.jvortex.error.VortexException when the budget is exhausted
     */
    MemorySegment allocate(long bytes);

    /**
     * A buffer the caller overwrites entirely before anything reads it: its contents are
     * unspecified (a recycled buffer is not zeroed again). Same budget as {@link #allocate}.
     *
     * @param bytes size in bytes
     * @return an 8-byte-aligned buffer of exactly that size
     * @throws io.jvortex.error.VortexException when the budget is exhausted
     */
    default MemorySegment allocateUninitialized(long bytes) {
        return allocate(bytes);
    }
}
