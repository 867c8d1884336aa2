/**
 * {@code vortex.datetimeparts} — timestamps split into days, seconds within the day and sub-seconds.
 *
 * <p>Physical form (Rust {@code encodings/datetime-parts}):
 * <ul>
 *   <li>dtype: the {@code vortex.timestamp} extension type itself (unit s, ms, µs or ns; any time zone;
 *       storage {@code i64}); the node stands where a {@code vortex.ext} node would be.</li>
 *   <li>Metadata: {@code DateTimePartsMetadata{PType days_ptype = 1; PType seconds_ptype = 2;
 *       PType subseconds_ptype = 3}}; each must be an integer type (writers narrow them, so any of the
 *       eight occurs).</li>
 *   <li>Buffers: none.</li>
 *   <li>Children, exactly three, each {@code len} rows: {@code days} ({@code Primitive(days_ptype)} with the
 *       timestamp's nullability; carries the validity), {@code seconds} ({@code Primitive(seconds_ptype)},
 *       non-null), {@code subseconds} ({@code Primitive(subseconds_ptype)}, non-null).</li>
 * </ul>
 *
 * <p>Decoding with {@code D} ticks per second of the unit (1, 10³, 10⁶, 10⁹):
 * {@code ts = days * 86400 * D + seconds * D + subseconds} in wrapping i64 arithmetic, each part widened to
 * i64 first (sign-extended for signed types, zero-extended for unsigned ones, u64 as raw bits) — exactly
 * the reference's {@code as i64} conversions. Parts of pre-1970 instants are negative (truncating
 * division). The result is an {@link io.jvortex.array.ExtensionArray} over an i64
 * {@link io.jvortex.array.PrimitiveArray} with the days' validity.
 */
package io.jvortex.internal.encodings.datetimeparts;
