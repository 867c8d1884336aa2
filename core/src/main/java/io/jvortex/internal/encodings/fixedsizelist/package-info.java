/**
 * {@code vortex.fixed_size_list} — dtype FixedSizeList(E, n). Metadata: empty (required).
 * Buffers: none. Children: {@code [elements, validity?]} → elements: E × {@code length × n};
 * validity: bool × length. List {@code i} is {@code elements[i × n, (i + 1) × n)}; null lists still
 * occupy their {@code n} element slots.
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.fixedsizelist;
