/**
 * {@code fastlanes.delta}: integers stored as wrapping differences along the lanes of a transposed
 * 1024-value chunk (crate {@code fastlanes} {@code transpose.rs}, {@code delta.rs}).
 *
 * <h2>Physical form of one chunk</h2>
 * For a type of {@code T} bits ({@code LANES = 1024 / T}; signed types use the same bits as their
 * unsigned counterpart, all arithmetic wraps):
 * <ul>
 *   <li><b>Transpose.</b> The chunk {@code v[0..1024)} is first permuted to
 *       {@code t[i] = v[transpose(i)]} with
 *       {@code transpose(i) = (i % 16) · 64 + FL_ORDER[(i / 16) % 8] · 8 + i / 128}.</li>
 *   <li><b>Delta per lane.</b> Lane {@code l} walks its rows {@code r = 0 .. T-1} at the positions
 *       {@code idx(r, l) = FL_ORDER[r / 8] · 16 + (r % 8) · 128 + l} of the bit-packing layout:
 *       {@code deltas[idx] = t[idx] - prev; prev = t[idx]}, starting from
 *       {@code prev = bases[l] = t[l]}, so row 0 always has delta 0.</li>
 *   <li>Decoding inverts both steps: {@code t[idx] = deltas[idx] + prev} along each lane, then
 *       {@code v[transpose(j)] = t[j]}. Because {@code transpose(idx(r, l)) =
 *       64 · (l % 16) + 8 · FL_ORDER[l / 16] + r}, lane {@code l} decodes to {@code T} consecutive
 *       values, which is what {@link io.jvortex.internal.encodings.delta.FastLanesDelta} exploits.</li>
 * </ul>
 *
 * <h2>The array</h2>
 * Metadata {@code DeltaMetadata {deltas_len, offset}} ({@code offset < 1024}). Children
 * {@code [bases, deltas, ...]}: {@code bases} holds {@code LANES} values per chunk,
 * {@code deltas} holds {@code deltas_len} values (a multiple of 1024 since vortex PR #7007, March 2026;
 * older writers may end with a remainder of {@code deltas_len % 1024} values that are plain scalar
 * deltas from one extra base). Logical row {@code i} is value {@code offset + i} of the
 * decoded chunks. Validity differs by version: vortex-data 0.91.0 reads a third child holding the
 * validity in logical order (bases and deltas non-nullable); the Rust sources of mid-2026 keep it on
 * the deltas child in transposed bit order (see
 * {@link io.jvortex.internal.encodings.delta.FastLanesDelta#untransposeValidity}).
 *
 * <p>No metadata record: jvortex reads this encoding but never writes it, so the message is parsed here
 * only.
 */
package io.jvortex.internal.encodings.delta;
