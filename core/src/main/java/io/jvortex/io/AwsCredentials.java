package io.jvortex.io;

import java.util.Objects;

/**
 * AWS credentials for SigV4 signing.
 *
 * @param accessKeyId the access key id
 * @param secretAccessKey the secret access key
 * @param sessionToken the session token of temporary credentials, or null
 */
public record AwsCredentials(String accessKeyId, String secretAccessKey, String sessionToken) {

    /**
     * @throws NullPointerException when the key id or secret is null
     * @throws IllegalArgumentException when the key id or secret is blank
     */
    public AwsCredentials {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(secretAccessKey, "secretAccessKey");
        if (accessKeyId.isBlank() || secretAccessKey.isBlank()) {
            throw new IllegalArgumentException("accessKeyId and secretAccessKey must not be blank");
        }
        if (sessionToken != null && sessionToken.isBlank()) {
            sessionToken = null;
        }
    }

    /** Shows the key id only: the secret and token never appear in messages or logs. */
    @Override
    public String toString() {
        return "AwsCredentials[accessKeyId=" + accessKeyId + (sessionToken != null ? ", session" : "") + "]";
    }
}
