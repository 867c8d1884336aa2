/**
 * {@code vortex.list} — dtype List(E). Metadata: {@code ListMetadata{uint64 elements_len = 1;
 * PType offset_ptype = 2}}. Buffers: none. Children: {@code [elements, offsets, validity?]} →
 * elements: E × {@code elements_len}; offsets: {@code Primitive(offset_ptype)} non-nullable ×
 * {@code length + 1}, non-decreasing, within {@code [0, elements_len]} (need not start at 0);
 * validity: bool × length. List {@code i} is {@code elements[offsets[i], offsets[i+1])}.
 *
 * <p>No metadata record here: the writer of this message is {@code io.jvortex.spi.CanonicalEncoder}, a
 * layer below the encodings that cannot reach this package, so the message is written there and parsed here
 * (a shared record would have to be public in {@code spi} or sit in a lower internal package).
 */
package io.jvortex.internal.encodings.list;
