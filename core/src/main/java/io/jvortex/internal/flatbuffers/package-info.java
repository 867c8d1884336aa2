/**
 * Zero-copy, bounds-checked FlatBuffers reading ({@link io.jvortex.internal.flatbuffers.FbTable}) over
 * {@link java.lang.foreign.MemorySegment} and a minimal back-to-front builder
 * ({@link io.jvortex.internal.flatbuffers.FbBuilder}, {@code finish_minimal} blobs), for the Vortex footer,
 * layout, dtype and array messages. No flatbuffers-java runtime is used.
 */
package io.jvortex.internal.flatbuffers;
