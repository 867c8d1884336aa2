package io.jvortex.io;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * AWS Signature Version 4 for header-based authentication (the algorithm of the AWS docs "Signature
 * Version 4 signing process" and, for S3, "Authenticating Requests: Using the Authorization Header").
 * S3 rules apply to the canonical URI: the path is used as sent (each segment URI-encoded once, no
 * normalization).
 */
final class AwsSigV4 {
    /** SHA-256 of the empty payload, hex. */
    public static final String EMPTY_PAYLOAD_SHA256 =
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    /** The payload hash S3 accepts for bodies that are not hashed. */
    public static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";

    private static final DateTimeFormatter AMZ_DATE =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final HexFormat HEX = HexFormat.of();

    private AwsSigV4() {
    }

    /**
     * The parts of a signature, for tests and debugging.
     *
     * @param canonicalRequest the canonical request
     * @param stringToSign the string to sign
     * @param signature the hex signature
     * @param authorization the {@code Authorization} header value
     */
    public record Signature(String canonicalRequest, String stringToSign, String signature, String authorization) {
    }

    /**
     * Signs a request whose headers to sign are given exactly (names in any case; {@code host} and
     * {@code x-amz-date} must be among them).
     *
     * @param method the HTTP method
     * @param uri the request URI; its raw path and raw query are the ones sent
     * @param headers the headers to sign
     * @param payloadSha256 the hex SHA-256 of the body, or {@link #UNSIGNED_PAYLOAD}
     * @param credentials the credentials
     * @param region the region, e.g. {@code us-east-1}
     * @param service the service, e.g. {@code s3}
     * @param time the request time (the {@code x-amz-date} header's)
     * @return the signature and its intermediate strings
     */
    public static Signature sign(String method, URI uri, Map<String, String> headers, String payloadSha256,
            AwsCredentials credentials, String region, String service, Instant time) {
        TreeMap<String, String> canonicalHeaders = new TreeMap<>();
        headers.forEach((name, value) -> canonicalHeaders.put(name.toLowerCase(Locale.ROOT),
                value.strip().replaceAll(" +", " ")));
        String signedHeaders = String.join(";", canonicalHeaders.keySet());
        StringBuilder canonical = new StringBuilder();
        canonical.append(method).append('\n');
        String path = uri.getRawPath();
        canonical.append(path == null || path.isEmpty() ? "/" : path).append('\n');
        canonical.append(canonicalQuery(uri.getRawQuery())).append('\n');
        canonicalHeaders.forEach((name, value) -> canonical.append(name).append(':').append(value).append('\n'));
        canonical.append('\n').append(signedHeaders).append('\n').append(payloadSha256);
        String amzDate = AMZ_DATE.format(time);
        String date = amzDate.substring(0, 8);
        String scope = date + "/" + region + "/" + service + "/aws4_request";
        String stringToSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n"
                + sha256Hex(canonical.toString().getBytes(StandardCharsets.UTF_8));
        byte[] key = signingKey(credentials.secretAccessKey(), date, region, service);
        String signature = HEX.formatHex(hmac(key, stringToSign));
        String authorization = "AWS4-HMAC-SHA256 Credential=" + credentials.accessKeyId() + "/" + scope
                + ",SignedHeaders=" + signedHeaders + ",Signature=" + signature;
        return new Signature(canonical.toString(), stringToSign, signature, authorization);
    }

    /**
     * The headers to add to an S3 request: {@code x-amz-date}, {@code x-amz-content-sha256},
     * {@code x-amz-security-token} (with session credentials) and {@code Authorization}. Signs
     * {@code host} (as the HTTP client will send it) and those {@code x-amz-*} headers.
     *
     * @param method the HTTP method
     * @param uri the request URI
     * @param payloadSha256 the hex SHA-256 of the body ({@link #EMPTY_PAYLOAD_SHA256} without one)
     * @param credentials the credentials
     * @param region the region
     * @param time the request time
     * @return the headers to add, in order
     */
    public static Map<String, String> s3Headers(String method, URI uri, String payloadSha256,
            AwsCredentials credentials, String region, Instant time) {
        Map<String, String> signed = new LinkedHashMap<>();
        signed.put("host", hostHeader(uri));
        signed.put("x-amz-content-sha256", payloadSha256);
        signed.put("x-amz-date", AMZ_DATE.format(time));
        if (credentials.sessionToken() != null) {
            signed.put("x-amz-security-token", credentials.sessionToken());
        }
        Signature signature = sign(method, uri, signed, payloadSha256, credentials, region, "s3", time);
        Map<String, String> out = new LinkedHashMap<>(signed);
        out.remove("host"); // the HTTP client sets Host itself (a restricted header)
        out.put("Authorization", signature.authorization());
        return out;
    }

    /**
     * The {@code Host} header the JDK HTTP client sends for a URI: the host, with the port when it is
     * not the scheme's default.
     *
     * @param uri the request URI
     * @return the header value
     */
    public static String hostHeader(URI uri) {
        int port = uri.getPort();
        boolean defaultPort = port == -1 || ("http".equalsIgnoreCase(uri.getScheme()) && port == 80)
                || ("https".equalsIgnoreCase(uri.getScheme()) && port == 443);
        return defaultPort ? uri.getHost() : uri.getHost() + ":" + port;
    }

    /**
     * URI-encodes a string the SigV4 way: unreserved characters ({@code A-Z a-z 0-9 - _ . ~}) stay,
     * everything else becomes {@code %XY} of its UTF-8 bytes; {@code /} stays when {@code keepSlash}.
     *
     * @param value the string
     * @param keepSlash whether {@code /} stays unencoded (object keys in paths)
     * @return the encoded string
     */
    public static String uriEncode(String value, boolean keepSlash) {
        StringBuilder out = new StringBuilder(value.length() + 16);
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
                    || c == '.' || c == '~' || (keepSlash && c == '/')) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return out.toString();
    }

    /**
     * The hex SHA-256 of bytes.
     *
     * @param bytes the bytes
     * @return lower-case hex
     */
    public static String sha256Hex(byte[] bytes) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /**
     * The SigV4 signing key: HMAC chain over date, region, service and {@code aws4_request}.
     *
     * @param secretAccessKey the secret
     * @param date the date, {@code yyyyMMdd}
     * @param region the region
     * @param service the service
     * @return the key
     */
    public static byte[] signingKey(String secretAccessKey, String date, String region, String service) {
        byte[] key = hmac(("AWS4" + secretAccessKey).getBytes(StandardCharsets.UTF_8), date);
        key = hmac(key, region);
        key = hmac(key, service);
        return hmac(key, "aws4_request");
    }

    /** The query sorted by name then value; parameters without '=' get an empty value. */
    private static String canonicalQuery(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return "";
        }
        List<String[]> params = new ArrayList<>();
        for (String part : rawQuery.split("&")) {
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            String name = eq < 0 ? part : part.substring(0, eq);
            String value = eq < 0 ? "" : part.substring(eq + 1);
            // re-encode so that callers' raw queries (already encoded or not) come out canonical
            params.add(new String[] {reencode(name), reencode(value)});
        }
        params.sort((a, b) -> a[0].equals(b[0]) ? a[1].compareTo(b[1]) : a[0].compareTo(b[0]));
        StringBuilder out = new StringBuilder();
        for (String[] p : params) {
            if (!out.isEmpty()) {
                out.append('&');
            }
            out.append(p[0]).append('=').append(p[1]);
        }
        return out.toString();
    }

    private static String reencode(String raw) {
        return uriEncode(java.net.URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8), false);
    }

    private static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("the JDK has no HmacSHA256", e);
        }
    }
}
