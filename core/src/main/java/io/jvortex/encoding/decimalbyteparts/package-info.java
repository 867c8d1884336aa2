/**
 * {@code vortex.decimal_byte_parts} — decimals whose unscaled values are held by one signed-integer child.
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
 */
package io.jvortex.encoding.decimalbyteparts;
