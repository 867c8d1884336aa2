/**
 * {@code vortex.bytebool} — dtype Bool, one byte per value (non-zero = true). Metadata: empty
 * (required). Buffers: {@code [values]} of exactly {@code length} bytes. Children:
 * {@code [validity?]}. Reader-only in practice (the default writer never emits it).
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.bytebool;
