/**
 * Zero-copy, bounds-checked FlatBuffers reading (and later writing) over {@link java.lang.foreign.MemorySegment},
 * for the Vortex footer, layout, dtype and array messages. No flatbuffers-java runtime is used.
 */
package io.jvortex.flatbuffers;
