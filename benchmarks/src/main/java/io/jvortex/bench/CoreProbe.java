package io.jvortex.bench;

import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler ({@code -prof io.jvortex.bench.CoreProbe}) that times a fixed amount of
 * throughput-bound integer work just before and just after every iteration and reports the slower of
 * the two, in milliseconds, as the secondary result {@value #LABEL}.
 *
 * <p>Why: on this shared machine another tenant is at times scheduled on the sibling hyperthread of
 * the core a benchmark runs on, for seconds at a time. Code bound by execution throughput (bit
 * unpacking, FSST and Zstandard decoding, this probe) then runs up to twice as slow, while
 * latency-bound code and memory streaming do not slow down; such a phase can cover one side of a ratio
 * and not the other. The probe makes those iterations visible, so the report can leave them out of
 * every reader's mean by the same rule (see {@code bench/report.py}).
 *
 * <p>The work is six interleaved chains of adds, XORs and shifts, each step needing only one or two
 * results of the step before: enough independent instructions to keep the core's integer ports busy,
 * so a busy sibling shows as a longer time.
 */
public final class CoreProbe implements InternalProfiler {
    /** The secondary result's label. */
    public static final String LABEL = "core-probe";

    /** Loop trips per probe: about 6 ms on an uncontended core of the benchmark machine. */
    static final int TRIPS = 4_000_000;

    @SuppressWarnings("unused") // keeps the probe's result alive
    private static volatile long sink;

    private double before;

    /** JMH's constructor for profilers. */
    public CoreProbe() {
    }

    @Override
    public String getDescription() {
        return "times fixed integer work before and after each iteration (core contention)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        before = probeMillis();
    }

    @Override
    public Collection<? extends Result<?>> afterIteration(BenchmarkParams benchmarkParams,
                                                        IterationParams iterationParams, IterationResult result) {
        double after = probeMillis();
        return List.of(new ScalarResult(LABEL, Math.max(before, after), "ms", AggregationPolicy.MAX));
    }

    /**
     * @return the fastest of 40 probes, after 20 that let the JIT compile the work: the uncontended
     *     time when the core was quiet for a moment meanwhile
     */
    public static double baselineMillis() {
        for (int i = 0; i < 20; i++) {
            probeMillis();
        }
        double best = Double.MAX_VALUE;
        for (int i = 0; i < 40; i++) {
            best = Math.min(best, probeMillis());
        }
        return best;
    }

    /** @return the wall time of one probe, in milliseconds */
    static double probeMillis() {
        long start = System.nanoTime();
        sink = work(TRIPS);
        return (System.nanoTime() - start) / 1e6;
    }

    /** The probe's work: six interleaved chains, {@code trips} times. */
    static long work(int trips) {
        long h0 = trips;
        long h1 = 1;
        long h2 = 2;
        long h3 = 3;
        long h4 = 4;
        long h5 = 5;
        for (int q = 0; q < trips; q++) {
            h0 += q ^ (h1 >>> 3);
            h1 += h2 ^ q;
            h2 ^= h3 + q;
            h3 += (h4 << 1) ^ q;
            h4 ^= h5 + q;
            h5 += h0 >>> 7;
        }
        return h0 + h1 + h2 + h3 + h4 + h5;
    }
}
