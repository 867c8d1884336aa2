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
        List<RunResult> results = new ArrayList<>();
        for (var cls : methods.entrySet()) {
            for (Map<String, String> combination : combinations(params.get(cls.getKey()))) {
                ChainedOptionsBuilder b = new OptionsBuilder();
                for (String method : cls.getValue()) {
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
                    Collection<RunResult> run = new Runner(b.build()).run();
                    results.addAll(run);
                } catch (RunnerException e) {
                    if (cmd.shouldFailOnError().orElse(false)) {
                        throw new IllegalStateException(cls.getKey() + " " + combination + " failed", e);
                    }
                    // as with -foe false: the workload is reported missing, the suite goes on (not in
                    // JMH's "<failure>" form, which the report would give to the benchmark logged before)
                    System.out.println("interleaved: " + cls.getKey() + " " + combination + " failed: " + e);
                }
            }
        }
        String out = cmd.getResult().orElse("jmh-result.json");
        ResultFormatFactory.getInstance(cmd.getResultFormat().orElse(ResultFormatType.JSON), out).writeOut(results);
        System.out.println("interleaved: " + results.size() + " results -> " + out);
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
