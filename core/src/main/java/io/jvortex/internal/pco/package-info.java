/**
 * A pure-Java decoder and encoder for Pcodec (pco 1.x) "wrapped" streams; {@link io.jvortex.internal.pco.PcoDecoder}
 * and {@link io.jvortex.internal.pco.PcoEncoder} are the entry points. Facts are from pcodec's {@code docs/format.md} and {@code pco/src} (v1.0.2, the
 * version the Vortex reference links).
 *
 * <h2>Format</h2>
 * <ul>
 *   <li>Header: format major byte, then (major &gt;= 4) a minor byte. Vortex writes 4.1.</li>
 *   <li>Chunk metadata (one little-endian bit stream, zero-padded to a byte): mode (4 bits) and its
 *       payload (IntMult/FloatMult base as a latent, FloatQuant k in 8 bits, Dict: 25-bit length,
 *       align, raw latents); delta encoding (4 bits) and its payload (consecutive: order 3 bits +
 *       secondary flag; lookback: window log - 1 in 5 bits, state log 4 bits, secondary flag; conv1:
 *       quantization 5, bias 64, order - 1 in 5, weights 32 each); then per latent variable
 *       (lookback delta variable, primary, secondary): tANS size log (4), bin count (15) and bins
 *       (weight - 1, lower bound, offset bit count).</li>
 *   <li>Page: per latent variable its delta state and four tANS states, align; then batches of 256:
 *       per variable the tANS symbols (4-way interleaved) followed by the offsets; align at the end.
 *       With a delta encoding of state size s, the last s latents of a page are not stored.</li>
 * </ul>
 *
 * <h2>Design</h2>
 * <ul>
 *   <li>Latents of every width live in {@code long}s masked to their width; one code path serves
 *       8- to 64-bit types with the width-specific work only at the ends (mode join, store).</li>
 *   <li>Components are copied into zero-padded {@code byte[]}s read with unaligned little-endian
 *       {@code long} loads: the padding covers the worst case of one batch of one variable, so the
 *       tANS and offset loops run without per-value bounds checks, and the reader position is
 *       checked once per variable and batch (pco's own strategy).</li>
 *   <li>Every field is validated as pco validates it (bin weights summing to the table size, offset
 *       widths, mode/type compatibility, lookback bins and lookbacks inside the window, conv1
 *       overflow bounds, dict indices, zero padding bits). Allocations are sized by the caller's
 *       value count or by bounded fields (tANS tables at most 2^14, dict checked against the bytes
 *       present); lookback keeps a history of the page's values (8 bytes per value).</li>
 *   <li>The encoder writes format 4.1 as pco 1.0.x does, with pco's choices where they matter for
 *       size: the equal-count histogram and exactly optimal bin merge (same cost model), pco's tANS
 *       weight quantization and symbol spread, IntMult bases by triple-GCD voting, FloatMult bases
 *       {@code 10^-k}, FloatQuant k from trailing zero mantissa bits, pco's lookback search, consecutive
 *       delta order by estimated size. Mode and delta are chosen together on a sample of consecutive
 *       runs. It never writes Dict or conv1 (nor does pco's automatic choice).</li>
 *   <li>Differences from pco on corrupt input only: a lookback of 0 is rejected (pco reads a stale
 *       window slot); the unstored tail latents of a page are zeros rather than stale scratch values
 *       (they never reach the output).</li>
 * </ul>
 */
package io.jvortex.internal.pco;
