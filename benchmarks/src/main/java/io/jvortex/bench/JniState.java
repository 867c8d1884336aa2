package io.jvortex.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * vortex-jni's session, in a state of its own so that a native library that fails to load fails
 * only the vortex-jni benchmarks (JMH reports the error), never jvortex's or parquet-java's.
 */
@State(Scope.Benchmark)
public class JniState {
    /** The peer, created once per fork. */
    public VortexJniReads jni;

    /** Loads the native library and creates the session. */
    @Setup(Level.Trial)
    public void setUp() {
        jni = new VortexJniReads();
    }
}
