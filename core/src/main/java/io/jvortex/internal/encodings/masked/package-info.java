/**
 * {@code vortex.masked} — any (normally nullable) dtype. Metadata: empty (required). Buffers: none.
 * Children: {@code [child, validity?]} → child: the dtype made non-nullable × length; validity:
 * bool × length (absent = all valid; present only for a nullable dtype). Row {@code i} is null when
 * the validity says so, else {@code child[i]}. The compressor uses it for "constant except nulls".
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.masked;
