package io.jvortex.io;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Random-access, read-only bytes of one immutable object: a local file, an HTTP resource or an S3 object.
 *
 * <p>Implementations are thread-safe. The intended use is the Vortex open sequence: one tail read
 * ({@link IoOptions#tailReadBytes()} covers postscript, footer and layout in most files), then
 * {@linkplain #read(List) vectored reads} of the segment ranges the footer names. A remote source
 * plans each vectored read (coalescing nearby ranges, several requests in flight), so callers should
 * hand over every range they will need at once rather than reading one range at a time.
 *
 * <p>Returned segments are read-only and stay valid until the source is closed (mapped sources) or
 * for as long as they are reachable (heap- or auto-arena-backed copies of remote bytes). I/O failures
 * complete the futures with a {@link RangeReadException} (an {@link java.io.UncheckedIOException})
 * naming the source and the byte range.
 */
public interface ByteSource extends AutoCloseable {

    /**
     * The object's size, known from opening it (remote sources pin it with the object's version).
     *
     * @return the size in bytes
     */
    long size();

    /**
     * Reads several byte ranges, in any order, possibly overlapping.
     *
     * @param ranges the ranges, each inside {@code [0, size())}
     * @return one future per range, in the order of {@code ranges}, each completing with a read-only
     *         segment of exactly that range's length
     * @throws IllegalArgumentException when a range ends past {@link #size()}
     * @throws IllegalStateException when the source is closed
     */
    List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges);

    /**
     * Reads several byte ranges like {@link #read(List)}, merging neighbours only when the gap between
     * them is below {@code coalesceGapBytes} instead of the source's own threshold: for reads of many
     * small parts (a take of a few rows), where reading the gaps would cost more than it saves.
     * Sources that do not coalesce ignore the threshold.
     *
     * @param ranges the ranges, each inside {@code [0, size())}
     * @param coalesceGapBytes the largest gap, in bytes, read to merge two ranges into one request
     * @return one future per range, in the order of {@code ranges}
     * @throws IllegalArgumentException when a range ends past {@link #size()}
     * @throws IllegalStateException when the source is closed
     */
    default List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges, long coalesceGapBytes) {
        return read(ranges);
    }

    /**
     * Reads one range.
     *
     * @param range the range, inside {@code [0, size())}
     * @return a future of a read-only segment of exactly the range's length
     * @throws IllegalArgumentException when the range ends past {@link #size()}
     * @throws IllegalStateException when the source is closed
     */
    default CompletableFuture<MemorySegment> read(ByteRange range) {
        return read(List.of(range)).getFirst();
    }

    /**
     * Reads one range and waits for it.
     *
     * @param byteOffset the first byte
     * @param lengthBytes the number of bytes
     * @return a read-only segment of exactly {@code lengthBytes} bytes
     * @throws RangeReadException when the read fails
     * @throws IllegalArgumentException when the range ends past {@link #size()}
     */
    default MemorySegment readNow(long byteOffset, long lengthBytes) {
        return IoFutures.join(read(new ByteRange(byteOffset, lengthBytes)));
    }

    /**
     * Where the bytes come from, for messages and caches.
     *
     * @return the source's URI ({@code file:}, {@code http(s):} or {@code s3:})
     */
    URI uri();

    /**
     * Counters of this source's I/O so far.
     *
     * @return a snapshot
     */
    IoStats stats();

    /**
     * Releases the source: in-flight requests are cancelled (their futures fail), mapped memory is
     * unmapped. Idempotent.
     */
    @Override
    void close();
}
