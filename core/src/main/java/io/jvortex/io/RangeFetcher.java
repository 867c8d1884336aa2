package io.jvortex.io;

import java.lang.foreign.MemorySegment;

/** Fills a destination with the bytes at an offset: one request (retries included) of a planned read. */
interface RangeFetcher {

    /**
     * Fills {@code destination} with the source's bytes starting at {@code byteOffset}.
     *
     * @param byteOffset the first byte, with {@code byteOffset + destination.byteSize()} inside the source
     * @param destination where the bytes go; its size is the request's length
     * @throws RangeReadException when the bytes cannot be read; nothing else may be trusted in destination then
     */
    void fetchInto(long byteOffset, MemorySegment destination);
}
