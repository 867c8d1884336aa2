/**
 * {@code vortex.map} — dtype Map(K, V) (0.85+). Metadata: empty. Buffers: none. Children:
 * {@code [entries]} → {@code List(Struct{key: K, value: V} non-nullable, the map's nullability)} ×
 * length; the reference writes it as a {@code vortex.listview}, whose validity is the map's. Row
 * {@code i} holds the entries {@code elements[offsets[i], offsets[i] + sizes[i])} in storage order;
 * keys are never null (their dtype is non-nullable), values may be.
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.map;
