/**
 * {@code vortex.sparse} — any dtype. Metadata: {@code SparseMetadata{PatchesMetadata patches = 1}}
 * (always written). Buffers: {@code [fill]}, a protobuf {@code ScalarValue} decoded against the
 * array's dtype (may be null). Children: {@code [patch_indices, patch_values]} → indices:
 * {@code Primitive(indices_ptype)} unsigned non-nullable × {@code patches.len}, strictly increasing,
 * each {@code index - patches.offset} inside the array; values: the array's dtype ×
 * {@code patches.len} (they may be null). Decoding fills every row with the fill value, then
 * {@code out[index - offset] = value} for each patch.
 *
 * <p>Metadata record: {@code SparseMetadata} (parse and serialize, shared by {@code SparseEncoding} and
 * {@code SparseScheme}); its patches are an {@link io.jvortex.spi.PatchesMetadata}.
 */
package io.jvortex.internal.encodings.sparse;
