package io.jvortex.bench.remote;

import io.jvortex.bench.Fold;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What each remote workload fetches: runs every workload once per remote reader (after one warm-up
 * run) against the {@link LatencyRangeServer} and writes, as JSON, the requests, the body bytes and the
 * wall time of that run, plus the file sizes. {@code bench/report.py} puts them next to the JMH times.
 */
public final class RemoteIoReport {
    private RemoteIoReport() {
    }

    /**
     * @param args the output JSON file
     * @throws IOException when it cannot be written
     */
    public static void main(String[] args) throws IOException {
        long latency = Long.getLong("jvortex.bench.latencyMillis", 20);
        List<String> rows = new ArrayList<>();
        try (RemoteWorkloads workloads = new RemoteWorkloads(latency)) {
            for (String workload : RemoteWorkloads.WORKLOADS) {
                for (String reader : List.of("jvortexRemote", "parquetRemote")) {
                    workloads.run(reader, workload); // warm-up: class loading, JIT, connections
                    workloads.server().reset();
                    long start = System.nanoTime();
                    Fold fold = workloads.run(reader, workload);
                    long nanos = System.nanoTime() - start;
                    rows.add(String.format(java.util.Locale.ROOT,
                            "{\"workload\":\"%s\",\"reader\":\"%s\",\"requests\":%d,\"bytes\":%d,\"millis\":%.1f,"
                                    + "\"values\":%d}",
                            workload, reader, workloads.server().requests(), workloads.server().bytes(), nanos / 1e6,
                            fold.values));
                    System.out.println(rows.getLast());
                }
            }
        }
        Path vortexFile = io.jvortex.bench.BenchFiles.file("lineitem", "vortex");
        long vortexBytes = Files.size(vortexFile);
        long projectedBytes = 0;
        try (io.jvortex.api.VortexReader reader = io.jvortex.api.VortexReader.open(vortexFile)) {
            for (io.jvortex.api.LayoutInfo column : reader.layout().children()) {
                if (io.jvortex.bench.Workloads.TWO_COLUMNS.stream().anyMatch(c -> column.path().equals("root." + c))) {
                    projectedBytes += segmentBytes(column);
                }
            }
        }
        long parquetBytes = Files.size(io.jvortex.bench.BenchFiles.file("lineitem", "parquet"));
        String json = "{\"latencyMillis\":" + latency + ",\"vortexBytes\":" + vortexBytes + ",\"parquetBytes\":"
                + parquetBytes + ",\"twoColumnSegmentBytes\":" + projectedBytes + ",\"runs\":[\n" + String.join(",\n", rows) + "\n]}\n";
        Files.writeString(Path.of(args[0]), json);
    }

    /** @return the bytes of every segment in a layout subtree (what scanning all its rows reads) */
    private static long segmentBytes(io.jvortex.api.LayoutInfo layout) {
        long total = 0;
        for (io.jvortex.api.SegmentInfo segment : layout.segments()) {
            total += segment.length();
        }
        for (io.jvortex.api.LayoutInfo child : layout.children()) {
            total += segmentBytes(child);
        }
        return total;
    }
}
