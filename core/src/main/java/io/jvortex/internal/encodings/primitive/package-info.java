/**
 * {@code vortex.primitive} — canonical integers and floats. Metadata: empty. Buffers: one,
 * {@code length × width} little-endian values. Children: {@code [validity?]} (bool, true = valid).
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.primitive;
