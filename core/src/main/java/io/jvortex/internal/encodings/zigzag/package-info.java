/**
 * {@code vortex.zigzag} — signed integers stored as their ZigZag-mapped unsigned counterparts
 * ({@code 0, -1, 1, -2, …} → {@code 0, 1, 2, 3, …}).
 *
 * <p>Physical form (Rust {@code encodings/zigzag}):
 * <ul>
 *   <li>dtype: a signed integer ({@code i8}, {@code i16}, {@code i32}, {@code i64}), nullable or not.</li>
 *   <li>Metadata: empty (non-empty metadata is rejected, as the reference does).</li>
 *   <li>Buffers: none.</li>
 *   <li>Children: {@code [encoded]}: the unsigned integer of the same width with the array's nullability,
 *       {@code len} rows; it carries the validity.</li>
 * </ul>
 *
 * <p>Decoding, in the type's width: {@code v = (u >>> 1) ^ -(u & 1)}.
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.zigzag;
