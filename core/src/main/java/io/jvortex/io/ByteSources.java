package io.jvortex.io;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;

/** Opens a {@link ByteSource} or creates a {@link ByteSink} for a URI or path. */
public final class ByteSources {
    private ByteSources() {
    }

    /**
     * Opens a source: {@code file:} URIs and scheme-less paths are memory-mapped, {@code http(s):} read
     * with range requests, {@code s3://bucket/key} (also {@code s3a:}) with signed GetObject ranges using
     * {@link S3Config#fromEnvironment()}.
     *
     * @param uri the object
     * @param options I/O options
     * @return the opened source
     * @throws IllegalArgumentException for an unsupported scheme
     * @throws java.io.UncheckedIOException when the object cannot be opened
     */
    public static ByteSource open(URI uri, IoOptions options) {
        return open(uri, options, null);
    }

    /**
     * Opens a source with an explicit S3 configuration (null resolves it from the environment when needed).
     *
     * @param uri the object
     * @param options I/O options
     * @param s3 the S3 configuration, or null
     * @return the opened source
     * @throws IllegalArgumentException for an unsupported scheme
     * @throws java.io.UncheckedIOException when the object cannot be opened
     */
    public static ByteSource open(URI uri, IoOptions options, S3Config s3) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return switch (scheme) {
            case "" -> MappedFileSource.open(Path.of(uri.getPath()));
            case "file" -> MappedFileSource.open(Path.of(uri));
            case "http", "https" -> RemoteByteSource.openHttp(uri, options);
            case "s3", "s3a" -> RemoteByteSource.openS3(S3Location.parse(uri), s3 != null ? s3 : S3Config.fromEnvironment(),
                    options);
            default -> throw new IllegalArgumentException("unsupported scheme \"" + uri.getScheme() + "\" in " + uri
                    + " (expected a path, file:, http(s): or s3:)");
        };
    }

    /**
     * Opens a source for a string that is a URI with a scheme or a local path (Windows drive letters included).
     *
     * @param uriOrPath the object
     * @param options I/O options
     * @return the opened source
     */
    public static ByteSource open(String uriOrPath, IoOptions options) {
        if (uriOrPath.matches("^[a-zA-Z][a-zA-Z0-9+.-]+:.*") ) {
            return open(URI.create(uriOrPath), options);
        }
        return MappedFileSource.open(Path.of(uriOrPath));
    }

    /**
     * Creates a sink: local paths and {@code file:} URIs atomically (temp + rename), {@code s3://bucket/key}
     * as a multipart upload.
     *
     * @param uri the destination
     * @param options I/O options
     * @param s3 the S3 configuration, or null to resolve it from the environment when needed
     * @return the sink
     * @throws IllegalArgumentException for an unsupported scheme
     */
    public static ByteSink create(URI uri, IoOptions options, S3Config s3) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return switch (scheme) {
            case "" -> FileSink.create(Path.of(uri.getPath()));
            case "file" -> FileSink.create(Path.of(uri));
            case "s3", "s3a" -> S3MultipartSink.create(S3Location.parse(uri), s3 != null ? s3 : S3Config.fromEnvironment(),
                    options);
            default -> throw new IllegalArgumentException("cannot write to scheme \"" + uri.getScheme() + "\" in " + uri
                    + " (expected a path, file: or s3:)");
        };
    }
}
