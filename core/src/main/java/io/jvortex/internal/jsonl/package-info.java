/**
 * The canonical JSON Lines text form of Vortex values.
 *
 * <p>{@code jvx cat --format jsonl} and the Python oracle of the conformance tests render values with
 * exactly the same rules, so that the output of two implementations can be compared byte for byte.
 * {@link io.jvortex.internal.jsonl.JsonValues} holds the rules and their only implementation on the Java side;
 * the Python side lives in {@code test-support} ({@code io/jvortex/testing/oracle/canonical.py}) and
 * must change together with it.
 *
 * <p>One row is one line; a row of a table (a struct) is a compact JSON object with its fields in
 * schema order ({@code {"a":1,"b":[1,2]}}); a file whose root is not a struct has one JSON value per
 * line. Lists and fixed-size lists are arrays; nested structs are objects.
 */
package io.jvortex.internal.jsonl;
