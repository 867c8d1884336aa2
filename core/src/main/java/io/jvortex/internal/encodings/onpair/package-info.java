/**
 * {@code vortex.onpair} (written since 0.84, the default string compressor of 0.91 when it beats
 * FSST) — strings ({@code utf8} or {@code binary}) as sequences of codes into a dictionary of
 * tokens of 1–16 bytes (OnPair, arXiv 2508.02280; the {@code onpair} crate).
 *
 * <ul>
 *   <li>Metadata: {@code OnPairMetadata { PType uncompressed_lengths_ptype = 1; uint32 dict_size = 3;
 *       uint64 codes_len = 4; PType dict_offsets_ptype = 5; PType codes_ptype = 6; PType
 *       codes_offsets_ptype = 7; }} (absent ptype = {@code U8}; all must be integer types). Early
 *       writers also stored the code bit width as field 2; decoding does not need it and ignores it.</li>
 *   <li>Buffers: one, {@code dict_bytes} — the concatenated tokens, usually followed by read-padding
 *       for the reference's 16-byte loads (not required here: the dictionary is copied into padded
 *       heap arrays).</li>
 *   <li>Children: {@code [dict_offsets, codes, codes_offsets, uncompressed_lengths, validity?]} →
 *       {@code Primitive(dict_offsets_ptype, non-null)} × {@code dict_size + 1},
 *       {@code Primitive(codes_ptype, non-null)} × {@code codes_len} (token ids; the writer stores
 *       {@code u16}, often narrowed or bit-packed), {@code Primitive(codes_offsets_ptype, non-null)}
 *       × {@code length + 1}, {@code Primitive(uncompressed_lengths_ptype, non-null)} × {@code
 *       length}, {@code Bool(non-null)} × {@code length}.</li>
 * </ul>
 *
 * <p>Decoding follows the reference: the codes {@code [codes_offsets[0], codes_offsets[length])} are
 * expanded in one pass — token {@code t} is {@code dict_bytes[dict_offsets[t], dict_offsets[t+1])} —
 * into a buffer of {@code sum(uncompressed_lengths)} bytes, and row {@code i} is the next {@code
 * uncompressed_lengths[i]} bytes. Null rows carry length 0 and no codes in reference files; whatever
 * lengths a file gives them are honoured. The result is a {@link io.jvortex.array.VarBinArray} with
 * {@code i32} offsets, or {@code i64} when the total exceeds {@code 2^31 - 1} bytes.
 *
 * <p>Validation: {@code dict_offsets} non-decreasing within {@code dict_bytes}; every token that a
 * 16-bit code can reach (the first 65 536) at most 16 bytes, as the {@code onpair} crate's decoder
 * requires; the code range within the codes; every code below {@code min(dict_size, 65536)}; every
 * length in {@code 0..2^31-1}; the codes producing exactly the declared total — the kernel never
 * writes past {@code total + 16} bytes even when codes lie; for {@code utf8}, every valid row
 * well-formed UTF-8 (one pass over the output). Empty tokens are accepted: the reference writes an
 * all-null column as {@code rows - 1} empty tokens and no codes. The {@code onpair} crate's
 * conformance rules (non-empty, sorted, unique tokens, complete single-byte alphabet) matter for
 * search, not for decoding, and are not checked.
 *
 * <p>Writing: {@link io.jvortex.internal.encodings.onpair.OnPairEncoder} trains a dict-12 dictionary (pair
 * merging with an adaptive threshold over a seeded sample) and parses rows greedily;
 * {@link io.jvortex.internal.encodings.onpair.OnPairScheme} writes utf8 arrays in the 0.91 layout (metadata
 * fields 1, 3–7, dictionary padded with 16 zero bytes, integer children narrowed and cascaded), only
 * in editions that contain {@code vortex.onpair}.
 */
package io.jvortex.internal.encodings.onpair;
