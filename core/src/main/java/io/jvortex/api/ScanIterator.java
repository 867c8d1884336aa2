package io.jvortex.api;

import java.util.Iterator;

/**
 * Chunks of a scan, in row order. Confined to the thread that created it. Each {@link Chunk} must
 * be closed before the next is requested; closing the iterator frees all decoded memory.
 */
public interface ScanIterator extends Iterator<Chunk>, AutoCloseable {
    @Override
    void close();
}
