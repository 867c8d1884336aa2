/**
 * {@code vortex.bytebool} — dtype Bool, one byte per value (non-zero = true). Metadata: empty
 * (required). Buffers: {@code [values]} of exactly {@code length} bytes. Children:
 * {@code [validity?]}. Reader-only in practice (the default writer never emits it).
 */
package io.jvortex.internal.encodings.bytebool;
