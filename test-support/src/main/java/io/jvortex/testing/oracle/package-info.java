/**
 * The Rust reference implementation as a test oracle: {@link io.jvortex.testing.oracle.RustOracle}
 * drives one long-lived Python process ({@code oracle.py}, shipped as resources of this package) that
 * writes tables with the Rust writer and renders Vortex files in the canonical JSONL form of
 * {@link io.jvortex.internal.jsonl.JsonValues}.
 */
package io.jvortex.testing.oracle;
