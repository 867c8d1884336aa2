/**
 * {@code fastlanes.for} — frame of reference over integers. Metadata: a bare {@code ScalarValue}
 * (the reference, never null) decoded with the array's dtype. Buffers: none. Children:
 * {@code [encoded]} of the same dtype and length (usually bit-packed). Decode:
 * {@code out[i] = encoded[i] + reference} with wrapping arithmetic in the type's width; validity is
 * the encoded child's.
 *
 * <p>{@code fastlanes.for.v2} — a reference per 1024-row chunk. Metadata {@code FoRV2Metadata {offset (1,
 * the position of row 0 in its first chunk, below 1024, omitted when 0)}}. Buffers: none. Children:
 * {@code [encoded, references]}: {@code encoded} of the array's dtype and length, {@code references}
 * of the non-nullable dtype with {@code ceil((offset + len) / 1024)} rows. Decode:
 * {@code out[i] = encoded[i] + references[(offset + i) / 1024]}, wrapping. The writer emits it when the
 * chunks' minima differ; equal minima give {@code fastlanes.for}.
 *
 * <p>Metadata records: {@code FrameOfReferenceMetadata} (the bare scalar) and {@code
 * FrameOfReferenceV2Metadata}, shared by the decoders and {@code FrameOfReferenceScheme}.
 */
package io.jvortex.internal.encodings.frameofreference;
