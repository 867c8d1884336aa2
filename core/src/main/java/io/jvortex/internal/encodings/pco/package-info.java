/**
 * {@code vortex.pco} (compact mode): the valid values of a primitive array (u16/u32/u64,
 * i16/i32/i64, f16/f32/f64; 8-bit types are not written by the reference) compressed with Pcodec's
 * wrapped format.
 *
 * <ul>
 *   <li>Metadata: {@code PcoMetadata{bytes header = 1; repeated PcoChunkInfo chunks = 2}},
 *       {@code PcoChunkInfo{repeated PcoPageInfo pages = 1}}, {@code PcoPageInfo{uint32 n_values = 1}}.</li>
 *   <li>Buffers: one pco chunk-metadata blob per chunk, then one buffer per page (all pages of chunk 0,
 *       then chunk 1, ...); exactly {@code chunks + pages} buffers.</li>
 *   <li>Children: {@code [validity?]} ({@code Bool}, non-nullable, length = array length).</li>
 *   <li>Invariant: the pages' value counts sum to the number of valid rows; only valid values are
 *       compressed, in row order, and decoding scatters them back to the valid rows (nulls read 0).</li>
 * </ul>
 * The reference writer (pco 1.0.x, {@code ModeSpec::Auto}, {@code DeltaSpec::Auto}) uses chunks of up
 * to 2^18 values and equal pages of up to 8192; the decoder accepts any chunk/page split and every pco
 * mode and delta. {@link io.jvortex.internal.encodings.pco.PcoScheme} writes the same layout (compact strategy).
 */
package io.jvortex.internal.encodings.pco;
