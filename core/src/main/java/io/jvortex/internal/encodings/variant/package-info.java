/**
 * {@code vortex.variant} — dtype Variant, the reference's canonical variant form. Metadata:
 * {@code VariantMetadata{optional proto DType shredded_dtype = 1}}. Buffers: none. Children:
 * {@code [core_storage, shredded?]} → core_storage: Variant × length, itself some variant storage
 * encoding ({@code vortex.parquet.variant} in 0.91); shredded: its proto dtype × length, present
 * exactly when the metadata names a dtype. Decodes to the core storage's
 * {@link io.jvortex.array.VariantArray} with the shredded tree attached.
 *
 * <p>No metadata record: jvortex reads this encoding but never writes it, so the message is parsed here
 * only.
 */
package io.jvortex.internal.encodings.variant;
