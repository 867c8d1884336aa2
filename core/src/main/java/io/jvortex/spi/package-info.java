/**
 * The encoding framework, both directions: the {@link io.jvortex.spi.Encoding} contract and its
 * optional {@link io.jvortex.spi.PointAccess} capability (with {@link io.jvortex.spi.PointRanges}: the
 * bytes a point access reads, planned in a {@link io.jvortex.spi.TakePlan}), the serialized array/node views and the
 * {@link io.jvortex.spi.DecodeContext} (reading), the {@link io.jvortex.spi.WriteNode} model,
 * the canonical encoder and scalar-value serialization (writing). It names no concrete encoding: each
 * lives in its own package {@code io.jvortex.internal.encodings.<name>}, and decoding finds children through an
 * {@link io.jvortex.spi.EncodingLookup} that {@code io.jvortex.registry} implements.
 */
package io.jvortex.spi;
