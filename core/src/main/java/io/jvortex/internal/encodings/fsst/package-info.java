/**
 * {@code vortex.fsst} — strings ({@code utf8} or {@code binary}) compressed with FSST (Fast Static
 * Symbol Table): every row is a sequence of one-byte codes, each naming a symbol of 1–8 bytes or,
 * for code 255 (escape), announcing one literal byte.
 *
 * <ul>
 *   <li>Metadata: {@code FSSTMetadata { PType uncompressed_lengths_ptype = 1; PType
 *       codes_offsets_ptype = 2; }} (absent = {@code U8}); both must be integer types.</li>
 *   <li>Buffers, current form: {@code [symbols, symbol_lengths, codes]} — {@code symbols} holds
 *       {@code n} little-endian 8-byte words (symbol {@code c} is the first {@code
 *       symbol_lengths[c]} bytes of word {@code c}); {@code symbol_lengths} holds {@code n <= 255}
 *       bytes, each in {@code 1..8}; {@code codes} is the concatenated code bytes of all rows.</li>
 *   <li>Children, current form: {@code [uncompressed_lengths, codes_offsets, validity?]} →
 *       {@code Primitive(uncompressed_lengths_ptype, non-null)} × {@code length},
 *       {@code Primitive(codes_offsets_ptype, non-null)} × {@code length + 1}, {@code Bool(non-null)}
 *       × {@code length}.</li>
 *   <li>Legacy form (2 buffers {@code [symbols, symbol_lengths]}): children {@code [codes,
 *       uncompressed_lengths]}, where {@code codes} is a {@code vortex.varbin} of {@code binary} with
 *       the array's nullability, whose bytes are the codes, whose offsets delimit the rows and whose
 *       validity is the array's.</li>
 * </ul>
 *
 * <p>Decoding follows the reference: the code range {@code [codes_offsets[0],
 * codes_offsets[length])} is decompressed in one pass into a buffer of {@code sum(uncompressed_lengths)}
 * bytes, and row {@code i} is the next {@code uncompressed_lengths[i]} bytes. The reference writes
 * length 0 and no codes for null rows; whatever lengths a file gives null rows are honoured. The
 * result is a {@link io.jvortex.array.VarBinArray} with {@code i32} offsets, or {@code i64} when the
 * total exceeds {@code 2^31 - 1} bytes.
 *
 * <p>Validation: at most 255 symbols, {@code 8 × n} symbol bytes, every symbol length in {@code
 * 1..8} (the reference additionally requires the table's length ordering, which decoding does not
 * depend on, so it is not checked); the code range within the codes buffer; every length in {@code
 * 0..2^31-1}; every code naming a symbol; no trailing escape; the codes producing exactly the
 * declared total — the kernel never writes past {@code total + 8} bytes even when the codes lie;
 * for {@code utf8}, every valid row well-formed UTF-8 (one pass over the output).
 *
 * <p>Writing: {@link io.jvortex.internal.encodings.fsst.FsstEncoder} trains a table (the paper's five rounds
 * over a 16 KiB sample) and compresses rows; {@link io.jvortex.internal.encodings.fsst.FsstScheme} writes the
 * current 3-buffer form with narrowed, cascaded {@code uncompressed_lengths} and {@code
 * codes_offsets}, as the reference 0.91 writer does for utf8 and binary.
 */
package io.jvortex.internal.encodings.fsst;
