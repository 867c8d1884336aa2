package io.jvortex.bench.remote;

import io.jvortex.bench.Fold;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Lineitem read where it lives: over HTTP range requests from a loopback server that answers every
 * request after {@code -Djvortex.bench.latencyMillis} (default 20 ms, an object store's round trip).
 * jvortex over the endpoint, jvortex on the local memory map, and parquet-java over the same endpoint;
 * the requests and bytes each workload fetches are measured by {@link RemoteIoReport}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class RemoteBenchmark {
    /** One of {@link RemoteWorkloads#WORKLOADS}. */
    @Param({"open", "two-columns", "filter-1pct", "take-100", "take-100-parts", "whole-table"})
    public String workload;

    private RemoteWorkloads workloads;

    /**
     * Starts the server.
     *
     * @throws IOException when it cannot start
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        workloads = new RemoteWorkloads(Long.getLong("jvortex.bench.latencyMillis", 20));
    }

    /** Stops the server. */
    @TearDown(Level.Trial)
    public void tearDown() {
        workloads.close();
    }

    /** @return jvortex over HTTP range reads */
    @Benchmark
    public Fold jvortexRemote() {
        return workloads.run("jvortexRemote", workload);
    }

    /** @return jvortex on the local memory map */
    @Benchmark
    public Fold jvortexLocal() {
        return workloads.run("jvortexLocal", workload);
    }

    /** @return parquet-java over HTTP range reads */
    @Benchmark
    public Fold parquetRemote() {
        return workloads.run("parquetRemote", workload);
    }
}
