package io.jvortex.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * DuckDB's connection with the vortex extension loaded, in a state of its own so that a missing
 * extension fails only the DuckDB benchmarks.
 */
@State(Scope.Benchmark)
public class DuckDbState {
    /** The peer, created once per fork. */
    public DuckDbReads duckdb;

    /** Opens DuckDB and loads the extension. */
    @Setup(Level.Trial)
    public void setUp() {
        duckdb = new DuckDbReads();
    }

    /** Closes DuckDB. */
    @TearDown(Level.Trial)
    public void tearDown() {
        duckdb.close();
    }
}
