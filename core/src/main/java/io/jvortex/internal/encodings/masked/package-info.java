/**
 * {@code vortex.masked} — any (normally nullable) dtype. Metadata: empty (required). Buffers: none.
 * Children: {@code [child, validity?]} → child: the dtype made non-nullable × length; validity:
 * bool × length (absent = all valid; present only for a nullable dtype). Row {@code i} is null when
 * the validity says so, else {@code child[i]}. The compressor uses it for "constant except nulls".
 */
package io.jvortex.internal.encodings.masked;
