/**
 * The encoding framework, both directions: the {@link io.jvortex.encoding.Encoding} contract and its
 * optional {@link io.jvortex.encoding.PointAccess} capability, the serialized array/node views and the
 * {@link io.jvortex.encoding.DecodeContext} (reading), the {@link io.jvortex.encoding.WriteNode} model,
 * the canonical encoder and scalar-value serialization (writing). It names no concrete encoding: each
 * lives in its own sub-package named after its id, and decoding finds children through an
 * {@link io.jvortex.encoding.EncodingLookup} that {@code io.jvortex.registry} implements.
 */
package io.jvortex.encoding;
