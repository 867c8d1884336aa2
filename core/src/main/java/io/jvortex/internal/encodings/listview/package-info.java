/**
 * {@code vortex.listview} — dtype List(E), the reference's canonical list form. Metadata:
 * {@code ListViewMetadata{uint64 elements_len = 1; PType offset_ptype = 2; PType size_ptype = 3}}.
 * Buffers: none. Children: {@code [elements, offsets, sizes, validity?]} → elements: E ×
 * {@code elements_len}; offsets and sizes: their integer ptype, non-nullable × length, every
 * {@code offsets[i] + sizes[i] <= elements_len} (checked for every row, null or not); validity:
 * bool × length. List {@code i} is {@code elements[offsets[i], offsets[i] + sizes[i])}; views may
 * overlap and be in any order.
 *
 * <p>Metadata record: {@link io.jvortex.internal.format.ListViewMetadata} (parse and serialize), in {@code
 * internal.format} because its writer is {@code io.jvortex.spi.CanonicalEncoder}, a layer below the
 * encodings; the decoder here parses with it.
 */
package io.jvortex.internal.encodings.listview;
