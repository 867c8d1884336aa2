package io.jvortex.testing.s3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * An S3-compatible server for tests: <a href="https://github.com/gaul/s3proxy">s3proxy</a> started as a
 * child {@code java -jar} process on 127.0.0.1 and a free port, with the filesystem backend in a temporary
 * directory, SigV2/SigV4 authorization ({@code s3proxy.authorization=aws-v2-or-v4}) and a fresh access
 * key and secret. Stopped (and its directory deleted) by {@link #close()}.
 *
 * <p>A child process keeps s3proxy's 55 MB of dependencies (Jetty, jclouds, Guava, Jackson, logback) off
 * the test classpath. The jar comes from the system property {@value #JAR_PROPERTY}, else from the local
 * Maven repository. A module whose tests use this class declares, in its pom:
 *
 * <pre>{@code
 * <dependency>  <!-- version and exclusions managed in the root pom -->
 *   <groupId>org.gaul</groupId><artifactId>s3proxy</artifactId>
 *   <classifier>jar-with-dependencies</classifier><scope>test</scope>
 * </dependency>
 * <!-- maven-surefire-plugin configuration: -->
 * <classpathDependencyExcludes><classpathDependencyExclude>org.gaul:s3proxy</classpathDependencyExclude></classpathDependencyExcludes>
 * <systemPropertyVariables><jvortex.s3proxy.jar>${settings.localRepository}/org/gaul/s3proxy/${s3proxy.version}/s3proxy-${s3proxy.version}-jar-with-dependencies.jar</jvortex.s3proxy.jar></systemPropertyVariables>
 * }</pre>
 *
 * This file lives in {@code test-support/src/s3proxy/java} and depends on the JDK only: test-support
 * compiles it, and {@code core}'s tests (which cannot depend on test-support, a dependant of core)
 * compile it from source.
 */
public final class S3ProxyServer implements AutoCloseable {
    /** The system property naming the s3proxy jar. */
    public static final String JAR_PROPERTY = "jvortex.s3proxy.jar";
    /** The s3proxy version the build pins. */
    public static final String VERSION = "4.1.0";
    /** The region to sign for (s3proxy accepts any; the AWS default). */
    public static final String REGION = "us-east-1";

    private static final long START_TIMEOUT_MILLIS = 60_000;

    private final Process process;
    private final Path directory;
    private final Path log;
    private final URI endpoint;
    private final String accessKey;
    private final String secretKey;

    private S3ProxyServer(Process process, Path directory, Path log, URI endpoint, String accessKey, String secretKey) {
        this.process = process;
        this.directory = directory;
        this.log = log;
        this.endpoint = endpoint;
        this.accessKey = accessKey;
        this.secretKey = secretKey;
    }

    /**
     * Starts a server and waits until it accepts connections.
     *
     * @return the running server
     * @throws IllegalStateException when the jar is missing or the server does not start (with its log)
     */
    public static S3ProxyServer start() {
        Path jar = jar();
        try {
            Path directory = Files.createTempDirectory("jvortex-s3proxy-");
            Path data = Files.createDirectories(directory.resolve("data"));
            int port = freePort();
            String accessKey = "AKIA" + UUID.randomUUID().toString().replace("-", "").substring(0, 16).toUpperCase();
            String secretKey = UUID.randomUUID() + "/" + UUID.randomUUID();
            URI endpoint = URI.create("http://127.0.0.1:" + port);
            Path properties = directory.resolve("s3proxy.conf");
            Files.writeString(properties, String.join("\n",
                    "s3proxy.endpoint=" + endpoint,
                    "s3proxy.authorization=aws-v2-or-v4",
                    "s3proxy.identity=" + accessKey,
                    "s3proxy.credential=" + secretKey,
                    "jclouds.provider=filesystem",
                    "jclouds.filesystem.basedir=" + data,
                    ""), StandardCharsets.UTF_8);
            Path log = directory.resolve("s3proxy.log");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process process = new ProcessBuilder(List.of(java, "-Xmx256m", "-XX:+UseSerialGC",
                    "-XX:TieredStopAtLevel=1", "-jar", jar.toString(), "--properties", properties.toString()))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            S3ProxyServer server = new S3ProxyServer(process, directory, log, endpoint, accessKey, secretKey);
            Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
            server.awaitListening(port);
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start s3proxy: " + e.getMessage(), e);
        }
    }

    private void awaitListening(int port) {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("s3proxy exited with " + process.exitValue() + ":\n" + logTail());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException notYet) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    close();
                    throw new IllegalStateException("interrupted while starting s3proxy", e);
                }
            }
        }
        close();
        throw new IllegalStateException("s3proxy did not listen on 127.0.0.1:" + port + " within "
                + START_TIMEOUT_MILLIS + " ms:\n" + logTail());
    }

    /**
     * The s3proxy jar: {@value #JAR_PROPERTY}, else the local Maven repository's copy.
     *
     * @return the jar
     * @throws IllegalStateException when it does not exist
     */
    public static Path jar() {
        String property = System.getProperty(JAR_PROPERTY);
        Path jar;
        if (property != null && !property.isBlank() && !property.startsWith("${")) {
            jar = Path.of(property);
        } else {
            String repo = System.getProperty("maven.repo.local");
            Path root = repo != null && !repo.isBlank() ? Path.of(repo)
                    : Path.of(System.getProperty("user.home"), ".m2", "repository");
            jar = root.resolve(Path.of("org", "gaul", "s3proxy", VERSION,
                    "s3proxy-" + VERSION + "-jar-with-dependencies.jar"));
        }
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("s3proxy jar not found at " + jar + ": declare org.gaul:s3proxy:" + VERSION
                    + ":jar-with-dependencies as a test dependency (see S3ProxyServer's Javadoc) or set -D"
                    + JAR_PROPERTY);
        }
        return jar;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /**
     * Creates a bucket (a directory of the filesystem backend).
     *
     * @param bucket the bucket name
     */
    public void createBucket(String bucket) {
        try {
            Files.createDirectories(directory.resolve("data").resolve(bucket));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create bucket " + bucket + ": " + e.getMessage(), e);
        }
    }

    /**
     * @return the endpoint, {@code http://127.0.0.1:port}
     */
    public URI endpoint() {
        return endpoint;
    }

    /**
     * @return the access key id the server accepts
     */
    public String accessKey() {
        return accessKey;
    }

    /**
     * @return the secret access key the server accepts
     */
    public String secretKey() {
        return secretKey;
    }

    /**
     * The last lines of the server's output, for failure messages.
     *
     * @return up to 40 lines
     */
    public String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Stops the server and deletes its directory. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temporary directory is harmless
        }
    }
}
