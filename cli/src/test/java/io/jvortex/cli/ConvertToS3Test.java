package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.io.ByteSource;
import io.jvortex.io.ByteSources;
import io.jvortex.io.IoOptions;
import io.jvortex.io.RangeReadException;
import io.jvortex.io.S3Config;
import io.jvortex.testing.s3.S3ProxyServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jvx convert IN.parquet s3://bucket/key} against s3proxy (a child process on 127.0.0.1, SigV4),
 * with the S3 settings passed as an explicit environment and an empty home directory: never the real
 * {@code ~/.aws}.
 */
@Timeout(120)
class ConvertToS3Test {
    private static final String BUCKET = "jvx-out";
    private static S3ProxyServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        server = S3ProxyServer.start();
        server.createBucket(BUCKET);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Map<String, String> env(String secret) {
        return Map.of("AWS_ACCESS_KEY_ID", server.accessKey(), "AWS_SECRET_ACCESS_KEY", secret,
                "AWS_REGION", S3ProxyServer.REGION, "AWS_ENDPOINT_URL_S3", server.endpoint().toString());
    }

    private JvxTest.Result jvx(Map<String, String> env, String... args) throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path home = Files.createDirectories(dir.resolve("home"));
        int code = Jvx.execute(new PrintWriter(out), new PrintWriter(err), env, home, args);
        return new JvxTest.Result(code, out.toString(), err.toString());
    }

    private byte[] download(String key) throws IOException {
        S3Config config = S3Config.resolve(env(server.secretKey()), Files.createDirectories(dir.resolve("home")));
        try (ByteSource source = ByteSources.open(URI.create("s3://" + BUCKET + "/" + key), IoOptions.defaults(),
                config)) {
            return source.readNow(0, source.size()).toArray(ValueLayout.JAVA_BYTE);
        }
    }

    @Test
    void convertsToAnS3ObjectWithTheSameBytesAsALocalFile() throws IOException {
        String out = "s3://" + BUCKET + "/tables/small.vortex";
        JvxTest.Result r = jvx(env(server.secretKey()), "convert", ConvertCommandTest.input(), out);
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith(out + ": 100 rows, ");

        Path local = dir.resolve("local.vortex");
        assertThat(JvxTest.jvx("convert", ConvertCommandTest.input(), local.toString()).code()).isZero();
        byte[] uploaded = download("tables/small.vortex");
        assertThat(uploaded).isEqualTo(Files.readAllBytes(local));
        assertThat(r.out()).contains(", " + uploaded.length + " bytes");

        Path copy = dir.resolve("downloaded.vortex");
        Files.write(copy, uploaded);
        JvxTest.Result cat = JvxTest.jvx("cat", copy.toString());
        assertThat(cat.code()).isZero();
        assertThat(cat.out().lines().toList()).isEqualTo(ConvertCommandTest.expectedRows());
    }

    @Test
    void aFailedConversionLeavesNoObject() throws IOException {
        Path notParquet = dir.resolve("not.parquet");
        Files.writeString(notParquet, "this is not a parquet file, it is long enough to have a footer PAR1");
        JvxTest.Result r = jvx(env(server.secretKey()), "convert", notParquet.toString(), "s3://" + BUCKET + "/bad.vortex");
        assertThat(r.code()).as(r.err()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(r.err()).startsWith("jvx: ").contains("not.parquet");
        assertThatThrownBy(() -> download("bad.vortex")).isInstanceOf(RangeReadException.class)
                .hasMessageContaining("404");
    }

    @Test
    void wrongCredentialsFailClearly() throws IOException {
        String out = "s3://" + BUCKET + "/denied.vortex";
        JvxTest.Result r = jvx(env("not-the-secret"), "convert", ConvertCommandTest.input(), out);
        assertThat(r.code()).as(r.err()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(r.err()).startsWith("jvx: " + out).contains("403").contains("SignatureDoesNotMatch");
        assertThat(r.out()).isEmpty();
        assertThatThrownBy(() -> download("denied.vortex")).isInstanceOf(RangeReadException.class)
                .hasMessageContaining("404");
    }

    @Test
    void otherSchemesAndMalformedS3UrisAreUsageErrors() throws IOException {
        JvxTest.Result http = jvx(env(server.secretKey()), "convert", ConvertCommandTest.input(), "http://host/x.vortex");
        assertThat(http.code()).isEqualTo(Jvx.EXIT_USAGE);
        assertThat(http.err()).contains("cannot write to http");
        JvxTest.Result noKey = jvx(env(server.secretKey()), "convert", ConvertCommandTest.input(), "s3://" + BUCKET);
        assertThat(noKey.code()).isEqualTo(Jvx.EXIT_USAGE);
        assertThat(noKey.err()).contains("s3://bucket/key");
    }

    @Test
    void csvConvertsToS3AndAValueThatDoesNotFitAbortsTheUpload() throws IOException {
        StringBuilder csv = new StringBuilder("id,name\n");
        for (int i = 0; i < 500; i++) {
            csv.append(i).append(",\"n, ").append(i).append("\"\n");
        }
        Path in = Files.writeString(dir.resolve("in.csv"), csv);
        String out = "s3://" + BUCKET + "/tables/from-csv.vortex";
        JvxTest.Result r = jvx(env(server.secretKey()), "convert", in.toString(), out);
        assertThat(r.code()).as(r.err()).isZero();
        Path local = dir.resolve("local.vortex");
        assertThat(JvxTest.jvx("convert", in.toString(), local.toString()).code()).isZero();
        assertThat(download("tables/from-csv.vortex")).isEqualTo(Files.readAllBytes(local));

        // the bad value comes after the sample, once the writer (and its upload) started
        Path bad = Files.writeString(dir.resolve("bad.csv"), csv + "x,late\n");
        JvxTest.Result failed = jvx(env(server.secretKey()), "convert", bad.toString(),
                "s3://" + BUCKET + "/bad-csv.vortex", "--sample-rows", "10");
        assertThat(failed.code()).as(failed.err()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(failed.err()).contains("line 502, column 'id': value \"x\" does not fit i64");
        assertThatThrownBy(() -> download("bad-csv.vortex")).isInstanceOf(RangeReadException.class)
                .hasMessageContaining("404");
    }
}
