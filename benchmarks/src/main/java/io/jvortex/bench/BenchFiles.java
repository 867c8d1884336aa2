package io.jvortex.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the prepared data sets are: the directory in {@code JVORTEX_BENCH_DATA} (environment, so
 * JMH's forked JVMs see it too; default {@code bench/data}) and the TPC-H scale factor in
 * {@code JVORTEX_BENCH_SCALE} (default 1). {@code bench/prepare_data.py} writes them.
 */
public final class BenchFiles {
    private BenchFiles() {
    }

    /** @return the data directory */
    public static Path dataDir() {
        String dir = System.getenv("JVORTEX_BENCH_DATA");
        return Path.of(dir == null || dir.isBlank() ? "bench/data" : dir).toAbsolutePath();
    }

    /** @return the TPC-H scale factor of lineitem, as written in its file name */
    public static String scale() {
        String scale = System.getenv("JVORTEX_BENCH_SCALE");
        return scale == null || scale.isBlank() ? "1" : scale;
    }

    /**
     * @param dataset {@code lineitem}, {@code lineitem-compact}, {@code flights} or {@code wide10000}
     * @param extension {@code vortex} or {@code parquet}
     * @return the file, which must exist
     */
    public static Path file(String dataset, String extension) {
        String base = dataset.startsWith("lineitem") ? dataset + "-sf" + scale() : dataset;
        Path path = dataDir().resolve(base + "." + extension);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(path + " is missing: run bench/run.sh (or bench/prepare_data.py) first");
        }
        return path;
    }
}
