/**
 * {@code vortex.listview} — dtype List(E), the reference's canonical list form. Metadata:
 * {@code ListViewMetadata{uint64 elements_len = 1; PType offset_ptype = 2; PType size_ptype = 3}}.
 * Buffers: none. Children: {@code [elements, offsets, sizes, validity?]} → elements: E ×
 * {@code elements_len}; offsets and sizes: their integer ptype, non-nullable × length, every
 * {@code offsets[i] + sizes[i] <= elements_len} (checked for every row, null or not); validity:
 * bool × length. List {@code i} is {@code elements[offsets[i], offsets[i] + sizes[i])}; views may
 * overlap and be in any order.
 *
 * <p>No metadata record here: the writer of this message is {@code io.jvortex.spi.CanonicalEncoder}, a
 * layer below the encodings that cannot reach this package, so the message is written there and parsed here
 * (a shared record would have to be public in {@code spi} or sit in a lower internal package).
 */
package io.jvortex.internal.encodings.listview;
