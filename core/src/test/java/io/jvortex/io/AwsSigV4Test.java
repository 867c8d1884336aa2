package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The signer against the worked examples the AWS documentation publishes, computed here from the
 * documented inputs: the four examples of "Signature Calculations for the Authorization Header:
 * Transferring Payload in a Single Chunk (AWS Signature Version 4)" in the Amazon S3 API Reference
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html: GET Object, PUT Object,
 * GET Bucket Lifecycle, Get Bucket (List Objects)), the "get-vanilla" case of the AWS SigV4 test suite
 * (https://docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html) and the signing-key
 * example of "Examples of how to derive a signing key for Signature Version 4" (AWS General Reference).
 */
class AwsSigV4Test {
    private static final AwsCredentials S3_DOCS = new AwsCredentials("AKIAIOSFODNN7EXAMPLE",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", null);
    private static final Instant MAY_24_2013 = Instant.parse("2013-05-24T00:00:00Z");

    private static Map<String, String> headers(String... pairs) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.put(pairs[i], pairs[i + 1]);
        }
        return out;
    }

    @Test
    void s3GetObjectExample() {
        var signature = AwsSigV4.sign("GET", URI.create("https://examplebucket.s3.amazonaws.com/test.txt"),
                headers("Host", "examplebucket.s3.amazonaws.com", "Range", "bytes=0-9",
                        "x-amz-content-sha256", AwsSigV4.EMPTY_PAYLOAD_SHA256, "x-amz-date", "20130524T000000Z"),
                AwsSigV4.EMPTY_PAYLOAD_SHA256, S3_DOCS, "us-east-1", "s3", MAY_24_2013);
        assertThat(signature.canonicalRequest()).isEqualTo("""
                GET
                /test.txt

                host:examplebucket.s3.amazonaws.com
                range:bytes=0-9
                x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                x-amz-date:20130524T000000Z

                host;range;x-amz-content-sha256;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855""");
        assertThat(signature.stringToSign()).endsWith("7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972");
        assertThat(signature.signature()).isEqualTo("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
        assertThat(signature.authorization()).isEqualTo("AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/"
                + "us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
    }

    @Test
    void s3PutObjectExample() {
        String payload = AwsSigV4.sha256Hex("Welcome to Amazon S3.".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(payload).isEqualTo("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
        String key = AwsSigV4.uriEncode("test$file.text", true);
        assertThat(key).isEqualTo("test%24file.text");
        var signature = AwsSigV4.sign("PUT", URI.create("https://examplebucket.s3.amazonaws.com/" + key),
                headers("Date", "Fri, 24 May 2013 00:00:00 GMT", "Host", "examplebucket.s3.amazonaws.com",
                        "x-amz-date", "20130524T000000Z", "x-amz-storage-class", "REDUCED_REDUNDANCY",
                        "x-amz-content-sha256", payload),
                payload, S3_DOCS, "us-east-1", "s3", MAY_24_2013);
        assertThat(signature.stringToSign()).endsWith("9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d");
        assertThat(signature.signature()).isEqualTo("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
    }

    @Test
    void s3GetBucketLifecycleExample() {
        var signature = AwsSigV4.sign("GET", URI.create("https://examplebucket.s3.amazonaws.com/?lifecycle"),
                headers("Host", "examplebucket.s3.amazonaws.com", "x-amz-date", "20130524T000000Z",
                        "x-amz-content-sha256", AwsSigV4.EMPTY_PAYLOAD_SHA256),
                AwsSigV4.EMPTY_PAYLOAD_SHA256, S3_DOCS, "us-east-1", "s3", MAY_24_2013);
        assertThat(signature.canonicalRequest()).startsWith("GET\n/\nlifecycle=\n");
        assertThat(signature.signature()).isEqualTo("fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
    }

    @Test
    void s3ListObjectsExampleSortsTheQuery() {
        var signature = AwsSigV4.sign("GET", URI.create("https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2"),
                headers("Host", "examplebucket.s3.amazonaws.com", "x-amz-date", "20130524T000000Z",
                        "x-amz-content-sha256", AwsSigV4.EMPTY_PAYLOAD_SHA256),
                AwsSigV4.EMPTY_PAYLOAD_SHA256, S3_DOCS, "us-east-1", "s3", MAY_24_2013);
        assertThat(signature.canonicalRequest()).startsWith("GET\n/\nmax-keys=2&prefix=J\n");
        assertThat(signature.signature()).isEqualTo("34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
    }

    @Test
    void testSuiteGetVanilla() {
        var signature = AwsSigV4.sign("GET", URI.create("https://example.amazonaws.com/"),
                headers("Host", "example.amazonaws.com", "X-Amz-Date", "20150830T123600Z"),
                AwsSigV4.EMPTY_PAYLOAD_SHA256,
                new AwsCredentials("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", null),
                "us-east-1", "service", Instant.parse("2015-08-30T12:36:00Z"));
        assertThat(signature.signature()).isEqualTo("5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
    }

    @Test
    void signingKeyExample() {
        byte[] key = AwsSigV4.signingKey("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20120215", "us-east-1", "iam");
        assertThat(HexFormat.of().formatHex(key))
                .isEqualTo("f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d");
    }

    @Test
    void s3HeadersSignHostWithPortAndSessionToken() {
        URI uri = URI.create("http://127.0.0.1:9000/bucket/a%20b.vortex");
        Map<String, String> out = AwsSigV4.s3Headers("GET", uri, AwsSigV4.EMPTY_PAYLOAD_SHA256,
                new AwsCredentials("id", "secret", "token"), "eu-west-1", MAY_24_2013);
        assertThat(out).containsEntry("x-amz-security-token", "token").containsEntry("x-amz-date", "20130524T000000Z")
                .doesNotContainKey("host");
        assertThat(out.get("Authorization")).contains("/20130524/eu-west-1/s3/aws4_request")
                .contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token");
        assertThat(AwsSigV4.hostHeader(uri)).isEqualTo("127.0.0.1:9000");
        assertThat(AwsSigV4.hostHeader(URI.create("https://b.s3.amazonaws.com:443/k"))).isEqualTo("b.s3.amazonaws.com");
        assertThat(AwsSigV4.uriEncode("dir/ä b+c", true)).isEqualTo("dir/%C3%A4%20b%2Bc");
    }
}
