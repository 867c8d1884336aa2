/**
 * {@code vortex.decimal_byte_parts} and {@code .v2} — decimals whose unscaled values are held by a signed-integer
 * child, in v2 with up to three unsigned lower parts.
 *
 * <p>Physical form (Rust {@code encodings/decimal-byte-parts}):
 * <ul>
 *   <li>dtype: {@code Decimal(p, s)}, nullable or not.</li>
 *   <li>Metadata: {@code DecimalBytesPartsMetadata{PType zeroth_child_ptype = 1; uint32 lower_part_count = 2}};
 *       the child type must be a signed integer ({@code i8}…{@code i64}) and {@code lower_part_count} must be
 *       0, the only form the reference writes or reads.</li>
 *   <li>Buffers: none.</li>
 *   <li>Children: {@code [msp]}: {@code Primitive(zeroth_child_ptype)} with the decimal's nullability,
 *       {@code len} rows, holding the unscaled values; it carries the validity.</li>
 * </ul>
 *
 * <p>Decoding: a {@link io.jvortex.array.DecimalArray} whose value width is the child's integer width,
 * sharing the child's decoded buffer (no copy). This is the reference's canonical form, and it is the
 * narrowest width that holds every value the child can hold without looking at the values. The width is
 * therefore not tied to the precision: {@code decimal(10,2)} commonly decodes with 2-byte values.
 *
 * <p>{@code vortex.decimal_byte_parts.v2} (unstable2026.10.0 on) adds lower parts:
 * <ul>
 *   <li>Metadata: {@code DecimalBytePartsV2Metadata{PType msp_ptype = 1; repeated PType lower_part_ptypes = 2}}
 *       (packed); the msp type is a signed integer, at most 3 lower types, each an unsigned integer.</li>
 *   <li>Children: {@code [msp, lower_0, …, lower_k-1]}; the msp has the decimal's nullability and carries the
 *       validity, every lower part is non-nullable. Part {@code lower_j} (most significant first) holds bits
 *       {@code [64(k-1-j), 64(k-j))} of the two's-complement value and the msp the bits from {@code 64k} up,
 *       so the value is {@code msp·2^(64k) + Σ lower_j·2^(64(k-1-j))}. A part narrower than 64 bits is
 *       widened (msp sign-extended, lower parts zero-extended); the word positions do not move.</li>
 *   <li>Decoding: without lower parts, the v1 zero-copy view; with one, 16-byte values; with two or three,
 *       32-byte values (the reference's value type depends on the part count, not the precision).</li>
 *   <li>Writing: values that fit {@code i64} stay v1 (as the reference writes them); wider values become an
 *       {@code i64} msp over one lower part when every valid value fits {@code i128}, else three. Null rows
 *       store 0 in every part. Each lower part is stored as the narrowest unsigned type holding its words
 *       (the reference keeps {@code u64} and leaves narrowing to the children's cascade; both read the same).</li>
 * </ul>
 */
package io.jvortex.internal.encodings.decimalbyteparts;
