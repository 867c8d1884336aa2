/**
 * {@code vortex.parquet.variant} — dtype Variant (0.85+), the Arrow canonical
 * {@code arrow.parquet.variant} storage. Metadata: {@code ParquetVariantMetadata{bool has_value = 1;
 * optional proto DType typed_value_dtype = 2; bool value_nullable = 3}}; at least one of value and
 * typed value is present. Buffers: none. Children: {@code [validity?, metadata, value?, typed_value?]}
 * — validity is present when the count is one more than the others need; metadata: binary,
 * non-nullable × length (Variant metadata dictionaries); value: binary (nullable per
 * {@code value_nullable}) × length (Variant-encoded values); typed_value: its proto dtype × length
 * (shredded values). Decodes to {@link io.jvortex.array.VariantArray} without interpreting the bytes.
 *
 * <p>No metadata record: jvortex reads this encoding but never writes it, so the message is parsed here
 * only.
 */
package io.jvortex.internal.encodings.parquetvariant;
