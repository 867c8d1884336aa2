package io.jvortex.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.Optional;

/**
 * Runs the JMH suite one workload at a time: every benchmark method of a class for one combination
 * of its parameters, then the next combination. JMH's own order is method by method (all of
 * jvortex's columns, then all of vortex-jni's), which puts minutes between the two sides of each
 * ratio; on a shared machine whose speed drifts over minutes, that drift lands in the ratios. Here
 * the readers of one workload run back to back, and all results go to one JSON file as JMH writes
 * it.
 *
 * <p>Takes JMH's command line: the include and exclude patterns, {@code -p} to narrow parameters,
 * the run options ({@code -f}, {@code -wf}, {@code -wi}, {@code -w}, {@code -wm}, {@code -i},
 * {@code -r}, {@code -t}, {@code -bm}, {@code -tu}, {@code -opi}, {@code -to}, {@code -v},
 * {@code -foe}, {@code -prof}, the JVM arguments) and {@code -rf}/{@code -rff} for the one result
 * file.
 */
public final class Interleaved {
    private Interleaved() {
    }

    /**
     * @param args JMH's command line options
     * @throws CommandLineOptionException when they do not parse
     */
    public static void main(String[] args) throws CommandLineOptionException {
        CommandLineOptions cmd = new CommandLineOptions(args);
        List<String> includes = cmd.getIncludes().isEmpty() ? List.of(".*") : cmd.getIncludes();
        SortedSet<BenchmarkListEntry> entries = BenchmarkList.defaultList()
                .find(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), includes,
                        cmd.getExcludes());
        // class -> its methods and its parameters' values (the command line's where it names them)
        Map<String, List<String>> methods = new LinkedHashMap<>();
        Map<String, Map<String, List<String>>> params = new LinkedHashMap<>();
        for (BenchmarkListEntry e : entries) {
            String cls = e.getUserClassQName();
            methods.computeIfAbsent(cls, k -> new ArrayList<>()).add(e.getUsername());
            Map<String, List<String>> values = params.computeIfAbsent(cls, k -> new TreeMap<>());
            for (var p : e.getParams().orElse(Map.of()).entrySet()) {
                List<String> given = new ArrayList<>(cmd.getParameter(p.getKey()).orElse(List.of(p.getValue())));
                values.merge(p.getKey(), given, (a, b) -> a);
            }
        }
        boolean probing = cmd.getProfilers().stream().anyMatch(p -> p.getKlass().equals(CoreProbe.class.getName()));
        Contention contention = probing ? new Contention(CoreProbe.baselineMillis()) : null;
        if (contention != null) {
            System.out.printf("interleaved: core probe baseline %.2f ms; a fork of 3+ iterations with at most half of them"
                    + " iterations at most %.2f× that runs again (up to %d times, %d min in all)%n",
                    contention.baseline, Contention.QUIET, Contention.RETRIES, Contention.BUDGET_MINUTES);
        }
        List<RunResult> results = new ArrayList<>();
        for (var cls : methods.entrySet()) {
            for (Map<String, String> combination : combinations(params.get(cls.getKey()))) {
                Collection<RunResult> run = run(cmd, cls.getValue(), combination, cls.getKey());
                for (RunResult r : run) {
                    results.add(contention == null ? r : contention.settle(r, () -> {
                        Collection<RunResult> again = run(cmd, List.of(r.getParams().getBenchmark()), combination,
                                cls.getKey());
                        return again.isEmpty() ? null : again.iterator().next();
                    }));
                }
            }
        }
        String out = cmd.getResult().orElse("jmh-result.json");
        ResultFormatFactory.getInstance(cmd.getResultFormat().orElse(ResultFormatType.JSON), out).writeOut(results);
        System.out.println("interleaved: " + results.size() + " results -> " + out);
    }

    /**
     * Runs {@code methods} for one combination of parameters with the command line's run options.
     *
     * @return their results; none when the run failed and the command line does not fail on errors
     */
    private static Collection<RunResult> run(CommandLineOptions cmd, List<String> methods,
                                             Map<String, String> combination, String cls) {
        ChainedOptionsBuilder b = new OptionsBuilder();
        for (String method : methods) {
            b.include("^" + Pattern.quote(method) + "$");
        }
        combination.forEach(b::param);
        given(cmd.getForkCount(), b::forks);
        given(cmd.getWarmupIterations(), b::warmupIterations);
        given(cmd.getWarmupTime(), b::warmupTime);
        given(cmd.getMeasurementIterations(), b::measurementIterations);
        given(cmd.getMeasurementTime(), b::measurementTime);
        given(cmd.shouldFailOnError(), b::shouldFailOnError);
        given(cmd.getJvmArgsAppend(), a -> b.jvmArgsAppend(a.toArray(String[]::new)));
        given(cmd.getJvmArgs(), a -> b.jvmArgs(a.toArray(String[]::new)));
        given(cmd.getJvmArgsPrepend(), a -> b.jvmArgsPrepend(a.toArray(String[]::new)));
        given(cmd.getWarmupForkCount(), b::warmupForks);
        given(cmd.getWarmupMode(), b::warmupMode);
        given(cmd.getThreads(), b::threads);
        given(cmd.getTimeUnit(), b::timeUnit);
        given(cmd.getTimeout(), b::timeout);
        given(cmd.getOperationsPerInvocation(), b::operationsPerInvocation);
        given(cmd.verbosity(), b::verbosity);
        cmd.getBenchModes().forEach(b::mode);
        cmd.getProfilers().forEach(p -> b.addProfiler(p.getKlass(), p.getOpts()));
        try {
            return new Runner(b.build()).run();
        } catch (RunnerException e) {
            if (cmd.shouldFailOnError().orElse(false)) {
                throw new IllegalStateException(cls + " " + combination + " failed", e);
            }
            // as with -foe false: the workload is reported missing, the suite goes on (not in
            // JMH's "<failure>" form, which the report would give to the benchmark logged before)
            System.out.println("interleaved: " + cls + " " + combination + " " + methods + " failed: " + e);
            return List.of();
        }
    }

    /**
     * Forks measured while another tenant kept the core busy (see {@link CoreProbe}) run again: the
     * same rule for every reader, so both sides of a ratio are measured on a quiet core where the
     * machine gives one.
     */
    static final class Contention {
        /** An iteration is quiet when its probe took at most this many times the baseline. */
        static final double QUIET = 1.25;
        /** Runs of one fork after its first. */
        static final int RETRIES = 2;
        /** Measured iterations a fork needs before its quiet share is judged (a smoke run's one is not). */
        static final int JUDGED = 3;
        /** Wall time all runs again may take together. */
        static final int BUDGET_MINUTES = 25;

        private double baseline;
        private long spentNanos;

        Contention(double baseline) {
            this.baseline = baseline;
        }

        /** The result to keep for one fork: the first, or one run again with more quiet iterations. */
        RunResult settle(RunResult first, java.util.function.Supplier<RunResult> again) {
            RunResult best = first;
            int bestQuiet = quiet(first);
            int iterations = iterations(first);
            for (int retry = 0; iterations >= JUDGED && retry < RETRIES && bestQuiet * 2 <= iterations
                    && spentNanos < BUDGET_MINUTES * 60_000_000_000L; retry++) {
                System.out.printf("interleaved: %s %s: %d of %d iterations on a quiet core; running it again%n",
                        first.getParams().getBenchmark(), first.getParams().getParamsKeys().stream()
                                .map(k -> k + "=" + first.getParams().getParam(k)).toList(),
                        bestQuiet, iterations);
                long start = System.nanoTime();
                RunResult next = again.get();
                spentNanos += System.nanoTime() - start;
                if (next == null) {
                    break;
                }
                int q = quiet(next);
                if (q >= bestQuiet) {
                    best = next;
                    bestQuiet = q;
                }
            }
            return best;
        }

        /** Lowers the baseline to the fastest probe of {@code r}, then counts its quiet iterations. */
        int quiet(RunResult r) {
            List<Double> probes = probes(r);
            for (double p : probes) {
                baseline = Math.min(baseline, p);
            }
            return (int) probes.stream().filter(p -> p <= QUIET * baseline).count();
        }

        private static int iterations(RunResult r) {
            return r.getBenchmarkResults().stream().mapToInt(b -> b.getIterationResults().size()).sum();
        }

        private static List<Double> probes(RunResult r) {
            List<Double> out = new ArrayList<>();
            for (var b : r.getBenchmarkResults()) {
                for (var it : b.getIterationResults()) {
                    var probe = it.getSecondaryResults().get(CoreProbe.LABEL);
                    if (probe != null) {
                        out.add(probe.getScore());
                    }
                }
            }
            return out;
        }
    }

    /** Passes an option on when the command line gives it (else the benchmark's annotation holds). */
    private static <T> void given(Optional<T> option, Consumer<T> to) {
        if (option.hasValue()) {
            to.accept(option.get());
        }
    }

    /** Every combination of the parameters' values, the first parameter varying slowest. */
    static List<Map<String, String>> combinations(Map<String, List<String>> params) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (var p : params.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : out) {
                for (String v : p.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(partial);
                    m.put(p.getKey(), v);
                    next.add(m);
                }
            }
            out = next;
        }
        return out;
    }
}
