package io.jvortex.io;

import java.lang.foreign.MemorySegment;
import java.net.URI;

/**
 * A sequential output that becomes visible only when {@linkplain #commit() committed}: until then,
 * nothing appears at the destination, and {@link #abort()} (or {@link #close()} without a commit, e.g.
 * when an exception leaves a try-with-resources block) discards what was written. Not thread-safe:
 * one writer at a time.
 *
 * <pre>{@code
 * try (ByteSink sink = ByteSinks.create(uri, IoOptions.defaults())) {
 *     sink.write(bytes);
 *     sink.commit();
 * } // an exception before commit() aborts
 * }</pre>
 *
 * I/O failures are {@link java.io.UncheckedIOException}s naming the destination; a failed sink has aborted.
 */
public interface ByteSink extends AutoCloseable {

    /**
     * Appends bytes.
     *
     * @param bytes the bytes (any segment; copied before returning)
     * @throws java.io.UncheckedIOException when writing fails (the sink has aborted then)
     * @throws IllegalStateException when the sink is committed or aborted
     */
    void write(MemorySegment bytes);

    /**
     * Appends bytes from an array.
     *
     * @param bytes the array
     * @param offset the first byte
     * @param length how many bytes
     * @throws java.io.UncheckedIOException when writing fails (the sink has aborted then)
     * @throws IllegalStateException when the sink is committed or aborted
     */
    default void write(byte[] bytes, int offset, int length) {
        write(MemorySegment.ofArray(bytes).asSlice(offset, length));
    }

    /**
     * Appends a whole array.
     *
     * @param bytes the array
     * @throws java.io.UncheckedIOException when writing fails (the sink has aborted then)
     * @throws IllegalStateException when the sink is committed or aborted
     */
    default void write(byte[] bytes) {
        write(bytes, 0, bytes.length);
    }

    /**
     * How many bytes were written so far: the offset the next byte gets.
     *
     * @return the position
     */
    long position();

    /**
     * Makes the output visible at the destination, whole. Idempotent once it succeeded.
     *
     * @throws java.io.UncheckedIOException when publishing fails (the sink has aborted then)
     * @throws IllegalStateException when the sink was aborted
     */
    void commit();

    /** Discards the output; nothing appears at the destination. Idempotent; a no-op after commit. */
    void abort();

    /**
     * Where the output goes.
     *
     * @return the destination's URI
     */
    URI uri();

    /** Aborts unless committed. */
    @Override
    default void close() {
        abort();
    }
}
