package io.jvortex.io;

import java.io.UncheckedIOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Waiting on a read future with the I/O exception unwrapped. */
final class IoFutures {
    private IoFutures() {
    }

    /**
     * Waits for a future and rethrows an {@link UncheckedIOException} cause as itself.
     *
     * @param future the future
     * @param <T> the value type
     * @return the value
     * @throws UncheckedIOException when the read failed
     * @throws CancellationException when the read was cancelled (e.g. the source was closed)
     */
    public static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
