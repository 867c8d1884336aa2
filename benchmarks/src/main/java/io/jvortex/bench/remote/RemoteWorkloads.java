package io.jvortex.bench.remote;

import io.jvortex.api.ReaderOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.io.IoOptions;
import io.jvortex.bench.BenchFiles;
import io.jvortex.bench.Fold;
import io.jvortex.bench.JvortexReads;
import io.jvortex.bench.ParquetReads;
import io.jvortex.bench.Workloads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;

/**
 * The remote workloads on lineitem, for three readers: jvortex over HTTP range reads (the loopback
 * {@link LatencyRangeServer}), jvortex on the local memory map, and parquet-java over the same endpoint
 * ({@link HttpInputFile}). One instance holds the server and the files.
 */
public final class RemoteWorkloads implements AutoCloseable {
    /** The workloads, in report order. */
    public static final List<String> WORKLOADS = List.of("open", "two-columns", "filter-1pct", "take-100",
            "take-100-parts", "whole-table");
    /** The readers, in report order. */
    public static final List<String> READERS = List.of("jvortexRemote", "jvortexLocal", "parquetRemote");

    private final LatencyRangeServer server;
    private final Path vortexFile;
    private final Path parquetFile;
    private final URI vortexUri;
    private final URI parquetUri;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final long threshold;
    private final long[] takeRows;

    /**
     * Starts the server over the benchmark data.
     *
     * @param latencyMillis the delay the server adds to every request
     * @throws IOException when the server cannot start
     */
    public RemoteWorkloads(long latencyMillis) throws IOException {
        vortexFile = BenchFiles.file("lineitem", "vortex");
        parquetFile = BenchFiles.file("lineitem", "parquet");
        server = new LatencyRangeServer(BenchFiles.dataDir(), latencyMillis);
        vortexUri = server.uri(vortexFile);
        parquetUri = server.uri(parquetFile);
        threshold = Workloads.filterThreshold(vortexFile, "l_orderkey", 0.01);
        try (VortexReader reader = VortexReader.open(vortexFile)) {
            takeRows = Workloads.takeRows(reader.rowCount());
        }
    }

    /** @return the server (its request and byte counters) */
    public LatencyRangeServer server() {
        return server;
    }

    /**
     * Runs one workload with one reader.
     *
     * @param reader one of {@link #READERS}
     * @param workload one of {@link #WORKLOADS}
     * @return the fold of what was read
     */
    public Fold run(String reader, String workload) {
        return switch (reader) {
            case "jvortexRemote" -> jvortex(workload.equals("take-100-parts")
                    ? () -> VortexReader.open(vortexUri,
                            ReaderOptions.defaults().withIo(IoOptions.defaults().withPartialTakes(true)))
                    : () -> VortexReader.open(vortexUri), workload);
            case "jvortexLocal" -> jvortex(() -> VortexReader.open(vortexFile), workload);
            case "parquetRemote" -> parquet(workload, true);
            case "parquetLocal" -> parquet(workload, false);
            default -> throw new IllegalArgumentException("reader " + reader);
        };
    }

    private Fold jvortex(JvortexReads.Opener opener, String workload) {
        return switch (workload) {
            case "open" -> {
                Fold fold = new Fold();
                try (VortexReader reader = opener.open()) {
                    fold.values += Objects.requireNonNull(reader.schema()).hashCode() == 0 ? 0 : 1;
                    fold.longs += reader.rowCount();
                }
                yield fold;
            }
            case "two-columns" -> JvortexReads.scan(opener, Workloads.TWO_COLUMNS);
            case "filter-1pct" -> JvortexReads.filter(opener, Workloads.TWO_COLUMNS, "l_orderkey", threshold);
            // take-100-parts: the same take, reading only the parts of segments it needs (IoOptions.partialTakes)
            case "take-100", "take-100-parts" -> JvortexReads.take(opener, Workloads.TAKE_COLUMNS, takeRows);
            case "whole-table" -> JvortexReads.scan(opener, List.of());
            default -> throw new IllegalArgumentException("workload " + workload);
        };
    }

    private Fold parquet(String workload, boolean remote) {
        try {
            org.apache.parquet.io.InputFile file = remote ? new HttpInputFile(client, parquetUri)
                    : new LocalInputFile(parquetFile);
            return switch (workload) {
                case "open" -> {
                    Fold fold = new Fold();
                    try (ParquetFileReader reader = ParquetFileReader.open(file, ParquetReadOptions.builder().build())) {
                        fold.values += reader.getFileMetaData().getSchema().getFieldCount();
                        fold.longs += reader.getRecordCount();
                    }
                    yield fold;
                }
                case "two-columns" -> ParquetReads.scan(file, Workloads.TWO_COLUMNS);
                case "filter-1pct" -> ParquetReads.filter(file, Workloads.TWO_COLUMNS, "l_orderkey", threshold);
                case "take-100", "take-100-parts" -> ParquetReads.take(file, Workloads.TAKE_COLUMNS, takeRows);
                case "whole-table" -> ParquetReads.scan(file, List.of());
                default -> throw new IllegalArgumentException("workload " + workload);
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.close();
        client.close();
    }
}
