/**
 * {@code fastlanes.for} — frame of reference over integers. Metadata: a bare {@code ScalarValue}
 * (the reference, never null) decoded with the array's dtype. Buffers: none. Children:
 * {@code [encoded]} of the same dtype and length (usually bit-packed). Decode:
 * {@code out[i] = encoded[i] + reference} with wrapping arithmetic in the type's width; validity is
 * the encoded child's.
 */
package io.jvortex.encoding.frameofreference;
