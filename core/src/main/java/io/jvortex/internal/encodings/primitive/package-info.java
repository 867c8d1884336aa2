/**
 * {@code vortex.primitive} — canonical integers and floats. Metadata: empty. Buffers: one,
 * {@code length × width} little-endian values. Children: {@code [validity?]} (bool, true = valid).
 */
package io.jvortex.internal.encodings.primitive;
