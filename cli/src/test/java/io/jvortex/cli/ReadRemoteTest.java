package io.jvortex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.jvortex.io.ByteSink;
import io.jvortex.io.ByteSources;
import io.jvortex.io.IoOptions;
import io.jvortex.io.S3Config;
import io.jvortex.testing.s3.S3ProxyServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every reading command on {@code s3://} (s3proxy, SigV4, settings from an explicit environment) and on
 * {@code http://} (a loopback range server) prints exactly what it prints for the local file, and
 * {@code --io-stats} reports the requests on stderr.
 */
@Timeout(180)
class ReadRemoteTest {
    private static final String BUCKET = "jvx-in";
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-(\\d+)");
    private static S3ProxyServer s3;
    private static HttpServer http;
    private static Path local;
    private static Path home;

    @BeforeAll
    static void start(@TempDir Path dir) throws IOException {
        local = dir.resolve("small.vortex");
        assertThat(JvxTest.jvx("convert", ConvertCommandTest.input(), local.toString()).code()).isZero();
        home = Files.createDirectories(dir.resolve("home"));
        s3 = S3ProxyServer.start();
        s3.createBucket(BUCKET);
        try (ByteSink sink = ByteSources.create(URI.create("s3://" + BUCKET + "/t/small.vortex"), IoOptions.defaults(),
                S3Config.resolve(env(s3.secretKey()), home))) {
            sink.write(Files.readAllBytes(local));
            sink.commit();
        }
        byte[] content = Files.readAllBytes(local);
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/small.vortex", exchange -> {
            try (exchange) {
                exchange.getResponseHeaders().set("ETag", "\"v1\"");
                String range = exchange.getRequestHeaders().getFirst("Range");
                int start = 0;
                int end = content.length - 1;
                if (range != null && range.startsWith("bytes=-")) {
                    start = Math.max(0, content.length - Integer.parseInt(range.substring(7)));
                } else if (range != null) {
                    Matcher m = RANGE.matcher(range);
                    if (!m.matches()) {
                        exchange.sendResponseHeaders(400, -1);
                        return;
                    }
                    start = Integer.parseInt(m.group(1));
                    end = Math.min(end, Integer.parseInt(m.group(2)));
                }
                exchange.getResponseHeaders().set("Content-Range", "bytes " + start + "-" + end + "/" + content.length);
                exchange.sendResponseHeaders(range == null ? 200 : 206, end - start + 1);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(content, start, end - start + 1);
                }
            }
        });
        http.start();
    }

    @AfterAll
    static void stop() {
        if (s3 != null) {
            s3.close();
        }
        if (http != null) {
            http.stop(0);
        }
    }

    private static Map<String, String> env(String secret) {
        return Map.of("AWS_ACCESS_KEY_ID", s3.accessKey(), "AWS_SECRET_ACCESS_KEY", secret,
                "AWS_REGION", S3ProxyServer.REGION, "AWS_ENDPOINT_URL_S3", s3.endpoint().toString());
    }

    private static JvxTest.Result jvx(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Jvx.execute(new PrintWriter(out), new PrintWriter(err), env(s3.secretKey()), home, args);
        return new JvxTest.Result(code, out.toString(), err.toString());
    }

    private static List<String> with(String file, String... args) {
        List<String> out = new ArrayList<>(List.of(args));
        out.add(1, file);
        return out;
    }

    @Test
    void everyReadingCommandPrintsTheSameAsForTheLocalFile() {
        String s3Uri = "s3://" + BUCKET + "/t/small.vortex";
        String httpUri = "http://127.0.0.1:" + http.getAddress().getPort() + "/small.vortex";
        List<String[]> commands = List.of(new String[] {"cat"}, new String[] {"cat", "--format", "csv"},
                new String[] {"cat", "--rows", "10:60", "--limit", "7"}, new String[] {"count"},
                new String[] {"schema"}, new String[] {"tree"}, new String[] {"take", "99,0,42,42"});
        for (String[] command : commands) {
            JvxTest.Result expected = jvx(with(local.toString(), command).toArray(String[]::new));
            assertThat(expected.code()).as(String.join(" ", command) + ": " + expected.err()).isZero();
            assertThat(expected.out()).isNotBlank();
            for (String uri : List.of(s3Uri, httpUri)) {
                JvxTest.Result got = jvx(with(uri, command).toArray(String[]::new));
                assertThat(got.err()).as(String.join(" ", command) + " " + uri).isEmpty();
                assertThat(got.code()).isZero();
                assertThat(got.out()).as(String.join(" ", command) + " " + uri).isEqualTo(expected.out());
            }
        }
    }

    @Test
    void ioStatsGoToStderr() {
        JvxTest.Result remote = jvx("cat", "s3://" + BUCKET + "/t/small.vortex", "--io-stats", "--columns", "id");
        assertThat(remote.code()).as(remote.err()).isZero();
        assertThat(remote.err()).startsWith("io: ").containsPattern("in [1-9]\\d* requests").contains(" fetched");
        JvxTest.Result expected = jvx("cat", local.toString(), "--columns", "id");
        assertThat(remote.out()).isEqualTo(expected.out());
        JvxTest.Result mapped = jvx("count", local.toString(), "--io-stats");
        assertThat(mapped.err()).contains("memory-mapped");
    }

    @Test
    void aMissingObjectIsABadFileNamingTheUri() {
        String missing = "s3://" + BUCKET + "/t/missing.vortex";
        JvxTest.Result r = jvx("count", missing);
        assertThat(r.code()).isEqualTo(Jvx.EXIT_BAD_FILE);
        assertThat(r.err()).startsWith("jvx: ").contains("missing.vortex").contains("404");
    }
}
