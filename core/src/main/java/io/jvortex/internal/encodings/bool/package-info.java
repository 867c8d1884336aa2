/**
 * {@code vortex.bool} — canonical booleans. Metadata: {@code BoolMetadata{uint32 offset = 1}} (bit
 * offset &lt; 8). Buffers: one LSB-first bitmap of at least {@code ceil((offset + length) / 8)} bytes.
 * Children: {@code [validity?]}.
 *
 * <p>No metadata record: jvortex writes this encoding (from {@code io.jvortex.spi.CanonicalEncoder}) with
 * empty metadata, so only the reader parses {@code BoolMetadata}.
 */
package io.jvortex.internal.encodings.bool;
