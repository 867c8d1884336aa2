/**
 * {@code vortex.alprd} — ALP for "real doubles": each float's bits split into a dictionary-coded left
 * part and a raw right part.
 *
 * <p>Physical form (Rust {@code encodings/alp/src/alp_rd}):
 * <ul>
 *   <li>dtype: {@code f32} or {@code f64}, nullable or not.</li>
 *   <li>Metadata: {@code ALPRDMetadata{uint32 right_bit_width = 1; uint32 dict_len = 2; repeated uint32 dict = 3
 *       (packed); PType left_parts_ptype = 4; PatchesMetadata patches = 5}}. The first {@code dict_len}
 *       entries of {@code dict} are the dictionary (each a left bit pattern, at most 16 bits; writers use at
 *       most 8 entries); further entries are ignored. {@code right_bit_width} is below the float's bit width
 *       (writers use {@code bits - 16 .. bits - 1}).</li>
 *   <li>Buffers: none.</li>
 *   <li>Children: {@code [left_parts, right_parts, patch_indices?, patch_values?, patch_chunk_offsets?]}:
 *     <ol>
 *       <li>{@code left_parts}: {@code Primitive(left_parts_ptype)} (unsigned, u16 in practice) with the
 *           array's nullability, {@code len} rows: dictionary codes; carries the validity;</li>
 *       <li>{@code right_parts}: {@code u32} (f32) or {@code u64} (f64), non-null, {@code len} rows;</li>
 *       <li>with patches: {@code indices} (unsigned, non-null) and {@code values}
 *           ({@code Primitive(left_parts_ptype)}, non-null): the exact left bit pattern of rows whose left part
 *           is not in the dictionary. A chunk-offsets child may follow; the reference ignores it and so does
 *           this decoder.</li>
 *     </ol></li>
 * </ul>
 *
 * <p>Decoding: {@code left = dict[code[i]]}, replaced by the patch value at patched rows;
 * {@code bits = (left << right_bit_width) | right[i]} in the float's bit width (bits shifted past the top
 * are dropped); the result is {@code bits} reinterpreted as the float.
 *
 * <p>Invariants checked: {@code dict_len} entries present and each at most 16 bits, {@code right_bit_width}
 * below the float's width, the left-parts type unsigned, every code of a valid, unpatched row below
 * {@code dict_len} (codes under nulls and at patched rows are unspecified — the writer stores 0 there — and
 * are read as code 0), patch count at most the length and positions strictly increasing and in range.
 *
 * <p>Metadata record: {@code AlpRdMetadata} (parse and serialize, shared by {@code AlpRdEncoding} and
 * {@code AlpRdEncoder}); its patches are an {@link io.jvortex.spi.PatchesMetadata}.
 */
package io.jvortex.internal.encodings.alprd;
