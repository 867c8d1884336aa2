package io.jvortex.conformance;

import io.jvortex.api.ReaderOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.io.AwsCredentials;
import io.jvortex.io.ByteSink;
import io.jvortex.io.ByteSources;
import io.jvortex.io.IoOptions;
import io.jvortex.io.S3Config;
import io.jvortex.io.S3Location;
import io.jvortex.testing.s3.S3ProxyServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One s3proxy for the conformance suite (started on first use, on 127.0.0.1, with real SigV4 checks; stopped
 * when the JVM exits): a file is uploaded through jvortex's own S3 sink and read back through its S3 source.
 */
final class ConformanceS3 {
    private static final String BUCKET = "conformance";
    private static S3ProxyServer server;
    private static S3Config config;

    private ConformanceS3() {}

    private static synchronized S3Config config() {
        if (server == null) {
            server = S3ProxyServer.start();
            server.createBucket(BUCKET);
            config = new S3Config(new AwsCredentials(server.accessKey(), server.secretKey(), null),
                    S3ProxyServer.REGION, server.endpoint(), true);
            S3ProxyServer started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close));
        }
        return config;
    }

    /**
     * Uploads a local file (a multipart upload for large files) under a key derived from its path.
     *
     * @param file the file
     * @return its {@code s3://} URI
     */
    static URI put(Path file) {
        S3Config s3 = config();
        URI uri = new S3Location(BUCKET, "files" + file.toAbsolutePath().normalize().toString().replace('\\', '/'))
                .uri();
        try (ByteSink sink = ByteSources.create(uri, IoOptions.defaults(), s3);
             InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 20];
            for (int n; (n = in.read(buffer)) > 0; ) {
                sink.write(buffer, 0, n);
            }
            sink.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot upload " + file + " to " + uri, e);
        }
        return uri;
    }

    /**
     * @param uri an object {@link #put} uploaded
     * @return a reader over range requests to it
     */
    static VortexReader open(URI uri) {
        IoOptions io = IoOptions.defaults();
        return VortexReader.open(ByteSources.open(uri, io, config()), ReaderOptions.defaults().withIo(io));
    }
}
