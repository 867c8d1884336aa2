/**
 * {@code fastlanes.rle}: run-length encoding in independent 1024-value chunks (crate
 * {@code fastlanes} {@code rle.rs}; vortex {@code encodings/fastlanes/src/rle}).
 *
 * <h2>Physical form</h2>
 * No buffers; metadata {@code RLEMetadata {values_len, indices_len, indices_ptype,
 * values_idx_offsets_len, values_idx_offsets_ptype, offset}} ({@code offset < 1024}). Children:
 * <ol start="0">
 *   <li>{@code values}: the run values of all chunks, concatenated, dtype's ptype, non-nullable. A
 *       chunk starts a new run value each time the value changes from its predecessor (not per
 *       distinct value); the writer fills nulls forward first.</li>
 *   <li>{@code indices}: {@code indices_len} (a multiple of 1024) u16 indices, or u8 after
 *       narrowing, with the array's nullability: position {@code j} of chunk {@code c} is
 *       {@code values[base(c) + indices[c·1024 + j]]}, in plain order (no transpose). The last chunk
 *       is padded by repeating the last value. The indices child's validity is the array's.</li>
 *   <li>{@code values_idx_offsets}: per chunk the index of its first run value (unsigned);
 *       {@code base(c) = values_idx_offsets[c] - values_idx_offsets[0]} (slicing keeps absolute
 *       offsets).</li>
 * </ol>
 * Logical row {@code i} is position {@code offset + i} of the decoded chunks. Every chunk the rows
 * touch owns at least one run value, and without nulls its indices stay below its own run-value
 * count (a chunk with a single value is filled whatever its indices say); the reader rejects
 * anything else rather than read a neighbouring chunk's values as the Rust reader would. Indices at
 * null positions may be garbage after further compression; the reader clamps them (see
 * {@link io.jvortex.internal.encodings.rle.FastLanesRle#decode(long[], int, int, short[], int, boolean, long[], int)}).
 */
package io.jvortex.internal.encodings.rle;
