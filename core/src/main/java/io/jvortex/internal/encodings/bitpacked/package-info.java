/**
 * {@code fastlanes.bitpacked}: integers stored in W bits each, in the FastLanes "unified transposed
 * layout" of the Rust {@code fastlanes} crate (which is <em>not</em> wire compatible with the original
 * C++ FastLanes).
 *
 * <h2>Physical form of one chunk</h2>
 * Values are packed in chunks of exactly 1024 values. For a type of {@code T} bits
 * ({@code T ∈ {8, 16, 32, 64}}, signed types are packed through their unsigned counterpart) and a
 * bit width {@code W ∈ [0, T]}, one chunk occupies {@code 128 · W} bytes, read as
 * {@code 1024 · W / T} little-endian unsigned words of {@code T} bits: {@code P[0 .. W · LANES)} with
 * {@code LANES = 1024 / T}.
 * <ul>
 *   <li><b>Lanes and rows.</b> The chunk is a {@code T × LANES} grid: lane {@code l ∈ [0, LANES)}
 *       holds the {@code T} rows {@code r ∈ [0, T)}. Lane {@code l} owns the word column
 *       {@code P[k · LANES + l]}, {@code k = 0 .. W-1} (the words of the lanes are interleaved, so the
 *       words of one "row of words" are contiguous and a SIMD register processes many lanes at once).
 *       The lane's W-bit values are concatenated from the least-significant bit of its first word
 *       upward: row {@code r} occupies stream bits {@code [r·W, r·W + W)}, possibly spanning two
 *       words.</li>
 *   <li><b>FL_ORDER.</b> Row {@code r} of lane {@code l} is the value at logical position
 *       {@code FL_ORDER[r / 8] · 16 + (r % 8) · 128 + l} of the chunk, with
 *       {@code FL_ORDER = [0, 4, 2, 6, 1, 5, 3, 7]} (the 3-bit reversal, its own inverse). This order
 *       makes the same layout usable for transposed encodings (delta) as well as linear ones (FoR).
 *       For a fixed row the {@code LANES} values are consecutive logical positions.</li>
 *   <li>{@code W = 0}: no bytes, every value is 0. {@code W = T}: the words are the values
 *       themselves (still in lane/row order).</li>
 * </ul>
 *
 * <h2>The array</h2>
 * Buffer 0 holds {@code ceil((offset + len) / 1024)} chunks back to back (the last one zero-padded
 * before packing); logical row {@code i} is element {@code offset + i} of the concatenated unpacked
 * chunks ({@code offset < 1024}). Values that do not fit W bits are stored as patches (children
 * {@code patch_indices, patch_values, patch_chunk_offsets?}), followed by an optional validity
 * child. Metadata: {@code BitPackedMetadata {bit_width, offset, patches?}}. The per-chunk kernels
 * live in {@link io.jvortex.internal.encodings.bitpacked.FastLanesBitPacking}.
 *
 * <h2>{@code fastlanes.bitpacked.v2}</h2>
 * The same blocks, each at its own width. Metadata {@code BitPackedV2Metadata {offset (1, omitted when
 * 0), block_offsets_ptype (2, an unsigned PType), patches (3)}}; buffer 0 holds the blocks back to back;
 * children: the patch children as above, the optional validity, then <em>last</em> the block offsets:
 * {@code ceil((offset + len) / 1024) + 1} non-nullable unsigned byte boundaries (any encoding). Block
 * {@code b} is bytes {@code [o[b] - o[0], o[b + 1] - o[0])} of the buffer at width
 * {@code (o[b + 1] - o[b]) / 128}: a zero-length block is width 0 (all zeros), a partial last block is
 * still a whole zero-padded block. Readers check, as the reference does, that every boundary is at
 * least the first, non-decreasing, a multiple of 128 bytes after the first, at most the type's width
 * per block, and that the boundaries span exactly the buffer. Decoding unpacks block by block with the
 * v1 kernels ({@link io.jvortex.internal.encodings.bitpacked.BitPackedV2Encoding}).
 *
 * <h2>Writing</h2>
 * {@link io.jvortex.internal.encodings.bitpacked.BitPackedEncoder} packs as the reference does (histogram
 * width, patches with u64-then-narrowed chunk offsets); {@link io.jvortex.internal.encodings.bitpacked.BitPackingScheme}
 * is the compressor's scheme; when the edition has {@code fastlanes.bitpacked.v2} it chooses a width per
 * block ({@link io.jvortex.internal.encodings.bitpacked.BitPackedEncoder#blockBitWidths}) and writes v2 when the
 * widths differ.
 *
 * <p>Metadata records: {@code BitPackedMetadata} and {@code BitPackedV2Metadata} (parse and serialize,
 * shared by the decoders and {@code BitPackedEncoder}); their patches are an {@link
 * io.jvortex.spi.PatchesMetadata}.
 */
package io.jvortex.internal.encodings.bitpacked;
