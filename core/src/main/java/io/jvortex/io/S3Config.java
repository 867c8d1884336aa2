package io.jvortex.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Where and as whom S3 requests go.
 *
 * @param credentials the credentials, or null for anonymous (unsigned) requests to public buckets
 * @param region the signing region
 * @param endpoint a custom endpoint ({@code AWS_ENDPOINT_URL}, S3-compatible stores), or null for AWS
 * @param pathStyle whether buckets go in the path ({@code endpoint/bucket/key}) rather than the host name
 *        ({@code bucket.endpoint/key})
 */
public record S3Config(AwsCredentials credentials, String region, URI endpoint, boolean pathStyle) {

    /** The region when none is configured. */
    public static final String DEFAULT_REGION = "us-east-1";

    /**
     * @throws NullPointerException when the region is null
     */
    public S3Config {
        Objects.requireNonNull(region, "region");
    }

    /**
     * Resolves the configuration the way the AWS SDKs and CLI do, from the given environment and home
     * directory (so tests never read the real ones):
     * <ul>
     *   <li>profile: {@code AWS_PROFILE}, else {@code default};
     *   <li>credentials: {@code AWS_ACCESS_KEY_ID} + {@code AWS_SECRET_ACCESS_KEY} (+ {@code AWS_SESSION_TOKEN}),
     *       else the profile's keys in the credentials file ({@code AWS_SHARED_CREDENTIALS_FILE}, else
     *       {@code ~/.aws/credentials}), else in the config file ({@code AWS_CONFIG_FILE}, else
     *       {@code ~/.aws/config}, section {@code [profile name]} or {@code [default]}); else anonymous;
     *   <li>region: {@code AWS_REGION}, {@code AWS_DEFAULT_REGION}, the profile's {@code region}, else us-east-1;
     *   <li>endpoint: {@code AWS_ENDPOINT_URL_S3}, {@code AWS_ENDPOINT_URL}, the profile's {@code endpoint_url};
     *       a custom endpoint uses path-style addressing, AWS uses virtual-hosted buckets.
     * </ul>
     *
     * @param env the environment variables
     * @param home the user's home directory, or null to skip the default file locations
     * @return the configuration
     * @throws UncheckedIOException when a named file exists but cannot be read
     */
    public static S3Config resolve(Map<String, String> env, Path home) {
        String profile = nonBlank(env.get("AWS_PROFILE"), "default");
        Path credentialsFile = file(env.get("AWS_SHARED_CREDENTIALS_FILE"), home, "credentials");
        Path configFile = file(env.get("AWS_CONFIG_FILE"), home, "config");
        Map<String, String> fromCredentials = section(credentialsFile, profile);
        Map<String, String> fromConfig = section(configFile, profile.equals("default") ? "default" : "profile " + profile);

        AwsCredentials credentials = null;
        String keyId = env.get("AWS_ACCESS_KEY_ID");
        String secret = env.get("AWS_SECRET_ACCESS_KEY");
        if (keyId != null && !keyId.isBlank() && secret != null && !secret.isBlank()) {
            credentials = new AwsCredentials(keyId, secret, env.get("AWS_SESSION_TOKEN"));
        } else {
            for (Map<String, String> section : java.util.List.of(fromCredentials, fromConfig)) {
                String id = section.get("aws_access_key_id");
                String key = section.get("aws_secret_access_key");
                if (id != null && key != null && !id.isBlank() && !key.isBlank()) {
                    credentials = new AwsCredentials(id, key, section.get("aws_session_token"));
                    break;
                }
            }
        }
        String region = nonBlank(env.get("AWS_REGION"), nonBlank(env.get("AWS_DEFAULT_REGION"),
                nonBlank(fromConfig.get("region"), nonBlank(fromCredentials.get("region"), DEFAULT_REGION))));
        String endpoint = nonBlank(env.get("AWS_ENDPOINT_URL_S3"), nonBlank(env.get("AWS_ENDPOINT_URL"),
                fromConfig.get("endpoint_url")));
        URI endpointUri = endpoint == null || endpoint.isBlank() ? null : URI.create(endpoint.strip());
        return new S3Config(credentials, region, endpointUri, endpointUri != null);
    }

    /**
     * Resolves from the process environment and {@code user.home}.
     *
     * @return the configuration
     */
    public static S3Config fromEnvironment() {
        String home = System.getProperty("user.home");
        return resolve(System.getenv(), home == null ? null : Path.of(home));
    }

    /**
     * @param usePathStyle the new {@link #pathStyle()}
     * @return a copy with it
     */
    public S3Config withPathStyle(boolean usePathStyle) {
        return new S3Config(credentials, region, endpoint, usePathStyle);
    }

    /**
     * The HTTP(S) URI of an object, optionally with a raw query.
     *
     * @param location the object
     * @param rawQuery an already encoded query, or null
     * @return the request URI
     */
    public URI objectUri(S3Location location, String rawQuery) {
        String key = AwsSigV4.uriEncode(location.key(), true);
        String query = rawQuery == null ? "" : "?" + rawQuery;
        // bucket names with dots break virtual-hosted TLS certificates: AWS's own rule is path-style then
        boolean path = pathStyle || location.bucket().contains(".");
        if (endpoint == null) {
            String host = "s3." + region + ".amazonaws.com";
            return URI.create(path ? "https://" + host + "/" + location.bucket() + "/" + key + query
                    : "https://" + location.bucket() + "." + host + "/" + key + query);
        }
        String base = endpoint.toString().replaceAll("/+$", "");
        if (path) {
            return URI.create(base + "/" + location.bucket() + "/" + key + query);
        }
        String authority = location.bucket() + "." + endpoint.getRawAuthority();
        return URI.create(endpoint.getScheme() + "://" + authority + "/" + key + query);
    }

    /** Shows the region and endpoint; the credentials show their key id only. */
    @Override
    public String toString() {
        return "S3Config[region=" + region + ", endpoint=" + (endpoint == null ? "AWS" : endpoint)
                + ", pathStyle=" + pathStyle + ", credentials=" + (credentials == null ? "anonymous" : credentials) + "]";
    }

    private static String nonBlank(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value.strip();
    }

    private static Path file(String override, Path home, String name) {
        if (override != null && !override.isBlank()) {
            String p = override.strip();
            if (p.startsWith("~/") && home != null) {
                return home.resolve(p.substring(2));
            }
            return Path.of(p);
        }
        return home == null ? null : home.resolve(".aws").resolve(name);
    }

    /** The keys of one {@code [section]} of an INI file; empty when the file or section is missing. */
    static Map<String, String> section(Path file, String name) {
        Map<String, String> out = new HashMap<>();
        if (file == null || !Files.isRegularFile(file)) {
            return out;
        }
        java.util.List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read AWS configuration " + file + ": " + e.getMessage(), e);
        }
        boolean inSection = false;
        for (String raw : lines) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            if (line.startsWith("[") && line.endsWith("]")) {
                inSection = line.substring(1, line.length() - 1).strip().replaceAll("\\s+", " ").equals(name);
                continue;
            }
            int eq = line.indexOf('=');
            if (inSection && eq > 0 && !Character.isWhitespace(raw.charAt(0))) {
                out.put(line.substring(0, eq).strip().toLowerCase(Locale.ROOT), line.substring(eq + 1).strip());
            }
        }
        return out;
    }
}
