/**
 * {@code vortex.runend} — any dtype. Metadata: {@code RunEndMetadata{PType ends_ptype = 1; uint64
 * num_runs = 2; uint64 offset = 3}}. Buffers: none. Children: {@code [ends, values]} → ends:
 * {@code Primitive(ends_ptype)} unsigned non-nullable × {@code num_runs}; values: the array's dtype ×
 * {@code num_runs}. Ends are exclusive run ends in unsliced coordinates; row {@code i} takes
 * {@code values[r]} for the first run {@code r} with {@code ends[r] > offset + i} (nulls come from
 * the values' validity). Checked: ends non-decreasing (the writer emits strictly increasing ones;
 * an empty run is harmless), the last end at least {@code offset + length}, and no runs only when
 * the length is 0.
 */
package io.jvortex.internal.encodings.runend;
