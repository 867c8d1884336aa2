package io.jvortex.bench;

import io.jvortex.api.VortexReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs every benchmark's work once per reader before JMH does, and writes what happened as JSON:
 * each reader's fold or its error (first lines of the stack trace), and whether the folds agree.
 * The report uses it to say plainly why a peer has no number, and that the readers did the same work.
 *
 * <p>{@code java -cp benchmarks.jar io.jvortex.bench.Verify OUT.json}
 */
public final class Verify {
    private Verify() {
    }

    /** One reader's result: its fold or its error, and for a write the written file's size (else -1). */
    private record Outcome(String reader, Fold fold, String error, long bytes) {
        Outcome(String reader, Fold fold, String error) {
            this(reader, fold, error, -1);
        }

        Outcome withBytes(long size) {
            return fold == null ? this : new Outcome(reader, fold, error, size);
        }
    }

    /**
     * @param args the output JSON path
     * @throws IOException when it cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : "bench/results/verify.json");
        VortexJniReads jni = null;
        String jniError = null;
        try {
            jni = new VortexJniReads();
        } catch (Throwable t) {
            jniError = describe(t);
        }
        DuckDbReads duck = null;
        String duckError = null;
        try {
            duck = new DuckDbReads();
        } catch (Throwable t) {
            duckError = describe(t);
        }
        DuckDbReads duckPeer = duck;
        long[] takeRows;
        try (VortexReader reader = VortexReader.open(BenchFiles.file("lineitem", "vortex"))) {
            takeRows = Workloads.takeRows(reader.rowCount());
        }
        Map<String, List<Outcome>> results = new LinkedHashMap<>();
        for (String column : Workloads.SCAN_COLUMNS) {
            Path vortex = BenchFiles.file(Workloads.dataset(column), "vortex");
            Path parquet = BenchFiles.file(Workloads.dataset(column), "parquet");
            List<String> columns = List.of(Workloads.column(column));
            VortexJniReads peer = jni;
            results.put("ScanBenchmark:column=" + column, List.of(
                    run("jvortex", () -> JvortexReads.scan(vortex, columns)),
                    runJni(jniError, () -> peer.scan(vortex, columns)),
                    run("parquetJava", () -> ParquetReads.scan(parquet, columns)),
                    run("hardwood", () -> HardwoodReads.scan(parquet, columns)),
                    runPeer("duckdb", duckError, () -> duckPeer.scan(vortex, columns))));
        }
        for (String column : Workloads.COMPACT_COLUMNS) {
            Path vortex = BenchFiles.file("lineitem-compact", "vortex");
            List<String> columns = List.of(column);
            VortexJniReads peer = jni;
            results.put("CompactScanBenchmark:column=" + column, List.of(
                    run("jvortex", () -> JvortexReads.scan(vortex, columns)),
                    runJni(jniError, () -> peer.scan(vortex, columns))));
        }
        Path lineitem = BenchFiles.file("lineitem", "vortex");
        Path lineitemParquet = BenchFiles.file("lineitem", "parquet");
        VortexJniReads peer = jni;
        for (String projection : List.of("two-columns", "whole-table")) {
            List<String> columns = projection.equals("whole-table") ? List.of() : Workloads.TWO_COLUMNS;
            results.put("ProjectionBenchmark:projection=" + projection, List.of(
                    run("jvortex", () -> JvortexReads.scan(lineitem, columns)),
                    run("jvortexParallel", () -> {
                        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
                        try {
                            return JvortexReads.scanParallel(lineitem, columns, pool, 2);
                        } finally {
                            pool.shutdownNow();
                        }
                    }),
                    runJni(jniError, () -> peer.scan(lineitem, columns)),
                    run("parquetJava", () -> ParquetReads.scan(lineitemParquet, columns)),
                    run("hardwood", () -> HardwoodReads.scan(lineitemParquet, columns))));
        }
        results.put("TakeBenchmark", List.of(
                run("jvortex", () -> JvortexReads.take(lineitem, Workloads.TAKE_COLUMNS, takeRows)),
                runJni(jniError, () -> peer.take(lineitem, Workloads.TAKE_COLUMNS, takeRows)),
                run("parquetJava", () -> ParquetReads.take(lineitemParquet, Workloads.TAKE_COLUMNS, takeRows))));
        for (String column : Workloads.FILTER_COLUMNS) {
            for (double selectivity : Workloads.SELECTIVITIES) {
                long threshold = Workloads.filterThreshold(lineitem, column, selectivity);
                results.put("FilterBenchmark:column=" + column + ":selectivity=" + selectivity, List.of(
                        run("jvortex", () -> JvortexReads.filter(lineitem, Workloads.TWO_COLUMNS, column, threshold)),
                        runJni(jniError, () -> peer.filter(lineitem, Workloads.TWO_COLUMNS, column, threshold)),
                        run("parquetJava", () -> ParquetReads.filter(lineitemParquet, Workloads.TWO_COLUMNS, column,
                                threshold))));
            }
        }
        // The write: each writer's file read back by its own reader, against the Parquet input's fold.
        Path writeInput = BenchFiles.file("lineitem-write", "parquet");
        Path writeDir = Files.createTempDirectory("jvortex-verify-write");
        try {
            long[] sizes = {-1, -1};
            Outcome jvortexWrite = run("jvortex",
                    () -> WriteBenchmark.writeAndRead(null, writeInput, writeDir, true, n -> sizes[0] = n));
            Outcome jniWrite = runJni(jniError,
                    () -> WriteBenchmark.writeAndRead(peer, writeInput, writeDir, false, n -> sizes[1] = n));
            results.put("WriteBenchmark", List.of(jvortexWrite.withBytes(sizes[0]), jniWrite.withBytes(sizes[1]),
                    run("parquetJava", () -> ParquetReads.scan(writeInput, List.of()))));
        } finally {
            Files.deleteIfExists(writeDir);
        }
        Path wide = BenchFiles.file("wide10000", "vortex");
        Path wideParquet = BenchFiles.file("wide10000", "parquet");
        results.put("WideOpenBenchmark", List.of(
                run("jvortex", () -> JvortexReads.openAndProject(wide, Workloads.WIDE_COLUMNS)),
                runJni(jniError, () -> peer.openAndProject(wide, Workloads.WIDE_COLUMNS)),
                run("parquetJava", () -> ParquetReads.openAndProject(wideParquet, Workloads.WIDE_COLUMNS))));

        StringBuilder json = new StringBuilder("{\n");
        int disagreements = 0;
        int k = 0;
        for (var entry : results.entrySet()) {
            Fold reference = null;
            boolean agree = true;
            for (Outcome o : entry.getValue()) {
                if (o.fold != null) {
                    if (reference == null) {
                        reference = o.fold;
                    } else if (!reference.agrees(o.fold)) {
                        agree = false;
                    }
                }
            }
            if (!agree) {
                disagreements++;
            }
            System.out.println(entry.getKey() + (agree ? "" : "  ** FOLDS DISAGREE **"));
            json.append("  ").append(quote(entry.getKey())).append(": {\"agree\": ").append(agree)
                    .append(", \"readers\": {");
            int j = 0;
            for (Outcome o : entry.getValue()) {
                System.out.println("  " + o.reader + ": " + (o.fold != null ? o.fold : "ERROR " + firstLine(o.error))
                        + (o.bytes >= 0 ? " (file of " + o.bytes + " bytes)" : ""));
                json.append(j++ > 0 ? ", " : "").append(quote(o.reader)).append(": ");
                json.append(o.fold != null ? "{\"fold\": " + quote(o.fold.toString())
                        + (o.bytes >= 0 ? ", \"bytes\": " + o.bytes : "") + "}"
                        : "{\"error\": " + quote(o.error) + "}");
            }
            json.append("}}").append(++k < results.size() ? ",\n" : "\n");
        }
        json.append("}\n");
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, json);
        if (duck != null) {
            duck.close();
        }
        System.out.println("verify: " + results.size() + " workloads, " + disagreements + " with disagreeing folds -> "
                + out);
    }

    private static Outcome run(String reader, Supplier<Fold> work) {
        try {
            return new Outcome(reader, work.get(), null);
        } catch (Throwable t) {
            return new Outcome(reader, null, describe(t));
        }
    }

    private static Outcome runJni(String setupError, Supplier<Fold> work) {
        return runPeer("vortexJni", setupError, work);
    }

    private static Outcome runPeer(String reader, String setupError, Supplier<Fold> work) {
        return setupError != null ? new Outcome(reader, null, setupError) : run(reader, work);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** The throwable and its causes, with a few frames each. */
    private static String describe(Throwable t) {
        StringWriter text = new StringWriter();
        t.printStackTrace(new PrintWriter(text));
        List<String> kept = new ArrayList<>();
        int frames = 0;
        for (String line : text.toString().split("\n")) {
            if (line.startsWith("\tat ")) {
                if (frames++ < 4) {
                    kept.add(line.strip());
                }
            } else if (!line.startsWith("\t...")) {
                frames = 0;
                kept.add(line.strip());
            }
        }
        return String.join("\n", kept);
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
