/**
 * {@code vortex.alp} — Adaptive Lossless floating-Point: floats stored as integers plus exponents.
 *
 * <p>Physical form (Rust {@code encodings/alp}, formulas of the {@code alp} crate):
 * <ul>
 *   <li>dtype: {@code f32} or {@code f64}, nullable or not.</li>
 *   <li>Metadata: {@code ALPMetadata{uint32 exp_e = 1; uint32 exp_f = 2; optional PatchesMetadata patches = 3}};
 *       empty bytes mean {@code e = f = 0} and no patches. {@code e} and {@code f} are at most 10 for f32 and
 *       18 for f64 (the reference's {@code MAX_EXPONENT}).</li>
 *   <li>Buffers: none.</li>
 *   <li>Children: {@code [encoded, patch_indices?, patch_values?, patch_chunk_offsets?]}:
 *     <ol>
 *       <li>{@code encoded}: {@code i32} (for f32) or {@code i64} (for f64) with the array's nullability and
 *           length; it carries the validity of the ALP array;</li>
 *       <li>with patches: {@code indices} ({@code Primitive(indices_ptype)}, unsigned, non-null, {@code len}
 *           rows), {@code values} (the ALP array's own dtype, {@code len} rows) and, when the metadata has
 *           {@code chunk_offsets_ptype}, {@code chunk_offsets} ({@code chunk_offsets_len} rows).</li>
 *     </ol></li>
 * </ul>
 *
 * <p>Decoding: {@code out[i] = (F) encoded[i] * F10[f] * IF10[e]}, evaluated left to right in the
 * float's own precision ({@code float} arithmetic for f32, {@code double} for f64), where {@code F10[k]}
 * is the literal {@code 10^k} and {@code IF10[k]} the literal {@code 10^-k} rounded once to the float
 * type. Any other formulation (dividing by {@code 10^e}, computing f32 in double) changes bits.
 * Then patches overwrite the values that did not survive the round trip (NaN, infinities, {@code -0.0},
 * values with too many digits): {@code out[indices[k] - offset] = values[k]}.
 *
 * <p>Invariants checked: exponents within the tables, child count matching the metadata, patch count at
 * most the array length, patch positions strictly increasing and inside the array. The chunk-offsets
 * child is an acceleration structure for sliced reads; this decoder patches from the indices alone and
 * does not decode it. Validity is the encoded child's (the reference writer only patches valid rows).
 *
 * <p>Metadata record: {@code AlpMetadata} (parse and serialize, shared by {@code AlpEncoding} and {@code
 * AlpEncoder}); its patches are an {@link io.jvortex.spi.PatchesMetadata}.
 */
package io.jvortex.internal.encodings.alp;
