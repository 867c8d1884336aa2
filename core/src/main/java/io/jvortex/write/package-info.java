/**
 * Internal: the writer's foundation. Serializes canonical arrays into flat segments
 * ({@code [pad][buffer 0]…[pad to 8][Array flatbuffer][u32 length]}, buffers in pre-order), writes
 * segments through a padding sink, serializes the {@code vortex.flat}/{@code vortex.chunked}/
 * {@code vortex.struct} layout tree, the dtype, footer and postscript blobs and the trailer.
 *
 * <p>Entry point for now: {@link io.jvortex.write.FileWriter#write}. Nothing here is public API; the
 * user-facing {@code VortexWriter} will be built on top. No compression yet: every array is written
 * in its canonical encoding ({@code vortex.primitive}, {@code vortex.bool}, {@code vortex.decimal},
 * {@code vortex.varbin}/{@code vortex.varbinview}, {@code vortex.struct}, {@code vortex.list}/
 * {@code vortex.listview}, {@code vortex.fixed_size_list}, {@code vortex.ext}, {@code vortex.null},
 * {@code vortex.constant}).
 */
package io.jvortex.write;
