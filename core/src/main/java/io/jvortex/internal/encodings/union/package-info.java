/**
 * {@code vortex.union} — dtype Union (0.90+; in 0.91 an unstable encoding, in no core edition, and
 * not produced by the Python writer, which rejects Arrow unions). Metadata: empty. Buffers: none.
 * Children: {@code [type_ids, child_0, …, child_{k-1}]} → type_ids: u8 with the union's nullability ×
 * length (a null type id is a null row); child i: variant i's dtype × length (sparse: every child has a
 * row for every union row). Row {@code i} = {@code child_j[i]} where {@code j} is the index of
 * {@code type_ids[i]} among the dtype's declared type ids; an undeclared id is rejected.
 *
 * <p>No metadata record: the metadata is empty, so there is no message to share between reader and writer.
 */
package io.jvortex.internal.encodings.union;
