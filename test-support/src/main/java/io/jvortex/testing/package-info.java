/**
 * Test support shared by the modules' tests: replayable seeds ({@link io.jvortex.testing.Seeds}, from the
 * JDK-only test-kit module, which core's tests use too), table and type specs
 * ({@link io.jvortex.testing.TableSpec}, {@link io.jvortex.testing.TypeSpec}), seeded table generators
 * ({@link io.jvortex.testing.RandomTables}) and canonical row rendering
 * ({@link io.jvortex.testing.CanonicalRows}). The Rust oracle is in {@code io.jvortex.testing.oracle}.
 */
package io.jvortex.testing;
