/**
 * {@code vortex.varbinview} — the canonical string form: Arrow-style 16-byte "binary views".
 *
 * <ul>
 *   <li>Metadata: empty (anything else is rejected, as by the reference).</li>
 *   <li>Buffers: {@code [data_0, …, data_{k-1}, views]} — the views buffer is <em>last</em> and holds
 *       exactly {@code 16 × length} bytes.</li>
 *   <li>Children: {@code [validity?]}, {@code Bool(non-null)} of {@code length} rows.</li>
 *   <li>View {@code i}: {@code u32 size}; if {@code size <= 12} the value is inline in bytes
 *       {@code 4..4+size}; otherwise bytes 4..8 are the value's first four bytes (prefix), bytes
 *       8..12 a {@code u32} data-buffer index and bytes 12..16 a {@code u32} offset into it.</li>
 * </ul>
 *
 * <p>Validation, per view of every row: the buffer index names a data buffer, {@code offset + size}
 * lies within it, the prefix equals the value's first four bytes, and for {@code utf8} the value is
 * well-formed UTF-8; values over {@code 2^31 - 1} bytes are rejected. A failing view is an error
 * for a valid row. The reference does not check null rows, so for a null row a failing view is
 * tolerated: the views buffer is then copied once and that view replaced by an empty one, keeping
 * the invariant that every view of a decoded array can be followed. Otherwise decoding is
 * zero-copy: the result shares the node's buffers.
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.varbinview;
