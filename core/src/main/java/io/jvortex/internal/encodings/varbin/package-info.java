/**
 * {@code vortex.varbin} — strings ({@code utf8}) or byte strings ({@code binary}) as offsets into
 * one byte buffer; the reference writes it for dictionary values and other offset-shaped strings.
 *
 * <ul>
 *   <li>Metadata: {@code VarBinMetadata { PType offsets_ptype = 1; }} (absent = {@code U8}); any
 *       integer type is accepted.</li>
 *   <li>Buffers: one, the concatenated bytes.</li>
 *   <li>Children: {@code [offsets, validity?]}: {@code offsets} as {@code Primitive(offsets_ptype,
 *       non-null)} of {@code length + 1} rows, decoded through the registry because the writer
 *       often compresses it (e.g. {@code vortex.sequence} for fixed-width strings); {@code validity}
 *       as {@code Bool(non-null)} of {@code length} rows.</li>
 *   <li>Row {@code i} is {@code bytes[offsets[i], offsets[i+1])}. Offsets need not start at 0.</li>
 * </ul>
 *
 * <p>Validation: offsets non-negative, non-decreasing and at most the buffer size; for {@code utf8}
 * every valid row is well-formed UTF-8 (the reference validates this on construction, and so do
 * we: a reader must not hand out invalid strings). Null rows are not inspected. The decoded
 * {@link io.jvortex.array.VarBinArray} shares the buffer and the offsets child (zero-copy).
 *
 * <p>This package also holds the helpers the other string encodings share: {@link
 * io.jvortex.internal.encodings.varbin.Offsets} (integer children, offsets, lengths) and {@link
 * io.jvortex.internal.encodings.varbin.Utf8} (validation).
 *
 * <p>Metadata record: {@link io.jvortex.internal.format.VarBinMetadata} (parse and serialize), in
 * {@code internal.format} because {@code io.jvortex.spi.CanonicalEncoder}, a layer below the encodings,
 * writes it too; {@code VarBinEncoding} and {@code VarBinScheme} use the same record.
 */
package io.jvortex.internal.encodings.varbin;
