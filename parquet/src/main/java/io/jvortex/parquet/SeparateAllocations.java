package io.jvortex.parquet;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * An arena whose every allocation is garbage-collected on its own, so a buffer is freed once it alone
 * is unreachable: a {@code long[]} on the Java heap (8-byte aligned), or a fresh automatic arena for a
 * wider alignment. The heap reuses memory it has already mapped; native buffers of this size come
 * from {@code mmap} and fault in every page again (a write profile of Parquet → Vortex spent 7 % of
 * its samples zeroing fresh native pages).
 *
 * <p>The converter builds each batch here and hands it to {@code VortexWriter.writeOwned}, which keeps
 * a column's buffers until that column's chunk is cut. Columns cut at very different row counts (a
 * boolean column's 1 MiB chunk spans 8 M rows, a string column's a few thousand): with one automatic
 * arena per batch, the longest-kept column would keep every column of its batches alive.
 */
final class SeparateAllocations implements Arena {
    static final SeparateAllocations INSTANCE = new SeparateAllocations();
    /** The largest buffer a {@code long[]} holds; bigger ones (and wider alignments) are native. */
    private static final long MAX_HEAP_BYTES = 8L * (Integer.MAX_VALUE - 8);

    private SeparateAllocations() {
    }

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        if (byteAlignment <= Long.BYTES && byteSize <= MAX_HEAP_BYTES) {
            return MemorySegment.ofArray(new long[(int) ((byteSize + 7) >>> 3)]).asSlice(0, byteSize);
        }
        return Arena.ofAuto().allocate(byteSize, byteAlignment);
    }

    /** @throws UnsupportedOperationException always: each allocation has a scope of its own */
    @Override
    public MemorySegment.Scope scope() {
        throw new UnsupportedOperationException("each allocation of SeparateAllocations has its own scope");
    }

    /** @throws UnsupportedOperationException always: the allocations are freed by the garbage collector */
    @Override
    public void close() {
        throw new UnsupportedOperationException("SeparateAllocations is not closeable");
    }
}
