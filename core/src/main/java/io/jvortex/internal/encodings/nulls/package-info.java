/**
 * {@code vortex.null} — the canonical form of the {@code null} dtype. Metadata: empty (required).
 * Buffers: none. Children: none. All {@code length} rows are null. (The package is named
 * {@code nulls} because {@code null} is a Java keyword.)
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.nulls;
