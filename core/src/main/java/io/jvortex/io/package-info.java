/**
 * {@code io} — byte sources and sinks: memory-mapped file (default), positional channel, HTTP range,
 * S3 (SigV4); a vectored read of planned ranges (coalesce nearby ranges, several requests in flight,
 * prefetch while decoding); S3 multipart and stream sinks.
 *
 * <h2>Reading</h2>
 * A {@link io.jvortex.io.ByteSource} is one immutable object of known {@code size()}. The reader opens a
 * file with one tail read ({@link io.jvortex.io.IoOptions#tailReadBytes()}, 256 KiB by default: postscript,
 * footer and layout of most files), then hands every segment range it will decode to
 * {@link io.jvortex.io.ByteSource#read(java.util.List)} at once and decodes each range as its future
 * completes — the later requests are still in flight (prefetch while decoding).
 * <ul>
 *   <li>{@link io.jvortex.io.MappedFileSource}: the file mapped once into a shared arena; reads are
 *       zero-copy read-only slices, complete on return.
 *   <li>{@link io.jvortex.io.ChannelFileSource}: positional {@code FileChannel} reads into copies.
 *   <li>{@link io.jvortex.io.RemoteByteSource}: HTTP(S) range GETs, or S3 GetObject ranges signed with
 *       {@link io.jvortex.io.AwsSigV4} from an {@link io.jvortex.io.S3Config} (environment variables and
 *       {@code ~/.aws} files). Opening is the tail read itself: a suffix range ({@code bytes=-N}) answers
 *       size, version and the tail bytes in one round trip; the tail is kept within
 *       {@link io.jvortex.io.IoOptions#cacheBytes()}.
 * </ul>
 * Non-mapped sources plan each vectored read with {@link io.jvortex.io.RangeCoalescer} (Hadoop
 * {@code readVectored} style: sort, merge neighbours whose gap is below
 * {@link io.jvortex.io.IoOptions#coalesceGapBytes()} into requests of at most
 * {@link io.jvortex.io.IoOptions#maxRequestBytes()}, never split a range between requests; a range longer
 * than a request is fetched in parts into one destination), run at most
 * {@link io.jvortex.io.IoOptions#maxInFlight()} requests at once on virtual threads and slice each request's
 * bytes back per range. Destinations are sized by the planned request, never by a number a server sent.
 *
 * <h2>Failures</h2>
 * A read returns exactly the object's bytes or fails with a {@link io.jvortex.io.RangeReadException}
 * (an {@code UncheckedIOException}) naming the URI and byte range. 429, 5xx, connection failures,
 * truncated or stalled bodies are retried with full-jitter exponential backoff; 403/404/other 4xx and a
 * {@code Content-Range} other than the one asked for fail at once. The object's ETag (else Last-Modified)
 * is pinned when opening; later requests send {@code If-Match} (else {@code If-Unmodified-Since}) and
 * check the answer's ETag, so a replaced object fails with {@link io.jvortex.io.ObjectChangedException}
 * instead of mixing versions. {@code close()} fails pending reads and aborts requests in flight.
 * {@link io.jvortex.io.IoStats} counts reads, requests, retries, bytes and request time.
 *
 * <h2>Writing</h2>
 * A {@link io.jvortex.io.ByteSink} is sequential and becomes visible only on
 * {@link io.jvortex.io.ByteSink#commit()}: {@link io.jvortex.io.FileSink} (temp file + atomic rename),
 * {@link io.jvortex.io.StreamSink} (any {@code OutputStream}) and {@link io.jvortex.io.S3MultipartSink}
 * (parts of at least 5 MiB, CompleteMultipartUpload on commit, AbortMultipartUpload on any failure; one
 * PutObject below a part). {@link io.jvortex.io.ByteSources} opens either from a URI.
 */
package io.jvortex.io;
