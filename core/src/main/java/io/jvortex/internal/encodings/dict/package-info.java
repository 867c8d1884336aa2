/**
 * {@code vortex.dict} (array form) — any dtype. Metadata: {@code DictMetadata{uint32 values_len = 1;
 * PType codes_ptype = 2; optional bool is_nullable_codes = 3; optional bool all_values_referenced =
 * 4}} ({@code is_nullable_codes} absent → the dtype's nullability; nullable codes require a nullable
 * dtype). Buffers: none. Children: <em>codes first</em>, {@code [codes, values]} → codes:
 * {@code Primitive(codes_ptype, codes nullability)} × length, every valid code
 * {@code < values_len} (checked); values: the array's dtype × {@code values_len}. Row {@code i} is
 * null when code {@code i} is null, else {@code values[codes[i]]} (which may itself be null).
 */
package io.jvortex.internal.encodings.dict;
