/**
 * {@code vortex.constant} — any dtype, one value repeated. Metadata: empty (ignored on read).
 * Buffers: {@code [scalar]}, a protobuf {@code ScalarValue} decoded against the array's dtype
 * ({@code null_value} means every row is null, which requires a nullable dtype). Children: none.
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.constant;
