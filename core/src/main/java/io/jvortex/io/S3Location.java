package io.jvortex.io;

import java.net.URI;
import java.util.Objects;

/**
 * An S3 object's bucket and key, from an {@code s3://bucket/key} URI.
 *
 * @param bucket the bucket name
 * @param key the object key (no leading slash)
 */
public record S3Location(String bucket, String key) {

    /**
     * @throws IllegalArgumentException when the bucket or key is empty
     */
    public S3Location {
        Objects.requireNonNull(bucket, "bucket");
        Objects.requireNonNull(key, "key");
        if (bucket.isEmpty() || key.isEmpty()) {
            throw new IllegalArgumentException("an S3 location needs a bucket and a key, got s3://" + bucket + "/" + key);
        }
    }

    /**
     * Parses {@code s3://bucket/key} (also {@code s3a:}).
     *
     * @param uri the URI
     * @return the location
     * @throws IllegalArgumentException when the URI is not an S3 object URI
     */
    public static S3Location parse(URI uri) {
        String scheme = uri.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("s3") || scheme.equalsIgnoreCase("s3a"))) {
            throw new IllegalArgumentException("not an s3:// URI: " + uri);
        }
        String bucket = uri.getAuthority();
        String path = uri.getPath();
        if (bucket == null || path == null || path.length() <= 1) {
            throw new IllegalArgumentException("an S3 URI needs s3://bucket/key, got " + uri);
        }
        return new S3Location(bucket, path.substring(1));
    }

    /**
     * @return {@code s3://bucket/key}
     */
    public URI uri() {
        return URI.create("s3://" + bucket + "/" + AwsSigV4.uriEncode(key, true));
    }
}
