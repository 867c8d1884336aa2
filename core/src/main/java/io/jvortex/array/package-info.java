/**
 * The canonical (decoded) array forms every encoding decodes to, and validity. These are the
 * physical vectors behind the public column views.
 *
 * <p>Dtype-generic operations over them, shared by the decoders: {@link io.jvortex.array.Take}
 * (gather by index, validating the indices), {@link io.jvortex.array.Concat} (row-wise
 * concatenation), {@link io.jvortex.array.Constant} (one scalar repeated),
 * {@link io.jvortex.array.Scatter} (overlay values at positions), with the helpers
 * {@link io.jvortex.array.BitBuffers}, {@link io.jvortex.array.Validities},
 * {@link io.jvortex.array.Offsets} and {@link io.jvortex.array.Canonicals}. They allocate through an
 * {@link io.jvortex.array.Allocator} (the decode context, which enforces the decoded-size budget),
 * trust their canonical inputs' invariants, and check every index they are given.
 */
package io.jvortex.array;
