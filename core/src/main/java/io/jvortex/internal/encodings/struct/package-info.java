/**
 * {@code vortex.struct} — dtype Struct. Metadata: empty (required). Buffers: none. Children:
 * {@code [validity?, field_0, …, field_{k-1}]} — validity comes <em>first</em> and is present iff
 * there are {@code k + 1} children; field {@code i} is decoded with the struct's field type
 * {@code i} and the struct's length. A null struct row does not make its fields null.
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.struct;
