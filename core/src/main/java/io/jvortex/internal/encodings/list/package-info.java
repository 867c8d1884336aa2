/**
 * {@code vortex.list} — dtype List(E). Metadata: {@code ListMetadata{uint64 elements_len = 1;
 * PType offset_ptype = 2}}. Buffers: none. Children: {@code [elements, offsets, validity?]} →
 * elements: E × {@code elements_len}; offsets: {@code Primitive(offset_ptype)} non-nullable ×
 * {@code length + 1}, non-decreasing, within {@code [0, elements_len]} (need not start at 0);
 * validity: bool × length. List {@code i} is {@code elements[offsets[i], offsets[i+1])}.
 *
 * <p>Metadata record: {@link io.jvortex.internal.format.ListMetadata} (parse and serialize), in {@code
 * internal.format} because its writer is {@code io.jvortex.spi.CanonicalEncoder}, a layer below the
 * encodings; the decoder here parses with it.
 */
package io.jvortex.internal.encodings.list;
