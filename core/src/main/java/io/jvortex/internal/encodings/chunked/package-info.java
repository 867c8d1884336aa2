/**
 * {@code vortex.chunked} — any dtype. Metadata: empty (required). Buffers: none. Children:
 * {@code [chunk_offsets, chunk_0, …, chunk_{m-1}]}: the offsets child is {@code u64} non-nullable of
 * {@code m + 1} rows, starting at 0, non-decreasing and ending at the array length; chunk {@code i}
 * is decoded with the array's dtype and {@code offsets[i+1] - offsets[i]} rows. Decoding
 * concatenates the chunks.
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.chunked;
